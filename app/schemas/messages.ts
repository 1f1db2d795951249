/**
 * Every message staff and readers are shown for a rule, in one place: spec §5 and §8 word for
 * word, and the wording of the checks this site adds. Forms, actions, the JSON API and the
 * browser code all take their texts from here — except the texts of the reader pages that the
 * browser renders itself (/verify, the certificate page), which are in reader-messages.ts so
 * that a reader's page does not download every staff message with them.
 */
// With extensions down this chain: the CLI (scripts/journal.ts) loads these statically, through
// app/lib/password-policy.ts, before its extensionless-import hook can help.
import { volumeIssueLabel } from "../lib/archive.ts";

export const FIELD_MESSAGES = {
  required: "This field is required",
  authorTooLong: "Author name should not exceed 50 words",
  authorChars: "Author name must contain only alphabets, spaces, commas, and periods",
  /** A character no font of the documents has (certificates would print a box). */
  unprintable: (ch: string) =>
    `The character “${ch}” (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}) cannot be printed on certificates and other documents: no font has it. Please use another character or spelling.`,
  refNumber: "Ref number must be a valid number",
  pageFormat: "Page number format must be like 1-6",
  /** The spec's wording, doubled 'The the' included. */
  pageAfterLast: (last: number) =>
    `The the first value of the page range should be one more than the last one. The last page was ${last}`,
  fileTooLarge: "File size exceeds the limit of 5 MB.",
  // Beyond spec §5: choices, formats and files the forms and the API check.
  chooseFrequency: "Choose a frequency from the list",
  chooseStatus: "Choose enabled or disabled",
  choosePaymentType: "Choose paid or free",
  chooseCategory: "Choose a category from the list",
  chooseTimeZone: "Choose a time zone from the list, e.g. Asia/Kolkata",
  date: "Enter a date as YYYY-MM-DD",
  doi: "Enter a DOI like 10.1234/journal.2025.001",
  webAddress: "Enter a web address starting with http:// or https://",
  httpsAddress: "Enter a web address starting with https://",
  volumeNumber: "Volume must be a number of 0 or more",
  issueNumber: "Issue must be a number of 0 or more",
  notAPdf: "This file is not a PDF. Choose a PDF file.",
  picture: "Choose a JPEG, PNG or WebP picture of at most 2 MB.",
  logo: "Choose a PNG or JPEG image of at most 2 MB.",
  /** A logo is decoded for every document, so its pixel count is capped too (a small file can be a huge image). */
  logoPixels: "Choose a logo of at most 4 megapixels (for example 2000 × 2000 px).",
  /** Text with NUL or another invisible control character (app/schemas/text.ts). */
  controlCharacter: (codePoint: string) =>
    `This text contains an invisible control character (${codePoint}) that cannot be saved. Delete it, or type the text again if it was pasted.`,
  /** The domain is the journal's primary web address; moving it is an operator's command. */
  domainIsPrimary: (primary: string) =>
    `The domain is this journal's primary web address, ${primary}. It changes with the web addresses (npm run journal -- hosts --primary), not here.`,
} as const;

/**
 * The authors as people (article form's author editor and the API's `authors`), the reference
 * list, the licence and the manuscript dates. Keys of the API's `fields` name the author by its
 * 0-based place: `authors[1].orcid`, `authors[0].affiliations[1].ror`.
 */
export const AUTHOR_MESSAGES = {
  malformed: "Send authors as a JSON array of {name, given, family, orcid, affiliations: [{name, ror, country}], email, corresponding}",
  tooMany: (max: number) => `At most ${max} authors`,
  nameRequired: "Enter the author's name as it is printed in the byline",
  comma: "One author per row: a comma separates two authors",
  familyRequired: "Enter the family name (surname); for a one-word name, the name itself",
  nameParts: "Use only letters, spaces, periods, hyphens and apostrophes, at most 60 characters",
  orcidFormat: "Enter the ORCID iD as 16 digits in four groups, e.g. 0000-0002-1825-0097 or https://orcid.org/0000-0002-1825-0097",
  orcidChecksum: (id: string) =>
    `The ORCID iD ${id} is not valid: its last character is a check digit that does not match the other 15. Copy the iD from the author's ORCID record.`,
  orcidTwice: (id: string) => `The ORCID iD ${id} is given to two authors`,
  email: "Enter an e-mail address, e.g. author@university.edu",
  tooManyAffiliations: (max: number) => `At most ${max} affiliations per author`,
  affiliationName: "Enter the institution's name",
  affiliationTooLong: "Keep the institution's name to at most 300 characters",
  rorFormat: "Enter a ROR ID like https://ror.org/03vek6s52: a 0, six letters or digits and two check digits",
  rorChecksum: (id: string) =>
    `The ROR ID ${id} is not valid: its last two digits do not match the rest. Copy it from the organisation's page on ror.org.`,
  country: "Keep the country to at most 100 characters",
  disagree: "The author names and the authors list differ: send one of them (authorname is made from authors)",
} as const;

export const REFERENCE_MESSAGES = {
  tooMany: (max: number) => `At most ${max} references`,
  tooLong: (n: number, max: number) => `Reference ${n} is longer than ${max} characters: is it several references run together?`,
} as const;

export const LICENSE_MESSAGES = {
  url: "Choose a Creative Commons licence or enter the licence's web address (https://…)",
} as const;

export const DATE_MESSAGES = {
  acceptedBeforeReceived: "The accepted date is before the received date",
  acceptedAfterPublished: "The accepted date is after the publish date",
  receivedAfterPublished: "The received date is after the publish date",
} as const;

/** Spec §4: what any 401 during admin work says before returning to the login page. */
export const SESSION_EXPIRED = "Session expired. Please login again.";

/** Server error codes (spec §8) → the text staff see. */
export const ERROR_TEXT: Record<string, string> = {
  invalid_credentials: "Invalid user and password",
  disabled: "User disabled",
  invalid_ip: "Invalid IP",
  duplicate_reference_number: "Duplicate reference number",
  duplicate_title: "Duplicate title",
  duplicate_txnid: "Transaction ID Already Used",
  invalid_txnid: "Invalid transaction id",
  invalid_pagenumber: "Invalid page number",
  unauthorized: SESSION_EXPIRED,
};

export const SOMETHING_WENT_WRONG = "Something went wrong";

/** The text staff see for a server error code (spec §8), 'Something went wrong' for any other. */
export function errorMessage(code: string | undefined | null): string {
  return (code && ERROR_TEXT[code]) || SOMETHING_WENT_WRONG;
}

/**
 * Spec §8 maps every other login failure to 'Something went wrong'; these say why underneath,
 * so staff know whether to wait or to call someone.
 */
export const LOGIN_DETAIL: Record<string, string> = {
  cross_site: "Sign in from this site's own sign-in page.",
  unsupported_media_type: "Sign in with the form on this page.",
  too_many_attempts: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  server_error: "The sign-in service did not answer. Please try again in a minute.",
  invalid_code: "That code is not valid: it is wrong, has expired, or was used already. Enter the current code from your app.",
  second_step_expired: "Signing in took too long. Enter your username and password again.",
};

/** Under 'Something went wrong' when a form came back with field errors. */
export const CHECK_FIELDS = "Check the highlighted fields.";

/** A form posted to the admin from another site (app/auth/cross-site.ts), answered 403. */
export const CROSS_SITE_FORM = "Forbidden: this form must be sent from the admin pages of this site.";

export const SUCCESS = {
  issueCreated: "Issue created successfully",
  editorCreated: "Editor created successfully",
  editorUpdated: "Editor updated successfully",
  settingsUpdated: "Settings updated successfully",
  listSorted: "List Sorted!",
} as const;

// ---- DOIs and the indexes (Crossref, DOAJ, JATS) ---------------------------------------------

/** The DOI settings, shown at their fields on the Settings form and answered in the API's 400. */
export const DOI_SETTING_MESSAGES = {
  prefix: "Enter the Crossref prefix: 10. followed by 4 to 9 digits, e.g. 10.12345",
  patternRequired: "Enter a suffix pattern, e.g. {slug}.{year}.v{volume}i{issue}.{refnumber}",
  patternUnknown: (names: string[]) =>
    `Unknown placeholder ${names.map((n) => `{${n}}`).join(", ")}: use {slug}, {year}, {volume}, {issue} or {refnumber}`,
  patternBrace: "Every { needs its } around a placeholder name, e.g. {refnumber}",
  patternRefnumber: "Include {refnumber}: it is what makes each article's DOI unique",
  patternChars: "Between the placeholders use only letters, digits and - . _ ; ( ) /",
  patternTooLong: "Keep the pattern to at most 100 characters",
  email: "Enter an e-mail address, e.g. doi@publisher.example",
  tooLong: (max: number) => `Keep this to at most ${max} characters`,
} as const;

/** Why an article cannot go into a Crossref or DOAJ file yet (listed per article). */
export const DEPOSIT_ARTICLE_PROBLEMS = {
  disabled: "not published on the site (the article is disabled)",
  noDoi: "no DOI",
  badDoi: (doi: string) => `the DOI ${doi} is not a valid DOI`,
  foreignDoi: (doi: string, prefix: string) => `the DOI ${doi} is not under the journal's prefix ${prefix}`,
  noPages: "no pages",
  noDate: "no publication date",
  noTitle: "no title",
  noAuthors: "no authors",
  badAuthor: (name: string) => `the author name "${name}" does not fit Crossref's name rules (at most 60 characters each for given names and surname)`,
  noPdf: "no PDF (DOAJ needs a full-text link)",
} as const;

/** What the journal's settings lack for a Crossref or DOAJ file. */
export const DEPOSIT_JOURNAL_PROBLEMS = {
  noPrefix: "no DOI prefix",
  noDepositorName: "no depositor name",
  noDepositorEmail: "no depositor e-mail",
  badDepositorEmail: "the depositor e-mail is not an e-mail address",
  noRegistrant: "no registrant",
  noTitle: "no site name (the journal title)",
  badIssn: (label: string, value: string) => `the ${label} "${value}" is not an ISSN like 1234-5678`,
  noIssn: "no ISSN or E-ISSN",
  host: (origin: string) =>
    `the journal's primary address ${origin} is not a public web address: DOAJ needs full-text links on the journal's own domain name, not on localhost, a reserved name (.test, .example, .invalid, .local) or an IP address`,
} as const;

/** Assigning DOIs from the issue table or the API. */
export const DOI_ASSIGN_MESSAGES = {
  notConfigured: "Set up DOIs first: enter the journal's DOI prefix and suffix pattern in Settings.",
  nothingToDo: "Every selected article already has a DOI: nothing was changed.",
  assigned: (n: number) => `${n} DOI${n === 1 ? "" : "s"} assigned`,
  kept: (n: number) => `${n} selected article${n === 1 ? "" : "s"} already had a DOI and ${n === 1 ? "was" : "were"} left unchanged.`,
  clash: "No DOI was assigned: some would repeat a DOI this journal already uses.",
  invalid: "No DOI was assigned: the suffix pattern gives a DOI that is not valid.",
} as const;

/** Crossref and DOAJ files refused until the listed articles are fixed. */
export const DEPOSIT_REFUSED = {
  crossref: "The Crossref file was not made: fix what is listed, then download it again.",
  doaj: "The DOAJ file was not made: fix what is listed, then download it again.",
  mixedIssues: "Select articles of one issue: a deposit file covers one issue.",
} as const;

/** A request body over its route's cap (app/http/body.ts), on pages that have no form message for it. */
export const BODY_TOO_LARGE = {
  title: "Request too large",
  text: "This request is larger than this address accepts. Nothing was saved.",
} as const;
/** A document or deposit selection over its body cap (the API's 413 message). */
export const SELECTION_TOO_LARGE = "The selection is too large";
/** A request the server could not read: malformed encoding in its path or body. */
export const BAD_REQUEST = {
  title: "Bad request",
  text: "This request could not be read: its address or form is malformed.",
} as const;

/** Document selections (index page, certificates, exports) and certificate downloads/verification. */
export const SELECTION_MESSAGES = {
  expectedJson: (noun: string, key: string) => `Send the selected ${noun} as JSON: {"${key}": [...]}`,
  malformedJson: (key: string) => `The request body is not valid JSON; send {"${key}": [...]}`,
  invalidShape: (noun: string, key: string) => `Send the selected ${noun} as {"${key}": [...]} or a JSON array`,
  invalidValue: (noun: string, shown: string) => `Not a valid ${noun.replace(/s$/, "")}: ${shown}`,
  empty: (noun: string) => `Select at least one of the ${noun}`,
  tooMany: (max: number, noun: string, got: number) => `Select at most ${max} ${noun} at a time (got ${got})`,
  /** The first 20 of them are named; the JSON answer carries all of them in `missing`. */
  unknownRefnumbers: (missing: readonly string[]) => `Unknown reference number(s): ${missing.slice(0, 20).join(", ")}`,
  unknownEditors: (missing: readonly (string | number)[]) => `Unknown editor id(s): ${missing.slice(0, 20).join(", ")}`,
  /** Certificates are made only for published (enabled) articles, as the public download. */
  notPublished: (list: string) => `No certificates were made: these articles are not published (disabled), so their certificates would not verify: ${list}`,
  /** A selection with some unpublished articles: the zip holds the others' certificates, and says which were left out. */
  leftOutHeading: (n: number) => `Certificates.zip was made without ${n} unpublished article${n === 1 ? "" : "s"}`,
  leftOut: (refnumbers: readonly string[]) =>
    `${refnumbers.length === 1 ? "This article is not published (disabled), so its certificates" : "These articles are not published (disabled), so their certificates"} would not verify: ${refnumbers.join(", ")}. The zip holds the certificates of the other selected articles.`,
  authorCount: (n: number) => `The article has ${n} author(s)`,
  missingCertificateSecret: "Certificates need CERTIFICATE_SECRET or JWT_SECRET to sign their verification codes",
} as const;

/** Signature and stamp images for certificates (Settings page and API). */
export const CERTIFICATE_IMAGE_MESSAGES = {
  invalid: "Choose a PNG image with a transparent background, of at most 2 MB.",
  tooManyPixels: "Choose an image of at most 4 megapixels (for example 2000 × 2000 px).",
  choose: "Choose an image first.",
  notChanged: "The image was not changed. Please try again.",
  updated: { signature: "Signature updated", stamp: "Stamp updated" },
  removed: { signature: "Signature removed", stamp: "Stamp removed" },
} as const;

/** New staff passwords (admin change-password page and `npm run admin-user`). */
export const PASSWORD_MESSAGES = {
  /** The hint under every new-password field (Account, set-password link). */
  hint: (min: number) => `At least ${min} characters; not a common password, and not containing your username or the journal's short name. A few unrelated words make a good one.`,
  tooShort: (min: number) => `Choose a password of at least ${min} characters.`,
  tooLong: (max: number) => `A password has at most ${max} characters.`,
  common: "This password is one of the most common passwords and is easy to guess. Please choose another.",
  containsUsername: "A password may not contain your username. Please choose another.",
  containsJournal: "A password may not contain the journal's short name. Please choose another.",
  mismatch: "The two new passwords differ. Please type the same new password twice.",
  wrongCurrent: "Your current password is not correct.",
  sameAsCurrent: "The new password is the same as the current one. Please choose another.",
  changed: "Password changed",
  changedDetail: "Your other sessions were signed out; this one continues.",
} as const;

/** Sessions (sign-out, sign-out everywhere). */
export const SESSION_MESSAGES = {
  signedOut: "You have been signed out.",
  signedOutEverywhere: "You have been signed out on every device.",
  draftRestored: "Your unsaved changes are back. Check them and save again.",
  reselectFile: (names: string) => `Choose ${names} again before saving: a browser cannot keep a chosen file while you sign in.`,
} as const;

/** Admin forms and lists: repeated submissions, confirmations, years of issues. */
export const ADMIN_UX_MESSAGES = {
  stillSaving: "This form is still being saved. Wait a moment, then reload the page to see the result.",
  fieldsNeedAttention: (n: number) =>
    n === 1 ? "One field needs attention — it is highlighted in red below." : `${n} fields need attention — they are highlighted in red below.`,
  removeLogoTitle: "Remove the logo?",
  removeLogoBody: "Readers will stop seeing the logo on every certificate and cover page from now on. You can upload it again later.",
  removeSignatureTitle: "Remove the signature?",
  removeSignatureBody: "Certificates downloaded from now on will show the signer's name on a blank line instead of the signature. You can upload it again later.",
  removeStampTitle: "Remove the stamp?",
  removeStampBody: "Certificates downloaded from now on will carry no stamp. You can upload it again later.",
  disableArticleTitle: "Disable this article?",
  disableArticleBody: "Readers will stop seeing this article: it leaves the issue page, search and the article's own page until it is enabled again.",
  disableEditorTitle: (name: string) => `Disable ${name}?`,
  disableEditorBody: "Readers will stop seeing this editor on the editorial board page and in the Editorial Board PDF until they are enabled again.",
} as const;

/** Versions and edit conflicts, the history, the corrections and unsaved changes (ADR 020, 021). */
export const RECORD_MESSAGES = {
  conflictTitle: "Someone else saved this while you were editing",
  conflictBody: "Nothing of yours was saved yet. Their changes are shown below beside what you typed, and what you typed is kept. Check the fields listed under “Changed on both sides”, then save again.",
  conflictSaveAgain: "Save again to store your version on top of theirs.",
  conflictTheirs: "Their value",
  conflictYours: "Your value",
  mergedWith: (people: string) => `Saved together with the changes ${people} made meanwhile (different fields: nothing was overwritten).`,
  staleRecord: "This was changed by someone else since you opened it. Reload the page to see the current version.",
  /** A list's switch or pin refused because `people` changed the same records (`what`) meanwhile. */
  listChangedMeanwhile: (people: string, what: string) =>
    `${people ? `${people} changed ${what} meanwhile. ` : ""}Nothing was changed: the list now shows the current state; try again if you still want to.`,
  issueUpdated: "Issue updated successfully",
  issueUpdatedDetail: "Its old address and its articles' old addresses now lead to the new ones.",
  issueDeleted: "Issue deleted",
  issueNotEmpty: (articles: number, trashed: number) =>
    articles
      ? `This issue has ${articles} article${articles === 1 ? "" : "s"}: only an empty issue can be deleted. Move ${articles === 1 ? "it" : "them"} to another issue or to the trash first.`
      : `This issue still has ${trashed} article${trashed === 1 ? "" : "s"} in the trash: only an empty issue can be deleted. Restore and move ${trashed === 1 ? "it" : "them"}, or wait until the trash is emptied.`,
  deleteIssueTitle: "Delete this issue?",
  deleteIssueBody: "The issue has no articles. It leaves the archive for good; you can add it again later.",
  issueYear: "Enter a year between 1900 and next year",
  sameIssue: "The article is in this issue already: choose another issue.",
  articleMoved: "Article moved",
  articleMovedDetail: "Its old address now leads to the new one; its DOI and ref number stay.",
  trashArticleTitle: "Move this article to the trash?",
  trashArticleBody: "It disappears from the site, the issue, search, feeds and OAI at once — unlike disabling, nothing of it stays public. It can be restored from the trash for 30 days; then it is deleted with its PDF.",
  articleTrashed: "Article moved to the trash",
  articleTrashedDetail: "Restore it from the trash within 30 days if this was a mistake.",
  articleRestored: "Article restored",
  inTrash: "This article is in the trash: restore it before changing it.",
  notInTrash: "This article is not in the trash.",
  trashExpired: "This article has been in the trash for more than 30 days and is being deleted: it can no longer be restored.",
  unsavedTitle: "Leave without saving?",
  unsavedBody: "You have changes on this page that are not saved. If you leave now, they are lost.",
  unsavedStay: "Stay on this page",
  unsavedLeave: "Leave and discard",
} as const;

// ---- Staff accounts, roles, two-factor sign-in, indexing partners ---------------------------

/** An editor refused an admin-only page or call (app/auth/permissions.ts): the page's 403 and the API's `message`. */
export const ROLE_MESSAGES = {
  forbiddenTitle: "Admins only",
  forbidden:
    "Only an admin of this journal can open settings and staff accounts. Your account is an editor's: ask an admin of this journal if something there needs changing.",
} as const;

/** Staff accounts (the Staff page, its API and `npm run admin-user`). */
export const STAFF_MESSAGES = {
  username: "Use 2–64 letters, digits, dots, hyphens, underscores or @ for a username, e.g. asha.menon",
  usernameTaken: (name: string) => `The username ${name} is taken in this journal. Choose another.`,
  name: "Enter the colleague's name as it should appear in the admin, e.g. Dr. Asha Menon (at most 100 characters).",
  role: "Choose admin or editor",
  status: "Choose enabled or disabled",
  notFound: "There is no such staff account in this journal.",
  self: "You cannot change your own role or disable your own account: ask another admin.",
  lastAdmin: "The journal needs at least one enabled admin: make another colleague an admin first.",
  disabledNoLink: "This account is disabled: enable it before making a set-password link.",
  created: (name: string) => `${name} was added`,
  createdDetail: "Copy the set-password link below and give it to them: it is shown only once and works for 24 hours.",
  linkMade: (name: string) => `A new set-password link for ${name}`,
  linkMadeDetail: "Copy it now: it is shown only once, works once and expires in 24 hours. Any earlier link no longer works.",
  roleChanged: (name: string, role: string) => `${name} is now ${role === "admin" ? "an admin" : "an editor"}`,
  enabled: (name: string) => `${name} can sign in again`,
  disabled: (name: string) => `${name} is disabled`,
  disabledDetail: "Their open sessions ended at once.",
  disableTitle: (name: string) => `Disable ${name}?`,
  disableBody: "They are signed out everywhere at once and cannot sign in until an admin enables the account again.",
  resetTitle: (name: string) => `Make a set-password link for ${name}?`,
  resetBody: "Any earlier link stops working. Their current password keeps working until they use the new link; using it signs them out everywhere.",
  twoFactorRequired: "Two-factor sign-in is now required for every staff member of this journal",
  twoFactorRequiredDetail: "Colleagues without it set it up on their Account page at their next sign-in.",
  twoFactorOptional: "Two-factor sign-in is optional again",
  twoFactorSelfFirst: "Set up two-factor sign-in for yourself first (Your account), then require it for everyone.",
  twoFactorResetTitle: (name: string) => `Turn off two-factor sign-in for ${name}?`,
  twoFactorResetBody: "Do this only for a colleague who lost their authenticator app and their recovery codes. They sign in with their password alone until they set it up again.",
  twoFactorReset: (name: string) => `Two-factor sign-in is off for ${name}`,
} as const;

/** The one-time set-password page. */
export const SET_PASSWORD_MESSAGES = {
  invalid: "This set-password link is not valid: it may have been used already, replaced by a newer one, or expired (links work for 24 hours). Ask an admin of this journal for a new link.",
  done: "Your password is set. Sign in with it now.",
} as const;

/** Two-factor sign-in (TOTP): the sign-in page, the Account page and the API's messages. */
export const TWO_FACTOR_MESSAGES = {
  codeNeeded: "Enter the 6-digit code from your authenticator app, or one of your recovery codes.",
  invalidCode: LOGIN_DETAIL.invalid_code,
  stepExpired: LOGIN_DETAIL.second_step_expired,
  setupRequired: "This journal requires two-factor sign-in. Set it up below to continue to the admin.",
  setupRequiredApi: "This journal requires two-factor sign-in: set it up on the Account page (/admin/account) before using the API.",
  enabled: "Two-factor sign-in is on",
  enabledDetail: "Keep the recovery codes below somewhere safe: each works once if you lose your phone. They are not shown again.",
  disabled: "Two-factor sign-in is off",
  recoveryRenewed: "New recovery codes",
  recoveryRenewedDetail: "Your earlier recovery codes no longer work. Keep these somewhere safe: they are not shown again.",
  recoveryUsed: (left: number) =>
    `You signed in with a recovery code; it cannot be used again. ${left === 0 ? "You have no recovery codes left: make new ones on your Account page now." : `${left} recovery code${left === 1 ? "" : "s"} left.`}`,
  noPending: "Start again: press “Set up two-factor sign-in”.",
  requiredCannotDisable: "This journal requires two-factor sign-in, so it cannot be turned off.",
} as const;

/** Indexing partners (admin screen and API). */
export const PARTNER_MESSAGES = {
  title: "Enter the index's name, e.g. Google Scholar (at most 200 characters).",
  sortnumber: "Enter a whole number of 0 or more for the position",
  image: "Choose a JPEG, PNG or WebP logo of at most 2 MB (at most 6000 px a side).",
  notFound: "There is no such indexing partner in this journal.",
  created: "Indexing partner added",
  updated: "Indexing partner updated",
  moved: (title: string, position: number, count: number) => `${title} moved to position ${position} of ${count}.`,
  orderSaved: "Order saved",
  disableTitle: (title: string) => `Disable ${title}?`,
  disableBody: "Readers will stop seeing this index on the Indexing page and in the sidebar until it is enabled again.",
  removeLogoTitle: "Remove the logo?",
  removeLogoBody: "Readers will see the index's name instead of its logo.",
} as const;

/** A request that failed as a whole (nothing to point at in the form): the flash's detail. */
export const FORM_MESSAGES = {
  unreadable: "The form could not be read. Please try again.",
  nothingSaved: "Nothing was saved. Please try again.",
  nothingSavedYet: "Nothing was saved. Please try again in a moment.",
  nothingChanged: "Nothing was changed. Please try again.",
} as const;

/** What a staff page or call answers when the thing its address names is not in this journal. */
export const NOT_FOUND_MESSAGES = {
  issue: "This issue does not exist in this journal.",
  issueToAddTo: "Create this issue on the Archives page first.",
  issueToAddToApi: "Create the issue first.",
  issueArticles: "This journal has no published articles in that issue",
  article: "There is no article with this number in this journal.",
  editor: "There is no editor with this number in this journal.",
  settings: "This journal has no settings yet.",
} as const;

/** Issues (Archives page, issue page, POST /api/admin/create-issue). */
export const ISSUE_MESSAGES = {
  exists: (i: { year: number; volume: number; issue: number }) => `${volumeIssueLabel(i, { long: true, digits: "plain" })} of ${i.year} already exists.`,
  ready: (i: { year: number; volume: number; issue: number }) => `${volumeIssueLabel(i, { long: true })} (${i.year}) is ready for articles.`,
  notCreated: "The issue was not created. Please try again.",
  gone: (i: { year: number; volume: number; issue: number }) => `${volumeIssueLabel(i, { long: true })} (${i.year}) is gone.`,
  cannotDelete: "This issue cannot be deleted",
  sameAsAnother: "Another issue of this journal already has that year, volume and number.",
  selectForDoi: "Select the articles that need a DOI, then press Assign DOIs.",
  doisNotSetUp: "DOIs are not set up yet",
  articlesGone: "Some selected articles are no longer in this journal. Reload the page and try again.",
  doiClash: (doi: string, refnumber: string, usedBy: { refnumber: string; title: string }) =>
    `${doi} (for ref. ${refnumber}) is already the DOI of ref. ${usedBy.refnumber} “${usedBy.title}”`,
  doiClashes: (list: string) => `${list}. Change the suffix pattern in Settings or edit those articles' DOIs.`,
} as const;

/** Editors: the list's switch and bulk pins (admin and API), and the add/edit forms. */
export const EDITOR_MESSAGES = {
  selectOne: "Select at least one editor first.",
  tooMany: (max: number) => `Select at most ${max} editors at a time.`,
  noneHere: "None of the selected editors belong to this journal.",
  notChangeable: "That editor could not be changed.",
  notSaved: "The editor could not be saved. Please try again.",
  changesNotSaved: "The changes could not be saved. Please try again.",
  pinned: (n: number, pinned: boolean) => `${n} ${n === 1 ? "editor" : "editors"} ${pinned ? "pinned to the top" : "unpinned"}.`,
} as const;

/** The indexing partners' order sent as a list of ids (POST /api/indexing/sort). */
export const PARTNER_ORDER_MESSAGES = {
  empty: 'Send the partners\' ids in their new order: {"ids": [3, 1, 2]}.',
  tooMany: (max: number) => `Send at most ${max} ids.`,
} as const;

/** The journal's logo (Settings). */
export const LOGO_MESSAGES = {
  choose: "Choose an image first.",
  notChanged: "The logo was not changed. Please try again.",
  updated: "Logo updated",
  removed: "Logo removed",
} as const;

/** JATS needs an ISSN: without one the journal offers none. */
export const JATS_UNAVAILABLE = (problem: string) => `JATS needs the journal's ISSN or E-ISSN (Settings): ${problem}`;
