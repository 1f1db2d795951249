import { data, Form, Link } from "react-router";
import type { Route } from "./+types/certificate";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { readCertificatePage } from "../../models/pages.server";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { issueTitle } from "../../lib/archive";
import { articleFileUrl, articlePath, certificateFilePath, certificatePdfFilename, coverPagePdfFilename, coverPagePdfPath, EDITORIAL_BOARD_PDF_FILENAME, EDITORIAL_BOARD_PDF_PATH } from "../../lib/urls";
import { authorNames } from "../../lib/authors";
import { sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { CERTIFICATE_PAGE_MESSAGES } from "../../schemas/reader-messages";

/**
 * /pdf?refno=…: the downloads an author receives after publication. Each author's certificate
 * is linked as /pdf/{ref}/certificate-{ref}-{n}.pdf (a name distinct per author, so downloads never overwrite each other);
 * cover page and board point at the PDF endpoints of the JSON API (/api/pdf/...). An unknown refno leaves the page empty
 * of downloads (spec §8) — it says so and how to find the article — with a 404 status so it is never indexed.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const refno = (new URL(request.url).searchParams.get("refno") ?? "").trim().slice(0, 64);
  if (!refno) return data({ article: null, refno }, { status: 404 });
  const a = await readCertificatePage(getDb(env.DB), journal.id, refno);
  if (!a) return data({ article: null, refno }, { status: 404 });
  return {
    refno,
    article: {
      id: a.id,
      refnumber: a.refnumber,
      titleHtml: sanitizeHtml(a.title, TITLE_PROFILE),
      issueText: issueTitle(a),
      url: articlePath(a),
      fileUrl: articleFileUrl(a),
      authors: authorNames(a),
    },
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const ref = loaderData?.article?.refnumber;
  return [
    { title: pageTitle(ref ? `Downloads for article ${ref}` : "Downloads", siteNameFromMatches(matches)) },
    { name: "robots", content: "noindex" },
  ];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const { article, refno } = loaderData;
  if (!article) {
    // Spec §8: a failed lookup leaves the page empty — no downloads — but a reader who mistyped a
    // number is told so, and how to find the article.
    return (
      <Main className="content certificate-page" labelledBy="downloads-title">
        <h1 id="downloads-title">{CERTIFICATE_PAGE_MESSAGES.heading(refno)}</h1>
        <p className="lead">{refno ? CERTIFICATE_PAGE_MESSAGES.notFound(refno) : CERTIFICATE_PAGE_MESSAGES.noRefno}</p>
        <p>{CERTIFICATE_PAGE_MESSAGES.howToFind}</p>
        <Form method="get" action="/pdf" className="refno-form">
          <label htmlFor="refno">Reference number</label>
          <div className="inline-field">
            <input id="refno" name="refno" className="text-input" defaultValue={refno} maxLength={64} required autoComplete="off" spellCheck={false} />
            <button type="submit" className="button">
              Show downloads
            </button>
          </div>
        </Form>
        <VerifyNote />
      </Main>
    );
  }
  return (
    <Main className="content certificate-page" labelledBy="downloads-title">
      <h1 id="downloads-title">Downloads</h1>
      <p className="certificate-article">
        <Link to={article.url}>
          <span dangerouslySetInnerHTML={{ __html: article.titleHtml }} />
        </Link>
        <span className="muted">
          {" "}
          · {article.issueText} · Ref. No. {article.refnumber}
        </span>
      </p>

      {article.fileUrl ? (
        <div className="download-group">
          <h2>Article</h2>
          <p className="button-row">
            <a className="button secondary" href={article.fileUrl} target="_blank" rel="noopener">
              View Article
            </a>
            <a className="button secondary" href={article.fileUrl} download={`${article.refnumber}.pdf`}>
              Download Article
            </a>
          </p>
        </div>
      ) : null}

      <div className="download-group">
        <h2>Certificates</h2>
        <ul className="button-list">
          {article.authors.map((name, index) => (
            <li key={`${index}-${name}`}>
              <a
                className="button"
                href={certificateFilePath(article.refnumber, index + 1)}
                download={certificatePdfFilename(article.refnumber, index + 1)}
              >
                Certificate: {name}
              </a>
            </li>
          ))}
        </ul>
      </div>

      <div className="download-group">
        <h2>Journal documents</h2>
        <p className="button-row">
          <a className="button ghost" href={coverPagePdfPath(article.id)} download={coverPagePdfFilename(article.id)}>
            Cover Page
          </a>
          <a className="button ghost" href={EDITORIAL_BOARD_PDF_PATH} download={EDITORIAL_BOARD_PDF_FILENAME}>
            Editorial Board
          </a>
        </p>
      </div>
      <VerifyNote />
    </Main>
  );
}

/** Where a certificate's ID is checked: otherwise only its QR code leads to /verify. */
function VerifyNote() {
  return (
    <p className="verify-note">
      {CERTIFICATE_PAGE_MESSAGES.verify} <Link to="/verify">Verify a certificate</Link>.
    </p>
  );
}
