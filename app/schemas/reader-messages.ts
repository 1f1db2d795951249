/**
 * The texts of the reader pages that the browser renders (/verify and the certificate page):
 * their own module, so a reader's page downloads these and not every staff message in
 * messages.ts, which the staff pages' scripts share.
 */

/** The public /verify page. */
export const VERIFY_MESSAGES = {
  invalid: "This verification code is not valid for this journal.",
  withdrawn: "This certificate was issued by this journal, but the article has since been withdrawn.",
  empty: "Type the certificate ID printed on the certificate.",
} as const;

/**
 * The certificate page (/pdf?refno=…) when its lookup fails: the spec keeps it empty of
 * downloads, so it says so in words and how to find the article instead.
 */
export const CERTIFICATE_PAGE_MESSAGES = {
  heading: (refno: string) => (refno ? "No article found" : "Find your certificates"),
  notFound: (refno: string) => `No published article has the reference number ${refno}, so there are no certificates to download.`,
  noRefno: "Type the reference number of your article to see its certificates and cover page.",
  howToFind:
    "Check the number in the journal's e-mail and type it below, or find your article with the search box above (by its title or an author's name) and open its “Certificates and cover page” link.",
  verify: "Each certificate carries an ID and a QR code that anyone can check:",
} as const;

/** /verify for a certificate issued before codes were bound to names (v1, ADR 015). */
export const VERIFY_V1_MESSAGES = {
  heading: "Certificate of Publication verified (earlier certificate)",
  badge: "Verified — earlier certificate",
  issued: (journal: string, position: number) =>
    `${journal} issued this certificate for the article below, to the author in position ${position} of its byline.`,
  explain:
    "It is an earlier certificate, identified by the author's position in the byline rather than by name, so this page cannot confirm the name printed on it.",
  compare: (position: number) => `The author in position ${position} of the byline today is`,
  caveat:
    "Compare this with the name printed on the certificate. If they differ, the byline may have been corrected since the certificate was issued: contact the journal before relying on it.",
  noAuthor: (position: number, count: number) =>
    `The byline now lists ${count} author${count === 1 ? "" : "s"}, so no author stands in position ${position} today: the byline has been corrected since the certificate was issued. Contact the journal before relying on it.`,
} as const;

/**
 * /verify answers that rest on the register of issued certificates (ADR 027): a certificate
 * whose name was corrected after it was issued, and editors' certificates of appreciation.
 */
export const VERIFY_REGISTER_MESSAGES = {
  correctedHeading: "Certificate of Publication verified — the byline has since been corrected",
  correctedBadge: "Verified — byline corrected since",
  /** "{journal} issued this certificate to <b>{printed name}</b> on <b>{date}</b>." */
  issuedTo: "issued this certificate to",
  on: "on",
  bylineNow: (position: number) => `The byline now reads, in position ${position}:`,
  correction:
    "The byline was corrected after this certificate was issued: this is a correction, not a forgery. The certificate is genuine and was issued to the name above; the journal can issue one with the corrected name.",
  bylineShorter: (position: number, count: number) =>
    `The byline now lists ${count} author${count === 1 ? "" : "s"}, so no author stands in position ${position} today: it has been corrected since the certificate was issued. It is a genuine certificate of this journal, not a forgery.`,
  firstIssued: "First issued on",
  editorHeading: "Certificate of Appreciation verified",
  /** "{journal} issued this certificate of appreciation to <b>{name}</b>, {role}, on <b>{date}</b>." */
  editorIssuedTo: "issued this certificate of appreciation to",
  editorCorrected: "The editor's name has been corrected since this certificate was issued. The editorial board now lists them as",
  editorGone: "This editor is no longer listed on the editorial board; the certificate was genuinely issued by this journal.",
} as const;
