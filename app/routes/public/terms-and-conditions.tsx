import { Link } from "react-router";
import type { Route } from "./+types/terms-and-conditions";
import { appContext } from "../../context";
import { DocumentPage, JournalEmail, type DocumentSection } from "../../components/DocumentPage";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { pageMeta } from "../../lib/site";

export function loader({ context }: Route.LoaderArgs) {
  const s = context.get(appContext).journal.settings;
  return { siteName: s.websitename, publisher: s.publisher_name || s.websitename, email: s.websiteemail };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Terms and Conditions", (site) => `Terms for reading, using and publishing in ${site}.`);
}

export const ErrorBoundary = RouteErrorBoundary;

export default function TermsAndConditions({ loaderData }: Route.ComponentProps) {
  const { siteName, publisher, email } = loaderData;
  const mail = <JournalEmail email={email} />;
  const sections: DocumentSection[] = [
    {
      id: "acceptance",
      title: "Acceptance of these terms",
      body: (
        <p>
          These terms apply to everyone who visits the website of {siteName}, published by {publisher}, and to every
          author who submits a manuscript. By using the site or submitting a manuscript you accept them.
        </p>
      ),
    },
    {
      id: "use-of-content",
      title: "Use of published articles",
      body: (
        <p>
          Articles are open access under the Creative Commons Attribution 4.0 International licence (CC BY 4.0). You may
          read, download, copy, share and adapt them for any purpose, provided you credit the authors and the original
          publication in {siteName}. The site's design, logo and software are not covered by that licence.
        </p>
      ),
    },
    {
      id: "author-responsibilities",
      title: "Responsibilities of authors",
      body: (
        <>
          <p>By submitting a manuscript the authors confirm that:</p>
          <ul>
            <li>the work is original, has not been published before and is not under consideration elsewhere;</li>
            <li>all authors contributed to the work, approved the final version and agreed to its submission;</li>
            <li>the data are genuine, and sources, funding and conflicts of interest are disclosed;</li>
            <li>research on humans or animals had the required ethical approval and consent;</li>
            <li>they hold the rights to any figures or material they reproduce.</li>
          </ul>
          <p>
            These commitments are set out in the copyright agreement and authorship responsibility form that every author
            signs (see the <Link to="/instructions">instructions to authors</Link>).
          </p>
        </>
      ),
    },
    {
      id: "review-and-decisions",
      title: "Peer review and editorial decisions",
      body: (
        <p>
          Manuscripts are double-blind peer reviewed. Decisions to accept, request revision or reject are taken by the
          editors on the basis of the reviews and are final. Acceptance is never conditional on payment, and payment does
          not guarantee acceptance.
        </p>
      ),
    },
    {
      id: "fees-and-refunds",
      title: "Publication fees and refunds",
      body: (
        <p>
          The publication fee shown on the site is due only after acceptance. If an accepted article is withdrawn by the
          authors before it is published, the fee is refunded less any bank charges. Once an article has been published
          the fee is not refundable. Certificates, the cover page and the editorial page are issued after the fee has been
          received.
        </p>
      ),
    },
    {
      id: "corrections",
      title: "Corrections and retractions",
      body: (
        <p>
          Published articles are part of the permanent scholarly record and are not removed. Errors are corrected by a
          published correction; an article found to contain plagiarism, fabricated data or other serious misconduct is
          retracted with a notice explaining why.
        </p>
      ),
    },
    {
      id: "disclaimer",
      title: "Disclaimer",
      body: (
        <p>
          The opinions, data and conclusions in the articles are those of the authors and not of the editors or the
          publisher. We take care that the site is accurate and available, but we provide it as it is and cannot guarantee
          that it will always be free of errors or interruptions.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Limitation of liability",
      body: (
        <p>
          To the extent the law allows, the publisher is not liable for any loss arising from the use of the site or of
          the information published on it.
        </p>
      ),
    },
    {
      id: "links",
      title: "Links to other websites",
      body: (
        <p>
          Links to indexing services and other websites are provided for convenience; we are not responsible for their
          content or their privacy practices.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes and contact",
      body: (
        <p>
          We may change these terms from time to time; the version on this page applies. Questions about these terms:{" "}
          {mail}. See also our <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      ),
    },
  ];
  return <DocumentPage title="Terms and Conditions" updated="1 January 2026" sections={sections} />;
}
