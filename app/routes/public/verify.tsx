import { data, Link } from "react-router";
import type { Route } from "./+types/verify";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import { canonicalCode, certificateSecret, checkCode, parseCode } from "../../documents/verification.server";
import { formatPeriod } from "../../documents/format.server";
import { longDate } from "../../lib/dates";
import { formatPages } from "../../lib/pages";
import { readVerifyPage } from "../../models/pages.server";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { articlePath, certificatePdfPath } from "../../lib/urls";
import { splitAuthors } from "../../lib/names";
import { sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

const INVALID = "This verification code is not valid for this journal.";

/**
 * /verify/{code}: confirms a certificate of publication. The code carries the refnumber and
 * the author's position plus a MAC (app/documents/verification.server.ts), so a forged or
 * mistyped code is rejected without touching D1; a genuine one costs one query.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  const raw = (params.code ?? "").slice(0, 80);
  const shown = parseCode(raw);
  const invalid = () => data({ verified: null, code: shown ? canonicalCode(shown) : raw }, { status: 404 });
  const genuine = await checkCode(certificateSecret(env), journal.id, raw);
  if (!genuine) return invalid();
  const article = await readVerifyPage(getDb(env.DB), journal.id, genuine.refnumber);
  const authors = article ? splitAuthors(article.authorname) : [];
  if (!article || genuine.position > authors.length) return invalid();
  const period = formatPeriod(article.frequency || article.issueFrequency || "");
  return {
    code: `${genuine.refnumber}-${genuine.position}-${shown!.mac}`,
    verified: {
      author: authors[genuine.position - 1],
      position: genuine.position,
      authorCount: authors.length,
      titleHtml: sanitizeHtml(article.title, TITLE_PROFILE),
      refnumber: article.refnumber,
      issue: `Volume ${article.volume}, Issue ${article.issue}${period ? `, ${period}` : ""} ${article.year}`,
      pages: formatPages(article.pagenumber),
      published: longDate(article.publishdate),
      journal: journal.settings.websitename || journal.name,
      articleUrl: articlePath(article),
      certificateUrl: certificatePdfPath(article.refnumber, genuine.position),
    },
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const title = loaderData?.verified ? "Certificate verified" : "Certificate verification";
  return [{ title: pageTitle(title, siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

const badge = (ok: boolean) =>
  ({
    display: "inline-flex",
    alignItems: "center",
    gap: ".45rem",
    padding: ".3rem .8rem",
    borderRadius: "99px",
    fontWeight: 700,
    background: ok ? "#e7f3ec" : "#fdecea",
    color: ok ? "#1c7c3a" : "#b42318",
  }) as const;

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  const { verified, code } = loaderData;
  if (!verified) {
    return (
      <Main className="content verify-page" labelledBy="verify-title">
        <p style={badge(false)}>
          <span aria-hidden="true">✕</span> Not verified
        </p>
        <h1 id="verify-title">{INVALID}</h1>
        <p>
          The code <code>{code}</code> does not belong to a certificate issued by this journal. Check that it was copied
          exactly as printed under "Certificate ID" on the certificate (reference number, author number and ten letters and digits), or scan the
          certificate's QR code.
        </p>
        <p>
          <Link to="/archives">Browse the archives</Link> or <Link to="/contact">contact the journal</Link>.
        </p>
      </Main>
    );
  }
  const v = verified;
  return (
    <Main className="content verify-page" labelledBy="verify-title">
      <p style={badge(true)}>
        <span aria-hidden="true">✓</span> Verified
      </p>
      <h1 id="verify-title">Certificate of Publication verified</h1>
      <p>
        {v.journal} confirms that this certificate was issued to <strong>{v.author}</strong>
        {v.authorCount > 1 ? ` (author ${v.position} of ${v.authorCount})` : ""} for the article below.
      </p>
      <dl className="info-list" style={{ gridTemplateColumns: "minmax(0, 1fr)" }}>
        <div>
          <dt>Author</dt>
          <dd>{v.author}</dd>
        </div>
        <div>
          <dt>Article</dt>
          <dd>
            <Link to={v.articleUrl} dangerouslySetInnerHTML={{ __html: v.titleHtml }} />
          </dd>
        </div>
        <div>
          <dt>Published in</dt>
          <dd>
            {v.journal}, {v.issue}
          </dd>
        </div>
        <div>
          <dt>Pages</dt>
          <dd>{v.pages}</dd>
        </div>
        <div>
          <dt>Published on</dt>
          <dd>{v.published}</dd>
        </div>
        <div>
          <dt>Reference number</dt>
          <dd>{v.refnumber}</dd>
        </div>
        <div>
          <dt>Certificate ID</dt>
          <dd>
            <code>{code}</code>
          </dd>
        </div>
      </dl>
      <p className="button-row" style={{ marginTop: "1.2rem", display: "flex", gap: ".6rem", flexWrap: "wrap" }}>
        <Link className="button secondary" to={v.articleUrl}>
          View the article
        </Link>
        <a className="button ghost" href={v.certificateUrl} download>
          Download this certificate
        </a>
      </p>
    </Main>
  );
}
