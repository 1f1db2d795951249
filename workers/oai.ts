import { Hono, type Context } from "hono";
import { getDb } from "../app/db/client.server";

import type { Article } from "../app/lib/article";
import { earliestDatestamp, oaiArticle, oaiPage, oaiSetVolumes } from "../app/models/oai.server";
import { authorsOf } from "../app/lib/authors";
import { htmlToText } from "../app/lib/html";
import { escapeXml } from "../app/lib/xml";
import { creatorNames, keywordList, languageCodes } from "../app/lib/citation/scholarly-meta";
import { absoluteUrl, articleFileUrl, articlePath, doiUrl } from "../app/lib/urls";
import { exportableDoi } from "../app/lib/doi";
import { articleLicense } from "../app/lib/licenses";
import { JATS_OAI_NAMESPACE, jatsArticleElement, jatsAvailable } from "../app/documents/jats.server";
import { depositJournal } from "../app/documents/metadata.server";
import { listJournalHosts } from "../app/models/journals.server";
import { articleIdOfOaiIdentifier, oaiIdentifier } from "../app/lib/identity";
import type { HonoEnv } from "./types";

/**
 * OAI-PMH 2.0 repository at /oai for each journal: oai_dc, and jats (JATS 1.3 front matter, the
 * same <article> as /archives/{y}/{v}/{i}/{ref}.jats.xml) when the journal has an ISSN, which the
 * JATS tag set requires. Stateless resumption tokens carry the query, the format and the last id
 * seen; disabled articles are reported as deleted records.
 */
export const oaiApp = new Hono<HonoEnv>({ strict: false });

export const OAI_PAGE_SIZE = 100;
type Ctx = Context<HonoEnv>;

const VERBS = ["Identify", "ListMetadataFormats", "ListSets", "ListIdentifiers", "ListRecords", "GetRecord"] as const;
type Verb = (typeof VERBS)[number];

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
function formatsOf(c: Ctx): Format[] {
  return jatsAvailable(depositJournal(c.get("journal"))) ? ["oai_dc", "jats"] : ["oai_dc"];
}

/** The requested format, or cannotDisseminateFormat. */
function formatOf(c: Ctx, prefix: string | undefined): Format {
  const formats = formatsOf(c);
  if (prefix && (formats as string[]).includes(prefix)) return prefix as Format;
  throw new OaiError("cannotDisseminateFormat", `This repository disseminates ${formats.join(" and ")} only.`);
}

class OaiError extends Error {
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
function parseDate(value: string, end: boolean): { iso: string; granularity: "day" | "second" } {
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

/** Identifiers come from the journal's fixed identity, never its current host (app/lib/identity.ts). */
function identifierFor(c: Ctx, id: number): string {
  return oaiIdentifier(c.get("journal").identity, id);
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

/**
 * The article an identifier names: the fixed form, or the same built from any hostname the
 * journal answers on (what a harvester may have composed from the address it harvests). The
 * hostnames are read only when the fixed form does not match. Records always answer with the
 * fixed form.
 */
async function idFromIdentifier(c: Ctx, identifier: string): Promise<number | null> {
  const journal = c.get("journal");
  const fixed = articleIdOfOaiIdentifier(identifier, [journal.identity.host]);
  if (fixed !== null || !identifier.startsWith("oai:")) return fixed;
  const hosts = (await listJournalHosts(getDb(c.env.DB), journal.id)).map((h) => h.hostname);
  return articleIdOfOaiIdentifier(identifier, hosts);
}

interface TokenState {
  v: "ListIdentifiers" | "ListRecords";
  m: string;
  s?: string;
  f?: string;
  u?: string;
  a: number; // last id sent
  c: number; // cursor (records already sent)
}

function encodeToken(state: TokenState): string {
  return btoa(JSON.stringify(state)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decodeToken(token: string, verb: Verb): TokenState {
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

function volumeFromSet(set: string | undefined): number | undefined {
  if (!set) return undefined;
  const m = /^volume-(\d{1,5})$/.exec(set);
  if (!m) throw new OaiError("noRecordsMatch", `No records in set ${set}.`);
  return Number(m[1]);
}

function header(c: Ctx, a: Article): string {
  const deleted = a.status !== "enabled" ? ' status="deleted"' : "";
  return `<header${deleted}><identifier>${escapeXml(identifierFor(c, a.id))}</identifier><datestamp>${datestamp(a.modification)}</datestamp><setSpec>${setSpecFor(a)}</setSpec></header>`;
}

function dcRecord(c: Ctx, a: Article): string {
  const journal = c.get("journal");
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
  el("source", `${s.websitename}; Vol. ${a.volume}, Issue ${a.issue} (${a.year}); ${a.pagenumber}${s.issn ? `; ISSN ${s.issn}` : ""}`);
  for (const language of languageCodes(s.journal_language)) el("language", language);
  el("rights", `Copyright (c) ${a.year} the authors. Published open access by ${s.publisher_name || s.websitename}.`);
  // The licence as its URL, the form OpenAIRE and BASE read from dc:rights.
  el("rights", articleLicense(a.license_url, s.license_url).url);
  return `<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${parts.join("")}</oai_dc:dc></metadata>`;
}

function jatsRecord(c: Ctx, a: Article): string {
  return `<metadata>${jatsArticleElement({ journal: depositJournal(c.get("journal")), article: a }, { embedded: true })}</metadata>`;
}

function metadata(c: Ctx, a: Article, format: Format): string {
  return format === "jats" ? jatsRecord(c, a) : dcRecord(c, a);
}

function envelope(c: Ctx, params: Record<string, string>, body: string): Response {
  // Only lexically valid arguments are echoed, whatever the caller passes.
  const attrs = Object.entries(params)
    .filter(([k, v]) => LEXICAL[k]?.(v) ?? false)
    .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
    .join("");
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${nowStamp()}</responseDate><request${attrs}>${escapeXml(absoluteUrl(c.get("journal"), "/oai"))}</request>${body}</OAI-PMH>\n`;
  return new Response(text, { headers: { "content-type": "text/xml; charset=utf-8", "cache-control": "no-store" } });
}

async function handle(c: Ctx, params: URLSearchParams): Promise<Response> {
  const args: Record<string, string> = {};
  for (const [k, v] of params) {
    // §3.6: a repeated verb is badVerb; any other repeated argument is badArgument.
    if (k in args) {
      const code = k === "verb" ? "badVerb" : "badArgument";
      return envelope(c, {}, `<error code="${code}">Repeated argument: ${escapeXml(k)}</error>`);
    }
    args[k] = v;
  }
  const verb = args.verb as Verb | undefined;
  if (!verb || !VERBS.includes(verb)) {
    return envelope(c, {}, `<error code="badVerb">${verb ? "Illegal verb" : "Missing verb"}.</error>`);
  }
  const rule = ALLOWED[verb];
  const given = Object.keys(args).filter((k) => k !== "verb");
  const requestAttrs = Object.fromEntries(Object.entries(args));
  try {
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
    const db = getDb(c.env.DB);
    const journal = c.get("journal");
    const s = journal.settings;

    switch (verb) {
      case "Identify": {
        const earliest = (await earliestDatestamp(db, journal.id)) ?? "2000-01-01T00:00:00Z";
        const emails = adminEmails(s, journal.host)
          .map((e) => `<adminEmail>${escapeXml(e)}</adminEmail>`)
          .join("");
        return envelope(
          c,
          requestAttrs,
          `<Identify><repositoryName>${escapeXml(s.websitename)}</repositoryName><baseURL>${escapeXml(absoluteUrl(c.get("journal"), "/oai"))}</baseURL><protocolVersion>2.0</protocolVersion>${emails}<earliestDatestamp>${datestamp(earliest)}</earliestDatestamp><deletedRecord>transient</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity>${oaiIdentifierDescription(journal.identity)}</Identify>`,
        );
      }
      case "ListMetadataFormats": {
        if (args.identifier) {
          const id = await idFromIdentifier(c, args.identifier);
          if (!id || !(await oaiArticle(db, journal.id, id))) throw new OaiError("idDoesNotExist", "No such identifier.");
        }
        const formats = formatsOf(c)
          .map((f) => `<metadataFormat><metadataPrefix>${f}</metadataPrefix><schema>${FORMATS[f].schema}</schema><metadataNamespace>${FORMATS[f].namespace}</metadataNamespace></metadataFormat>`)
          .join("");
        return envelope(c, requestAttrs, `<ListMetadataFormats>${formats}</ListMetadataFormats>`);
      }
      case "ListSets": {
        if (args.resumptionToken) throw new OaiError("badResumptionToken", "ListSets is returned in one response.");
        // Every volume with any article: deleted records keep their volume's setSpec.
        const volumes = await oaiSetVolumes(db, journal.id);
        // The schema demands at least one <set>; with no volumes yet there is no hierarchy.
        if (volumes.length === 0) throw new OaiError("noSetHierarchy", "This journal has no volumes yet, so no sets.");
        const sets = volumes
          .map((v) => `<set><setSpec>volume-${v.volume}</setSpec><setName>${escapeXml(`${s.websitename}, Volume ${v.volume}`)}</setName></set>`)
          .join("");
        return envelope(c, requestAttrs, `<ListSets>${sets}</ListSets>`);
      }
      case "GetRecord": {
        const format = formatOf(c, args.metadataPrefix);
        const id = await idFromIdentifier(c, args.identifier);
        const a = id ? await oaiArticle(db, journal.id, id) : undefined;
        if (!a) throw new OaiError("idDoesNotExist", "No such identifier.");
        const record = a.status === "enabled" ? `<record>${header(c, a)}${metadata(c, a, format)}</record>` : `<record>${header(c, a)}</record>`;
        return envelope(c, requestAttrs, `<GetRecord>${record}</GetRecord>`);
      }
      case "ListIdentifiers":
      case "ListRecords": {
        let state: TokenState;
        if (args.resumptionToken) {
          state = decodeToken(args.resumptionToken, verb);
        } else {
          formatOf(c, args.metadataPrefix);
          const from = args.from ? parseDate(args.from, false) : undefined;
          const until = args.until ? parseDate(args.until, true) : undefined;
          if (from && until && from.granularity !== until.granularity) throw new OaiError("badArgument", "from and until must have the same granularity.");
          // §2.7.1: from must not be later than until, "otherwise ... badArgument".
          if (from && until && from.iso > until.iso) throw new OaiError("badArgument", "from is later than until.");
          state = { v: verb, m: args.metadataPrefix, s: args.set, f: from?.iso, u: until?.iso, a: 0, c: 0 };
        }
        // A token's format is checked again: the journal may have lost its ISSN since.
        const format = formatOf(c, state.m);
        const volume = volumeFromSet(state.s);
        const filter = { from: state.f, until: state.u, volume };
        const { rows, total } = await oaiPage(db, journal.id, { ...filter, afterId: state.a, limit: OAI_PAGE_SIZE + 1 });
        // Also on a resumed request: if records vanished since the last page, an empty list
        // with only a token would break the schema (header+/record+), and nothing is left anyway.
        if (rows.length === 0) throw new OaiError("noRecordsMatch", "No records match the request.");
        const page = rows.slice(0, OAI_PAGE_SIZE);
        const more = rows.length > OAI_PAGE_SIZE;
        let token = "";
        if (more || state.c > 0) {
          const next = more ? encodeToken({ ...state, a: page[page.length - 1].id, c: state.c + page.length }) : "";
          token = `<resumptionToken completeListSize="${total}" cursor="${state.c}">${next}</resumptionToken>`;
        }
        const items =
          verb === "ListIdentifiers"
            ? page.map((a) => header(c, a)).join("")
            : page.map((a) => `<record>${header(c, a)}${a.status === "enabled" ? metadata(c, a, format) : ""}</record>`).join("");
        return envelope(c, requestAttrs, `<${verb}>${items}${token}</${verb}>`);
      }
    }
  } catch (error) {
    if (error instanceof OaiError) {
      // Per the protocol, badVerb/badArgument responses echo no attributes.
      const attrs = error.code === "badArgument" || error.code === "badVerb" ? {} : requestAttrs;
      return envelope(c, attrs, `<error code="${error.code}">${escapeXml(error.message)}</error>`);
    }
    throw error;
  }
  return envelope(c, {}, `<error code="badVerb">Illegal verb.</error>`);
}

oaiApp.get("/", (c) => handle(c, new URL(c.req.url).searchParams));
oaiApp.post("/", async (c) => {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded")) return handle(c, new URLSearchParams());
  return handle(c, new URLSearchParams(await c.req.text()));
});
