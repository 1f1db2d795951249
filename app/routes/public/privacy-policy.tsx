import { Link } from "react-router";
import type { Route } from "./+types/privacy-policy";
import { appContext } from "../../context";
import { DocumentPage, JournalEmail, type DocumentSection } from "../../components/DocumentPage";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { pageMeta, publisherWithAddress } from "../../lib/site";

export function loader({ context }: Route.LoaderArgs) {
  const s = context.get(appContext).journal.settings;
  // "operated by {publisher}, {address}, the publisher of {site}": the name once, even when the
  // address begins with it; without a publisher name, the journal's publisher is not named.
  const operator = s.publisher_name.trim()
    ? `${publisherWithAddress(s.publisher_name, s.publisher_address)}, the publisher of ${s.websitename}`
    : [`the publisher of ${s.websitename}`, s.publisher_address.trim()].filter(Boolean).join(", ");
  return { operator, email: s.websiteemail };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Privacy Policy", (site) => `How ${site} collects, uses and protects personal information.`);
}

export const ErrorBoundary = RouteErrorBoundary;

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { operator, email } = loaderData;
  const mail = <JournalEmail email={email} />;
  const sections: DocumentSection[] = [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <p>
          This website is operated by {operator} ("we", "us"). We are responsible for the personal
          information described in this policy.
        </p>
      ),
    },
    {
      id: "what-we-collect",
      title: "Information we collect",
      body: (
        <>
          <p>We collect only what we need to publish scholarly articles and to run this website:</p>
          <ul>
            <li>
              <strong>Author information</strong> you send with a manuscript: names, affiliations, country, e-mail
              addresses and phone numbers of the authors.
            </li>
            <li>
              <strong>Payment details</strong>: the transaction reference and the amount of the publication fee. Card and
              bank details are handled by the payment provider and never reach us.
            </li>
            <li>
              <strong>Correspondence</strong>: e-mails and WhatsApp messages you send to the editorial office.
            </li>
            <li>
              <strong>Technical data</strong>: our servers record the address, browser type and pages requested for each
              visit, to keep the site secure and working.
            </li>
          </ul>
          <p>
            Reading the journal requires no account. We do not use advertising or tracking cookies; the only cookie this
            site sets is the sign-in cookie of the journal staff.
          </p>
        </>
      ),
    },
    {
      id: "how-we-use",
      title: "How we use it",
      body: (
        <ul>
          <li>to manage peer review, editing and publication of your manuscript;</li>
          <li>to issue certificates, cover pages and invoices, and to confirm payments;</li>
          <li>to answer your questions and tell you about the progress of your submission;</li>
          <li>to protect the site against abuse and to fix technical problems.</li>
        </ul>
      ),
    },
    {
      id: "what-we-publish",
      title: "What we publish",
      body: (
        <p>
          A published article shows the authors' names, affiliations and country, as is customary in scholarly
          publishing, and this information is sent to indexing services with the article's metadata. Authors' e-mail
          addresses and phone numbers are not shown on the article pages. Editors' names and affiliations appear on the
          editorial board page, with contact details only where the editor has agreed.
        </p>
      ),
    },
    {
      id: "sharing",
      title: "Sharing",
      body: (
        <p>
          We share manuscripts with reviewers in confidence for peer review, metadata with indexing and abstracting
          services, and payment references with our payment provider. We never sell or rent personal information and do
          not share it for marketing.
        </p>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <p>
          Published articles and the names in them are kept permanently as part of the scholarly record. Correspondence
          and payment records are kept for as long as needed for accounting and legal purposes, usually eight years.
          Server logs are deleted after 90 days.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      body: (
        <p>
          You may ask to see the personal information we hold about you, to correct it, or to delete information that we
          are not required to keep. Corrections to a published article follow our correction policy so that the scholarly
          record stays reliable. Write to {mail} and we will answer within 30 days.
        </p>
      ),
    },
    {
      id: "security",
      title: "Security",
      body: (
        <p>
          The site is served only over encrypted connections, staff accounts are protected by strong passwords, and
          access to unpublished manuscripts is limited to the editorial team and the assigned reviewers.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      body: (
        <p>
          We may update this policy when our practices change. The date at the top shows the latest version. See also
          our <Link to="/terms-and-conditions">terms and conditions</Link>.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      body: <p>Questions about this policy or your information: {mail}.</p>,
    },
  ];
  return <DocumentPage title="Privacy Policy" updated="1 January 2026" sections={sections} />;
}
