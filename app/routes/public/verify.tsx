import { data, Form, Link, redirect } from "react-router";
import type { ReactNode } from "react";
import type { Route } from "./+types/verify";
import { appContext } from "../../context";
import { getDb } from "../../db/client.server";
import {
  canonicalCode,
  canonicalEditorCode,
  certificateSecret,
  matchCode,
  matchEditorCode,
  matchV1Code,
  parseCode,
  parseEditorCode,
  type ParsedEditorCode,
} from "../../documents/verification.server";
import { roleLabel } from "../../schemas/editor";
import { formatPeriod } from "../../documents/format.server";
import { journalToday, longDate } from "../../lib/dates";
import { formatPages } from "../../lib/pages";
import { readEditorVerification } from "../../models/certificates.server";
import { readVerifyPage } from "../../models/pages.server";
import type { JournalContext } from "../../models/journals.server";
import { Main } from "../../components/Main";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { articlePath, certificateFilePath, verifyPath } from "../../lib/urls";
import { volumeIssueLabel } from "../../lib/archive";
import { authorNames } from "../../lib/authors";
import { sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { VERIFY_MESSAGES, VERIFY_REGISTER_MESSAGES, VERIFY_V1_MESSAGES } from "../../schemas/reader-messages";

const INVALID = VERIFY_MESSAGES.invalid;

/** What a verified certificate (current or earlier) is about. */
type CertificateFactsOf = { articleUrl: string; titleHtml: string; journal: string; issue: string; pages: string; published: string; doi: string; refnumber: string };

type Outcome =
  | { state: "form"; code: string; message: string }
  | { state: "invalid"; code: string }
  | { state: "withdrawn"; code: string; author: string; titleHtml: string; refnumber: string; journal: string; earlierPosition?: number }
  | {
      /** A genuine code of the earlier, position-bound form (v1, ADR 015): the name cannot be confirmed. */
      state: "earlier";
      code: string;
      earlier: CertificateFactsOf & {
        position: number;
        /** Who stands at that position today, or null when the byline is now shorter. */
        currentAuthor: string | null;
        authorCount: number;
      };
    }
  | {
      state: "verified";
      code: string;
      verified: CertificateFactsOf & { author: string; position: number; authorCount: number; certificateUrl: string; firstIssued: string };
    }
  | {
      /** Registered as issued to a name the byline no longer holds: a correction, not a forgery (ADR 027). */
      state: "corrected";
      code: string;
      corrected: CertificateFactsOf & { printedName: string; firstIssued: string; position: number; currentAuthor: string | null; authorCount: number };
    }
  | {
      state: "editor";
      code: string;
      editor: { journal: string; printedName: string; role: string; issuedOn: string; firstIssued: string; currentName: string | null; listed: boolean };
    };

/**
 * /verify: a form to type a certificate ID in (it sends ?code=… here, answered by a redirect
 * to /verify/{code}). /verify/{code} confirms a certificate. An author's code carries the
 * refnumber and the author's position when issued plus a MAC over the author's printed name
 * (app/documents/verification.server.ts); every certificate the site issues is also in the
 * register (ADR 027). A malformed code is rejected without touching D1; a well-formed one costs
 * one round trip (the article and the register's row) and is:
 * - verified when its MAC matches one of the article's current authors (a byline reorder
 *   neither breaks nor transfers it);
 * - "corrected" when the register says it was issued to a name the byline no longer holds —
 *   the printed name, the date and today's name are shown: a correction, not a forgery;
 * - withdrawn (410) when its article is no longer published;
 * - "earlier" for a genuine v1 (position-bound) code printed before the name binding (ADR 015);
 * - otherwise not valid (404): never issued.
 * Editors' certificates (`E{id}-{date}-{MAC}`) are verified from the register, or by their MAC
 * against the editor's name today.
 */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { env, journal } = context.get(appContext);
  if (params.code === undefined) {
    const typed = new URL(request.url).searchParams.get("code");
    if (typed === null) return data<Outcome>({ state: "form", code: "", message: "" });
    const trimmed = typed.trim().slice(0, 80);
    if (!trimmed) return data<Outcome>({ state: "form", code: "", message: VERIFY_MESSAGES.empty }, { status: 400 });
    const parsed = parseCode(trimmed);
    const editorCode = parseEditorCode(trimmed);
    const canonical = editorCode ? canonicalEditorCode(editorCode) : parsed ? canonicalCode(parsed) : trimmed;
    throw redirect(verifyPath(encodeURIComponent(canonical)), 303);
  }
  const raw = params.code.slice(0, 80);
  const editorCode = parseEditorCode(raw);
  if (editorCode) return verifyEditorCertificate(env, journal, editorCode);
  const shown = parseCode(raw);
  const invalid = () => data<Outcome>({ state: "invalid", code: shown ? canonicalCode(shown) : raw }, { status: 404 });
  if (!shown) return invalid();
  const code = canonicalCode(shown);
  const { article, issued } = await readVerifyPage(getDb(env.DB), journal.id, shown.refnumber, code);
  const journalName = journal.settings.websitename || journal.name;
  const firstIssued = issued ? longDate(journalToday(journal.settings.timezone, new Date(issued.firstIssuedAt))) : "";
  if (!article) {
    // Registered, but the article is gone altogether: issued, and since withdrawn.
    if (issued) return data<Outcome>({ state: "withdrawn", code, author: issued.printedName, titleHtml: "", refnumber: issued.refnumber, journal: journalName }, { status: 410 });
    return invalid();
  }
  const authors = authorNames(article);
  const secret = certificateSecret(env);
  const index = await matchCode(secret, journal.id, shown, authors);
  // Not a current (name-bound) code nor a registered one: perhaps printed before the name binding.
  const earlier = index < 0 && !issued && (await matchV1Code(secret, journal.id, shown));
  if (index < 0 && !issued && !earlier) return invalid();
  const titleHtml = sanitizeHtml(article.title, TITLE_PROFILE);
  if (article.status !== "enabled") {
    const author = earlier ? "" : index >= 0 ? authors[index] : issued!.printedName;
    return data<Outcome>(
      { state: "withdrawn", code, author, titleHtml, refnumber: article.refnumber, journal: journalName, ...(earlier ? { earlierPosition: shown.position } : {}) },
      { status: 410 },
    );
  }
  const period = formatPeriod(article.frequency || article.issueFrequency || "");
  const facts: CertificateFactsOf = {
    titleHtml,
    refnumber: article.refnumber,
    issue: `${volumeIssueLabel(article, { long: true, digits: "plain" })}${period ? `, ${period}` : ""} ${article.year}`,
    pages: formatPages(article.pagenumber),
    published: longDate(article.publishdate),
    doi: article.doi,
    journal: journalName,
    articleUrl: articlePath(article),
  };
  if (earlier) {
    return data<Outcome>({
      state: "earlier",
      code,
      earlier: { ...facts, position: shown.position, currentAuthor: authors[shown.position - 1] ?? null, authorCount: authors.length },
    });
  }
  if (index < 0) {
    // Registered as issued to a name no current author bears: the byline was corrected since.
    const position = issued!.position || shown.position;
    return data<Outcome>({
      state: "corrected",
      code,
      corrected: { ...facts, printedName: issued!.printedName, firstIssued, position, currentAuthor: authors[position - 1] ?? null, authorCount: authors.length },
    });
  }
  return data<Outcome>({
    state: "verified",
    code,
    verified: {
      ...facts,
      author: authors[index],
      position: index + 1,
      authorCount: authors.length,
      certificateUrl: certificateFilePath(article.refnumber, index + 1),
      firstIssued,
    },
  });
}

/**
 * An editor's certificate of appreciation: registered when issued (the name, role and date it
 * prints); a code the register lacks is still genuine if its MAC matches the editor's name today.
 */
async function verifyEditorCertificate(env: Env, journal: JournalContext, parsed: ParsedEditorCode) {
  const code = canonicalEditorCode(parsed);
  const { issued, editor } = await readEditorVerification(getDb(env.DB), journal.id, parsed.editorId, code);
  const genuine = issued ? true : !!editor && (await matchEditorCode(certificateSecret(env), journal.id, parsed, editor.name));
  if (!genuine) return data<Outcome>({ state: "invalid", code }, { status: 404 });
  const printed = issued?.printedName ?? editor!.name.trim();
  return data<Outcome>({
    state: "editor",
    code,
    editor: {
      journal: journal.settings.websitename || journal.name,
      printedName: printed,
      role: issued?.role || roleLabel(editor!.category),
      issuedOn: longDate(issued?.issuedOn || parsed.issuedOn),
      firstIssued: issued ? longDate(journalToday(journal.settings.timezone, new Date(issued.firstIssuedAt))) : "",
      currentName: editor ? editor.name.trim() : null,
      listed: !!editor && editor.status === "enabled",
    },
  });
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const verified = loaderData?.state === "verified" || loaderData?.state === "earlier" || loaderData?.state === "corrected" || loaderData?.state === "editor";
  const title = verified ? "Certificate verified" : "Certificate verification";
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

/**
 * One answer of the verify page: its mark and badge (green for a genuine certificate, red
 * otherwise), its heading, then what it says.
 */
function Answer({ ok, mark, badge: label, heading, children }: { ok: boolean; mark: string; badge: string; heading: string; children: ReactNode }) {
  return (
    <Main className="content verify-page" labelledBy="verify-title">
      <p style={badge(ok)}>
        <span aria-hidden="true">{mark}</span> {label}
      </p>
      <h1 id="verify-title">{heading}</h1>
      {children}
    </Main>
  );
}

/** The links under an answer. */
function Actions({ children }: { children: ReactNode }) {
  return (
    <p className="button-row" style={{ marginTop: "1.2rem", display: "flex", gap: ".6rem", flexWrap: "wrap" }}>
      {children}
    </p>
  );
}

/** The form to type a certificate ID in (GET, so it works without JavaScript). */
function CodeForm({ code, message }: { code: string; message?: string }) {
  return (
    <Form method="get" action="/verify" className="verify-form" style={{ margin: "1.2rem 0" }}>
      <label htmlFor="verify-code">Certificate ID</label>
      <div style={{ display: "flex", gap: ".5rem", flexWrap: "wrap", marginTop: ".3rem" }}>
        <input
          id="verify-code"
          name="code"
          defaultValue={code}
          maxLength={80}
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="e.g. 48213-2-K7QH3M9XWA"
          aria-describedby={message ? "verify-code-error" : undefined}
          aria-invalid={message ? true : undefined}
          className="text-input verify-input"
        />
        <button type="submit" className="button">
          Verify
        </button>
      </div>
      {message ? (
        <p id="verify-code-error" className="field-error" role="alert">
          {message}
        </p>
      ) : null}
    </Form>
  );
}

export default function VerifyPage({ loaderData }: Route.ComponentProps) {
  const outcome = loaderData;
  const { code } = outcome;
  if (outcome.state === "form") {
    return (
      <Main className="content verify-page" labelledBy="verify-title">
        <h1 id="verify-title">Verify a certificate</h1>
        <p>
          Type the certificate ID printed under "Verify this certificate" on a certificate of publication (reference number, author number and
          ten letters and digits), or scan the certificate's QR code.
        </p>
        <CodeForm code={code} message={outcome.message} />
      </Main>
    );
  }
  if (outcome.state === "withdrawn") {
    return (
      <Answer ok={false} mark="!" badge="Withdrawn" heading={VERIFY_MESSAGES.withdrawn}>
        <p>
          {outcome.journal} issued certificate <code>{code}</code> to{" "}
          {outcome.earlierPosition ? `the author in position ${outcome.earlierPosition} of its byline` : <strong>{outcome.author}</strong>} for the article{" "}
          {outcome.titleHtml ? <q dangerouslySetInnerHTML={{ __html: outcome.titleHtml }} /> : null} (Ref. No. {outcome.refnumber}), which is no longer published.
        </p>
        <p>
          <Link to="/contact">Contact the journal</Link> for details.
        </p>
        <CodeForm code="" />
      </Answer>
    );
  }
  if (outcome.state === "invalid") {
    return (
      <Answer ok={false} mark="✕" badge="Not verified" heading={INVALID}>
        <p>
          The code <code>{code}</code> does not belong to a certificate issued by this journal. Check that it was copied
          exactly as printed under "Certificate ID" on the certificate (reference number, author number and ten letters and digits), or scan the
          certificate's QR code.
        </p>
        <p>
          <Link to="/archives">Browse the archives</Link> or <Link to="/contact">contact the journal</Link>.
        </p>
        <CodeForm code="" />
      </Answer>
    );
  }
  if (outcome.state === "earlier") return <EarlierCertificate code={code} e={outcome.earlier} />;
  if (outcome.state === "corrected") return <CorrectedCertificate code={code} c={outcome.corrected} />;
  if (outcome.state === "editor") return <EditorCertificate code={code} e={outcome.editor} />;
  const v = outcome.verified;
  return (
    <Answer ok mark="✓" badge="Verified" heading="Certificate of Publication verified">
      <p>
        {v.journal} confirms that this certificate was issued to <strong>{v.author}</strong>
        {v.authorCount > 1 ? ` (author ${v.position} of ${v.authorCount})` : ""} for the article below.
      </p>
      <CertificateFacts code={code} facts={v} author={v.author} firstIssued={v.firstIssued} />
      <Actions>
        <Link className="button secondary" to={v.articleUrl}>
          View the article
        </Link>
        <a className="button ghost" href={v.certificateUrl} download>
          Download this certificate
        </a>
      </Actions>
    </Answer>
  );
}

/** A registered certificate whose name the byline no longer holds: genuine, and the name was corrected since. */
function CorrectedCertificate({ code, c }: { code: string; c: Extract<Outcome, { state: "corrected" }>["corrected"] }) {
  const M = VERIFY_REGISTER_MESSAGES;
  return (
    <Answer ok mark="✓" badge={M.correctedBadge} heading={M.correctedHeading}>
      <p>
        {c.journal} {M.issuedTo} <strong>{c.printedName}</strong> {M.on} <strong>{c.firstIssued}</strong>.
      </p>
      <BylineToday byline={c} lead={M.bylineNow(c.position)} note={M.correction} none={M.bylineShorter(c.position, c.authorCount)} />
      <CertificateFacts code={code} facts={c} author={c.printedName} authorLabel="Name on the certificate" />
      <Actions>
        <Link className="button secondary" to={c.articleUrl}>
          View the article
        </Link>
        <Link className="button ghost" to="/contact">
          Contact the journal
        </Link>
      </Actions>
    </Answer>
  );
}

/** An editor's certificate of appreciation. */
function EditorCertificate({ code, e }: { code: string; e: Extract<Outcome, { state: "editor" }>["editor"] }) {
  const M = VERIFY_REGISTER_MESSAGES;
  const renamed = e.currentName !== null && e.currentName !== e.printedName;
  return (
    <Answer ok mark="✓" badge="Verified" heading={M.editorHeading}>
      <p>
        {e.journal} {M.editorIssuedTo} <strong>{e.printedName}</strong>, {e.role}, {M.on} <strong>{e.issuedOn}</strong>.
      </p>
      {renamed || !e.listed ? (
        <Caveat>
          {renamed ? (
            <p style={{ margin: 0 }}>
              {M.editorCorrected} <strong>{e.currentName}</strong>.
            </p>
          ) : null}
          {!e.listed ? <p style={{ margin: renamed ? ".4rem 0 0" : 0 }}>{M.editorGone}</p> : null}
        </Caveat>
      ) : null}
      <dl className="info-list" style={{ gridTemplateColumns: "minmax(0, 1fr)" }}>
        <Fact term="Name on the certificate">{e.printedName}</Fact>
        <Fact term="Role">{e.role}, Editorial Board of {e.journal}</Fact>
        <Fact term="Issued on">{e.issuedOn}</Fact>
        <Fact term="Certificate ID"><code>{code}</code></Fact>
      </dl>
      <Actions>
        <Link className="button secondary" to="/board">
          Editorial board
        </Link>
      </Actions>
    </Answer>
  );
}

/** A genuine earlier (v1) certificate: the article is confirmed, the printed name only by comparison. */
function EarlierCertificate({ code, e }: { code: string; e: Extract<Outcome, { state: "earlier" }>["earlier"] }) {
  return (
    <Answer ok mark="✓" badge={VERIFY_V1_MESSAGES.badge} heading={VERIFY_V1_MESSAGES.heading}>
      <p>{VERIFY_V1_MESSAGES.issued(e.journal, e.position)}</p>
      <p>{VERIFY_V1_MESSAGES.explain}</p>
      <BylineToday byline={e} lead={VERIFY_V1_MESSAGES.compare(e.position)} note={VERIFY_V1_MESSAGES.caveat} none={VERIFY_V1_MESSAGES.noAuthor(e.position, e.authorCount)} />
      <CertificateFacts code={code} facts={e} />
      <Actions>
        <Link className="button secondary" to={e.articleUrl}>
          View the article
        </Link>
        <Link className="button ghost" to="/contact">
          Contact the journal
        </Link>
      </Actions>
    </Answer>
  );
}

/** What a verified certificate (current or earlier) is about, with its ID: one list for both answers. */
/**
 * Who is at the certificate's byline position today, beside a certificate that named someone
 * else or that predates the register: `lead` introduces the name, `note` explains, `none` is
 * said when the byline is now shorter than the position.
 */
function BylineToday({ byline, lead, note, none }: { byline: { currentAuthor: string | null; position: number; authorCount: number }; lead: string; note: string; none: string }) {
  return (
    <Caveat>
      {byline.currentAuthor ? (
        <>
          <p style={{ margin: 0 }}>
            {lead} <strong>{byline.currentAuthor}</strong>
            {byline.authorCount > 1 ? ` (author ${byline.position} of ${byline.authorCount})` : ""}.
          </p>
          <p style={{ margin: ".4rem 0 0" }}>{note}</p>
        </>
      ) : (
        <p style={{ margin: 0 }}>{none}</p>
      )}
    </Caveat>
  );
}

/** One fact of a certificate (a term and its value) in the page's definition list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A note beside a verification that something has changed since the certificate was issued. */
function Caveat({ children }: { children: ReactNode }) {
  return (
    <div role="note" className="verify-caveat" style={{ borderLeft: "4px solid #b54708", background: "#fffaeb", padding: ".7rem 1rem", margin: "1rem 0" }}>
      {children}
    </div>
  );
}

function CertificateFacts({ code, facts, author, authorLabel = "Author", firstIssued }: { code: string; facts: CertificateFactsOf; author?: string; authorLabel?: string; firstIssued?: string }) {
  return (
    <dl className="info-list" style={{ gridTemplateColumns: "minmax(0, 1fr)" }}>
      {author ? (
        <Fact term={authorLabel}>{author}</Fact>
      ) : null}
      {firstIssued ? (
        <Fact term={VERIFY_REGISTER_MESSAGES.firstIssued}>{firstIssued}</Fact>
      ) : null}
      <Fact term="Article"><Link to={facts.articleUrl} dangerouslySetInnerHTML={{ __html: facts.titleHtml }} /></Fact>
      <Fact term="Published in">{facts.journal}, {facts.issue}</Fact>
      <Fact term="Pages">{facts.pages}</Fact>
      <Fact term="Published on">{facts.published}</Fact>
      {facts.doi ? (
        <Fact term="DOI"><a href={`https://doi.org/${facts.doi}`}>https://doi.org/{facts.doi}</a></Fact>
      ) : null}
      <Fact term="Reference number">{facts.refnumber}</Fact>
      <Fact term="Certificate ID"><code>{code}</code></Fact>
    </dl>
  );
}
