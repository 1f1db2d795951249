/**
 * The OAI-PMH 2.0 protocol, apart from HTTP and storage: the verbs and their arguments, the
 * lexical rules, the metadata formats and records (oai_dc, and jats: JATS 1.3 front matter, the
 * same <article> as /archives/{y}/{v}/{i}/{ref}.jats.xml, when the journal has an ISSN, which
 * the JATS tag set requires), stateless resumption tokens (the query, the format and the last id
 * seen) and the protocol's errors. workers/oai.ts answers the requests with it.
 */
import type { Article } from "../app/lib/article";
import { authorsOf } from "../app/lib/authors";
import { htmlToText } from "../app/lib/html";
import { escapeXml } from "../app/lib/xml";
import { creatorNames, keywordList, languageCodes } from "../app/lib/citation/scholarly-meta";
import { absoluteUrl, articleFileUrl, articlePath, doiUrl } from "../app/lib/urls";
import { volumeIssueLabel } from "../app/lib/archive";
import { exportableDoi } from "../app/lib/doi";
import { articleLicense } from "../app/lib/licenses";
import { JATS_OAI_NAMESPACE, jatsArticleElement, jatsAvailable } from "../app/documents/jats.server";
import { depositJournal } from "../app/documents/metadata.server";
import { oaiIdentifier } from "../app/lib/identity";
import type { JournalContext } from "../app/models/journals.server";

const VERBS = ["Identify", "ListMetadataFormats", "ListSets", "ListIdentifiers", "ListRecords", "GetRecord"] as const;
export type Verb = (typeof VERBS)[number];

const ALLOWED: Record<Verb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ["identifier"] },
  ListSets: { required: [], optional: [], exclusive: "resumptionToken" },
  ListIdentifiers: { required: ["metadataPrefix"], optional: ["from", "until", "set"], exclusive: "resumptionToken" },
  ListRecords: { required: ["metadataPrefix"], optional: ["from", "until", "set"], exclusive: "resumptionToken" },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [] },
};

/**
 * The metadata formats. OAI-PMH's schema admits in <metadata> only elements of a declared
 * namespace other than its own, and the JATS XSD declares none; so the records' <article> is
 * put in the namespace announced here (as PMC's OAI service does for JATS), its content exactly
 * the JATS 1.3 of the .jats.xml file (docs/decisions/029-oai-jats-namespace.md).
 */
const FORMATS = {
  oai_dc: {
    schema: "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
    namespace: "http://www.openarchives.org/OAI/2.0/oai_dc/",
  },
  jats: {
    schema: "https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3-mathml3.xsd",
    namespace: JATS_OAI_NAMESPACE,
  },
} as const;
type Format = keyof typeof FORMATS;

/** The formats this journal disseminates: JATS only with an ISSN. */
function formatsOf(journal: JournalContext): Format[] {
  return jatsAvailable(depositJournal(journal)) ? ["oai_dc", "jats"] : ["oai_dc"];
}

/** The requested format, or cannotDisseminateFormat. */
export function formatOf(journal: JournalContext, prefix: string | undefined): Format {
  const formats = formatsOf(journal);
  if (prefix && (formats as string[]).includes(prefix)) return prefix as Format;
  throw new OaiError("cannotDisseminateFormat", `This repository disseminates ${formats.join(" and ")} only.`);
}

export class OaiError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

function nowStamp(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
}

function datestamp(value: string): string {
  const d = new Date(value);
  return (Number.isNaN(d.getTime()) ? new Date(0) : d).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * The protocol's two granularities, as real calendar dates: Date() silently rolls 2025-02-30
 * over to March and accepts 24:00:00, and XML Schema has no year 0000, so each value must
 * survive a round trip unchanged.
 */
function utcGranularity(value: string): "day" | "second" | null {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (!day && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) return null;
  if (value.startsWith("0000")) return null;
  const d = new Date(day ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return (day ? iso.slice(0, 10) : iso.replace(/\.\d{3}Z$/, "Z")) === value ? (day ? "day" : "second") : null;
}

/** Accepts YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ; returns the ISO bound to compare with. */
export function parseDate(value: string, end: boolean): { iso: string; granularity: "day" | "second" } {
  const granularity = utcGranularity(value);
  if (granularity === "day") return { iso: end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`, granularity };
  if (granularity === "second") return { iso: end ? value.replace("Z", ".999Z") : value.replace("Z", ".000Z"), granularity };
  throw new OaiError("badArgument", "from and until must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (UTC).");
}

// Lexical rules of the protocol (identifiers are URIs, §2.4; setSpec and metadataPrefix use
// URI unreserved characters, §2.6 and §3.4; dates, §3.3.1). A value breaking them is never
// echoed in <request>, where it would make the whole response invalid. Illegal syntax is
// badArgument (§3.6), except an identifier, which §4.1 calls "unknown or illegal": idDoesNotExist.
const UNRESERVED = "[A-Za-z0-9\\-_.!~*'()]";
const METADATA_PREFIX = new RegExp(`^${UNRESERVED}+$`);
const SET_SPEC = new RegExp(`^${UNRESERVED}+(?::${UNRESERVED}+)*$`);
const LEXICAL: Record<string, (v: string) => boolean> = {
  verb: (v) => (VERBS as readonly string[]).includes(v),
  identifier: (v) => /^[A-Za-z][A-Za-z0-9+.-]*:[^\s<>"{}|\\^`]+$/.test(v),
  metadataPrefix: (v) => METADATA_PREFIX.test(v),
  set: (v) => SET_SPEC.test(v),
  from: (v) => utcGranularity(v) !== null,
  until: (v) => utcGranularity(v) !== null,
  resumptionToken: (v) => v.length > 0,
};

const EMAIL = /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/;

/**
 * Identify must name at least one working-looking address. The settings field is free text
 * (it may hold several addresses, or none), and `editor@localhost` is not an e-mail address
 * in the protocol's sense, so fall back to the journal's domain and, failing that, to a
 * reserved .invalid address rather than emit an invalid response.
 */
function adminEmails(settings: { websiteemail?: string; domain?: string }, host: string): string[] {
  const given = (settings.websiteemail ?? "").split(/[\s,;]+/).filter((e) => EMAIL.test(e));
  if (given.length) return given;
  const dns = /^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/;
  if (dns.test(host) && !/^[\d.]+$/.test(host)) return [`editor@${host}`];
  const domain = (settings.domain ?? "").trim().toLowerCase().replace(/^[a-z]+:\/\//, "").replace(/[/:].*$/, "");
  if (dns.test(domain)) return [`editor@${domain}`];
  return ["editor@journal.invalid"];
}

// The oai-identifier scheme's repositoryIdentifier (oai-identifier.xsd): a domain name whose
// labels start with a letter. A host without one (localhost, an IP) gets no description.
const REPOSITORY_IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9-]*(?:\.[a-zA-Z][a-zA-Z0-9-]*)+$/;

/**
 * Identify's `oai-identifier` description: how this repository's identifiers are built, named
 * by the journal's fixed identity host (it stays the same after a domain move).
 */
function oaiIdentifierDescription(identity: { host: string; since: string }): string {
  if (!REPOSITORY_IDENTIFIER.test(identity.host)) return "";
  return `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd"><scheme>oai</scheme><repositoryIdentifier>${escapeXml(identity.host)}</repositoryIdentifier><delimiter>:</delimiter><sampleIdentifier>${escapeXml(oaiIdentifier(identity, 1))}</sampleIdentifier></oai-identifier></description>`;
}

export interface TokenState {
  v: "ListIdentifiers" | "ListRecords";
  m: string;
  s?: string;
  f?: string;
  u?: string;
  a: number; // last id sent
  c: number; // cursor (records already sent)
}

export function encodeToken(state: TokenState): string {
  return btoa(JSON.stringify(state)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeToken(token: string, verb: Verb): TokenState {
  const bound = (v: unknown) => v === undefined || (typeof v === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v));
  try {
    const padded = token.replace(/-/g, "+").replace(/_/g, "/");
    const state = JSON.parse(atob(padded)) as TokenState;
    // A token is client-supplied text: anything we would not have issued is rejected here,
    // before it can reach a query or the set parser.
    if (
      state.v !== verb ||
      !Object.hasOwn(FORMATS, state.m) ||
      !Number.isInteger(state.a) ||
      !Number.isInteger(state.c) ||
      state.a < 0 ||
      state.c < 0 ||
      !bound(state.f) ||
      !bound(state.u) ||
      (state.s !== undefined && (typeof state.s !== "string" || !/^volume-\d{1,5}$/.test(state.s)))
    )
      throw new Error();
    return state;
  } catch {
    throw new OaiError("badResumptionToken", "The resumptionToken is invalid or expired.");
  }
}

function setSpecFor(a: Pick<Article, "volume">): string {
  return `volume-${a.volume}`;
}

export function volumeFromSet(set: string | undefined): number | undefined {
  if (!set) return undefined;
  const m = /^volume-(\d{1,5})$/.exec(set);
  if (!m) throw new OaiError("noRecordsMatch", `No records in set ${set}.`);
  return Number(m[1]);
}

export function header(journal: JournalContext, a: Article): string {
  const deleted = a.status !== "enabled" ? ' status="deleted"' : "";
  return `<header${deleted}><identifier>${escapeXml(oaiIdentifier(journal.identity, a.id))}</identifier><datestamp>${datestamp(a.modification)}</datestamp><setSpec>${setSpecFor(a)}</setSpec></header>`;
}

function dcRecord(journal: JournalContext, a: Article): string {
  const s = journal.settings;
  const parts: string[] = [];
  const el = (name: string, value: string) => value && parts.push(`<dc:${name}>${escapeXml(value)}</dc:${name}>`);
  el("title", htmlToText(a.title));
  // Without honorifics, exactly as citation_author, DC.creator and the JSON-LD authors.
  for (const author of creatorNames(authorsOf(a))) el("creator", author);
  // The subject once: staff usually repeat it as the first keyword.
  const subjects = keywordList(a.keywords);
  if (a.subject.trim() && !subjects.some((k) => k.toLowerCase() === a.subject.trim().toLowerCase())) subjects.push(a.subject.trim());
  for (const k of subjects) el("subject", k);
  el("description", htmlToText(a.abstract));
  el("publisher", s.publisher_name || s.websitename);
  el("date", a.publishdate);
  el("type", "Text");
  el("type", "info:eu-repo/semantics/article");
  if (a.file) el("format", "application/pdf");
  el("identifier", absoluteUrl(journal, articlePath(a)));
  const doi = exportableDoi(a.doi);
  if (doi) el("identifier", doiUrl(doi));
  const file = articleFileUrl(a);
  if (file) el("relation", absoluteUrl(journal, file));
  el("source", `${s.websitename}; ${volumeIssueLabel(a, { digits: "plain" })} (${a.year}); ${a.pagenumber}${s.issn ? `; ISSN ${s.issn}` : ""}`);
  for (const language of languageCodes(s.journal_language)) el("language", language);
  el("rights", `Copyright (c) ${a.year} the authors. Published open access by ${s.publisher_name || s.websitename}.`);
  // The licence as its URL, the form OpenAIRE and BASE read from dc:rights.
  el("rights", articleLicense(a.license_url, s.license_url).url);
  return `<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${parts.join("")}</oai_dc:dc></metadata>`;
}

function jatsRecord(journal: JournalContext, a: Article): string {
  return `<metadata>${jatsArticleElement({ journal: depositJournal(journal), article: a }, { embedded: true })}</metadata>`;
}

export function metadata(journal: JournalContext, a: Article, format: Format): string {
  return format === "jats" ? jatsRecord(journal, a) : dcRecord(journal, a);
}

/** The whole response document: the request echoed (its lexically valid arguments) and `body`. */
export function envelope(journal: JournalContext, params: Record<string, string>, body: string): string {
  // Only lexically valid arguments are echoed, whatever the caller passes.
  const attrs = Object.entries(params)
    .filter(([k, v]) => LEXICAL[k]?.(v) ?? false)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${nowStamp()}</responseDate><request${attrs}>${escapeXml(absoluteUrl(journal, "/oai"))}</request>${body}</OAI-PMH>\n`;
}


/**
 * Reads a request's arguments (§3.6): each given once (a repeated verb is badVerb, any other
 * repeated argument badArgument), a known verb, exactly the verb's arguments (resumptionToken
 * alone where it is exclusive), each lexically valid — an illegal identifier is idDoesNotExist
 * (§4.1), any other badArgument. An OaiError for the first problem.
 */
export function readArguments(params: URLSearchParams): { verb: Verb; args: Record<string, string> } {
  const args: Record<string, string> = {};
  for (const [k, v] of params) {
    if (k in args) throw new OaiError(k === "verb" ? "badVerb" : "badArgument", `Repeated argument: ${k}`);
    args[k] = v;
  }
  const verb = args.verb as Verb | undefined;
  if (!verb || !VERBS.includes(verb)) throw new OaiError("badVerb", `${verb ? "Illegal verb" : "Missing verb"}.`);
  const rule = ALLOWED[verb];
  const given = Object.keys(args).filter((k) => k !== "verb");
  if (rule.exclusive && args[rule.exclusive] !== undefined) {
    if (given.length !== 1) throw new OaiError("badArgument", "resumptionToken is an exclusive argument.");
  } else {
    for (const k of given) if (!rule.required.includes(k) && !rule.optional.includes(k)) throw new OaiError("badArgument", `Illegal argument: ${k}`);
    for (const k of rule.required) if (!args[k]) throw new OaiError("badArgument", `Missing argument: ${k}`);
  }
  for (const k of given) {
    if (LEXICAL[k](args[k])) continue;
    if (k === "identifier") throw new OaiError("idDoesNotExist", "No such identifier.");
    throw new OaiError("badArgument", `Illegal syntax in argument: ${k}`);
  }
  return { verb, args };
}

/** Identify (§4.2): the repository, its e-mail, earliest datestamp and identifier scheme. */
export function identifyElement(journal: JournalContext, earliest: string): string {
  const s = journal.settings;
  const emails = adminEmails(s, journal.host)
    .map((e) => `<adminEmail>${escapeXml(e)}</adminEmail>`)
    .join("");
  return `<Identify><repositoryName>${escapeXml(s.websitename)}</repositoryName><baseURL>${escapeXml(absoluteUrl(journal, "/oai"))}</baseURL><protocolVersion>2.0</protocolVersion>${emails}<earliestDatestamp>${datestamp(earliest)}</earliestDatestamp><deletedRecord>transient</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>${oaiIdentifierDescription(journal.identity)}</Identify>`;
}

/** ListMetadataFormats (§4.4): the formats this journal disseminates. */
export function metadataFormatsElement(journal: JournalContext): string {
  const formats = formatsOf(journal)
    .map((f) => `<metadataFormat><metadataPrefix>${f}</metadataPrefix><schema>${FORMATS[f].schema}</schema><metadataNamespace>${FORMATS[f].namespace}</metadataNamespace></metadataFormat>`)
    .join("");
  return `<ListMetadataFormats>${formats}</ListMetadataFormats>`;
}

/** ListSets (§4.6): one set a volume. */
export function setsElement(journal: JournalContext, volumes: ReadonlyArray<{ volume: number }>): string {
  const sets = volumes
    .map((v) => `<set><setSpec>volume-${v.volume}</setSpec><setName>${escapeXml(`${journal.settings.websitename}, Volume ${v.volume}`)}</setName></set>`)
    .join("");
  return `<ListSets>${sets}</ListSets>`;
}
