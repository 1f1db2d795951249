import { Link } from "react-router";
import type { Route } from "./+types/instructions";
import { appContext } from "../../context";
import { DocumentPage, JournalEmail, type DocumentSection } from "../../components/DocumentPage";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { enquiryChatLink, pageMeta } from "../../lib/site";
import { SideChat } from "../../components/SideChat";
import { COPYRIGHT_FORM_URL } from "../../lib/urls";

export function loader({ context }: Route.LoaderArgs) {
  const s = context.get(appContext).journal.settings;
  return {
    siteName: s.websitename,
    email: s.websiteemail,
    feeRupee: s.fee_rupee,
    feeDollar: s.fee_dollar,
    whatsapp: s.whatsup_number,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(
    matches,
    "Instructions to Authors",
    (site) => `How to prepare and submit a manuscript to ${site}: format, structure, references, fees, peer review, plagiarism screening, open access and copyright.`,
  );
}

export const ErrorBoundary = RouteErrorBoundary;

export default function Instructions({ loaderData }: Route.ComponentProps) {
  const { siteName, email, feeRupee, feeDollar, whatsapp } = loaderData;
  const mail = <JournalEmail email={email} />;
  const sections: DocumentSection[] = [
    {
      id: "submission",
      title: "Submission of manuscripts",
      body: (
        <>
          <p>
            Send your manuscript as an e-mail attachment to {mail}. Manuscripts are received only by e-mail; there is no
            online submission form. Please mention the title of the article and the name of the corresponding author in the
            subject line.
          </p>
          <p>
            Every submission is acknowledged within two working days. If you do not hear from us, write again or contact
            us through the <Link to="/contact">contact page</Link>.
          </p>
        </>
      ),
    },
    {
      id: "format",
      title: "File format",
      body: (
        <>
          <p>
            Manuscripts are accepted in <strong>Microsoft Word format only</strong> (.doc or .docx). PDF, LaTeX, scanned
            or image files are not accepted, because the editors and the typesetters work on the Word file.
          </p>
          <ul>
            <li>Page size A4, single column, 1.5 line spacing, 2.5 cm margins.</li>
            <li>Times New Roman, 12 pt for the text and 10 pt for tables.</li>
            <li>Scientific names of plants, animals and micro-organisms in italics.</li>
            <li>SI units throughout; tables and figures numbered and cited in the text.</li>
            <li>Figures embedded in the Word file at a resolution of at least 300 dpi.</li>
          </ul>
        </>
      ),
    },
    {
      id: "copyright-form",
      title: "Copyright form",
      body: (
        <>
          <p>
            Every manuscript must be accompanied by the Copyright Agreement and Authorship Responsibility form, signed by
            all authors. Download the form, fill it in, sign it and e-mail a scanned copy together with your manuscript.
          </p>
          <p>
            <a className="button secondary" href={COPYRIGHT_FORM_URL} download>
              Download the copyright form (Word)
            </a>
          </p>
        </>
      ),
    },
    {
      id: "fees",
      title: "Publication fee",
      body: (
        <>
          <p>
            {siteName} charges a one-time publication fee to cover peer review management, typesetting, online hosting,
            indexing and archiving. The fee is requested only after the manuscript has been accepted; there is no
            submission fee.
          </p>
          <table className="fee-table">
            <caption className="visually-hidden">Publication fee by country of the authors</caption>
            <thead>
              <tr>
                <th scope="col">Authors from</th>
                <th scope="col">Publication fee</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">India</th>
                <td>{feeRupee || "On request"}</td>
              </tr>
              <tr>
                <th scope="row">Other countries</th>
                <td>{feeDollar || "On request"}</td>
              </tr>
            </tbody>
          </table>
          <p>
            After paying, send the payment receipt to {mail}. The abstract link, the article PDF, the certificates, the
            editorial page and the cover page are sent within 5 days.
          </p>
        </>
      ),
    },
    {
      id: "structure",
      title: "Structure of the article",
      body: (
        <>
          <p>Arrange the manuscript in the following order:</p>
          <ol>
            <li>
              <strong>Title</strong>: concise and informative, in sentence case.
            </li>
            <li>
              <strong>Authors</strong>: full names of <strong>at most 5 authors</strong>, with their affiliations; mark
              the corresponding author and give his or her e-mail address and phone number.
            </li>
            <li>
              <strong>Abstract</strong>: one paragraph of 200 to 300 words stating the aim, methods, main results and
              conclusion.
            </li>
            <li>
              <strong>Keywords</strong>: four to six, in alphabetical order.
            </li>
            <li>
              <strong>Introduction</strong>, <strong>Materials and Methods</strong>, <strong>Results and Discussion</strong>{" "}
              and <strong>Conclusion</strong>.
            </li>
            <li>
              <strong>Acknowledgement</strong> (optional) and a statement of any conflict of interest.
            </li>
            <li>
              <strong>References</strong>: <strong>at most 50 references</strong>, in the format described below.
            </li>
          </ol>
          <p>Review articles may combine the middle sections under suitable headings; the limits on authors and references apply to all articles.</p>
        </>
      ),
    },
    {
      id: "references",
      title: "Reference format",
      body: (
        <>
          <p>
            Cite references in the text by the authors' surnames and the year, for example (Sharma and Verma, 2023) or
            (Patel <em>et al.</em>, 2021) for three or more authors. List them at the end in alphabetical order of the first
            author's surname:
          </p>
          <ul className="reference-examples">
            <li>
              <strong>Journal article:</strong> Sharma A, Verma R. Effect of sowing date on yield of wheat. Journal of
              Crop Science. 2023;12(2):45-52.
            </li>
            <li>
              <strong>Book:</strong> Patel SK. Principles of Soil Fertility. 3rd ed. New Delhi: Agri Press; 2020. p. 112-130.
            </li>
            <li>
              <strong>Chapter in a book:</strong> Nair P. Integrated pest management. In: Rao K, editor. Advances in
              Entomology. Hyderabad: Scientific Publishers; 2019. p. 201-219.
            </li>
            <li>
              <strong>Thesis:</strong> Gupta N. Genetic variability in chickpea [Ph.D. thesis]. Jaipur: University of
              Rajasthan; 2018.
            </li>
            <li>
              <strong>Web page:</strong> Food and Agriculture Organization. FAOSTAT crop statistics. Available from:
              https://www.fao.org/faostat (accessed 15 January 2025).
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "peer-review",
      title: "Peer review",
      body: (
        <p>
          Every manuscript is first checked by the editors for scope and completeness and then sent for{" "}
          <strong>double-blind peer review</strong>: the reviewers do not know who the authors are and the authors do not
          know who the reviewers are. Remove names and affiliations from the file sent for review. The editors decide on
          the basis of the reviewers' reports; authors receive the comments and revise the manuscript where asked.
        </p>
      ),
    },
    {
      id: "plagiarism",
      title: "Plagiarism screening",
      body: (
        <p>
          All manuscripts are screened for plagiarism with similarity-checking software before review. A manuscript with
          substantial overlap with published work (a similarity index above 20 %, excluding references and quoted
          methods) is returned to the authors. Duplicate submission, self-plagiarism, fabricated data and manipulated
          images lead to rejection or, after publication, retraction.
        </p>
      ),
    },
    {
      id: "open-access",
      title: "Open access",
      body: (
        <p>
          {siteName} is an <strong>open-access</strong> journal: every article is free to read, download, print and
          share from the day it is published, without registration or subscription. Articles are published under the
          Creative Commons Attribution 4.0 International licence (CC BY 4.0), which allows reuse with proper credit to
          the authors and the journal.
        </p>
      ),
    },
    {
      id: "copyright",
      title: "Copyright",
      body: (
        <p>
          <strong>Authors retain the copyright</strong> of their articles. By signing the copyright form the authors
          grant {siteName} the non-exclusive right to publish the article, to include it in indexing and archiving
          services and to distribute it under the licence above. Authors may deposit the published version in
          institutional repositories and share it freely, citing the original publication.
        </p>
      ),
    },
  ];
  const chat = enquiryChatLink(whatsapp, siteName);
  return (
    <DocumentPage
      title="Instructions to Authors"
      lead={
        <p>
          Please read these instructions before submitting a manuscript to {siteName}. Manuscripts that do not follow
          them are returned to the authors before review.
        </p>
      }
      sections={sections}
      aside={
        <>
          <section className="side-card submit-card">
            <h2>SUBMIT YOUR ARTICLE</h2>
            <p>Send your manuscript to</p>
            <p>{mail}</p>
          </section>
          <section className="side-card">
            <h2>Copyright form</h2>
            <p>
              <a href={COPYRIGHT_FORM_URL} download>
                CopyrightAgreementAndAuthorshipResponsibility.doc
              </a>
            </p>
          </section>
          <SideChat href={chat} />
        </>
      }
    />
  );
}
