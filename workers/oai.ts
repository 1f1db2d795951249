import { Hono, type Context } from "hono";
import { getDb } from "../app/db/client.server";
import { getArticleById, type Article } from "../app/models/articles.server";
import { earliestDatestamp, listVolumes, oaiCount, oaiRecords } from "../app/models/discovery.server";
import { splitAuthors } from "../app/utils/citation";
import { htmlToText } from "../app/utils/html";
import { articleFileUrl } from "../app/utils/storage";
import { articlePath, origin, xml } from "./discovery";
import type { HonoEnv } from "./types";

/**
 * OAI-PMH 2.0 repository at /oai for each journal (oai_dc). Stateless resumption tokens carry
 * the query and the last id seen; disabled articles are reported as deleted records.
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

/** Accepts YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ; returns the ISO bound to compare with. */
function parseDate(value: string, end: boolean): { iso: string; granularity: "day" | "second" } {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const d = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value) throw new OaiError("badArgument", `Invalid date: ${value}`);
    return { iso: end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`, granularity: "day" };
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(value)) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) throw new OaiError("badArgument", `Invalid date: ${value}`);
    return { iso: end ? value.replace("Z", ".999Z") : value.replace("Z", ".000Z"), granularity: "second" };
  }
  throw new OaiError("badArgument", `Invalid date: ${value}`);
}

function identifierFor(c: Ctx, id: number): string {
  return `oai:${c.get("journal").host}:article/${id}`;
}

function idFromIdentifier(c: Ctx, identifier: string): number | null {
  const prefix = `oai:${c.get("journal").host}:article/`;
  if (!identifier.startsWith(prefix)) return null;
  const rest = identifier.slice(prefix.length);
  return /^\d{1,12}$/.test(rest) ? Number(rest) : null;
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
  try {
    const padded = token.replace(/-/g, "+").replace(/_/g, "/");
    const state = JSON.parse(atob(padded)) as TokenState;
    if (state.v !== verb || state.m !== "oai_dc" || !Number.isInteger(state.a) || !Number.isInteger(state.c)) throw new Error();
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
  return `<header${deleted}><identifier>${xml(identifierFor(c, a.id))}</identifier><datestamp>${datestamp(a.modification)}</datestamp><setSpec>${setSpecFor(a)}</setSpec></header>`;
}

function dcRecord(c: Ctx, a: Article): string {
  const base = origin(c);
  const s = c.get("journal").settings;
  const parts: string[] = [];
  const el = (name: string, value: string) => value && parts.push(`<dc:${name}>${xml(value)}</dc:${name}>`);
  el("title", htmlToText(a.title));
  for (const author of splitAuthors(a.authorname)) el("creator", author);
  for (const k of a.keywords.split(/\s*,\s*/).filter(Boolean)) el("subject", k);
  if (a.subject) el("subject", a.subject);
  el("description", htmlToText(a.abstract));
  el("publisher", s.publisher_name || s.websitename);
  el("date", a.publishdate);
  el("type", "Text");
  el("type", "info:eu-repo/semantics/article");
  if (a.file) el("format", "application/pdf");
  el("identifier", base + articlePath(a));
  if (a.doi) el("identifier", `https://doi.org/${a.doi}`);
  if (a.file) el("relation", base + articleFileUrl(a.year, a.volume, a.issue, a.file));
  el("source", `${s.websitename}; Vol. ${a.volume}, Issue ${a.issue} (${a.year}); ${a.pagenumber}${s.issn ? `; ISSN ${s.issn}` : ""}`);
  el("language", (s.journal_language || "English").toLowerCase().startsWith("english") ? "en" : s.journal_language);
  el("rights", `Copyright (c) ${a.year} the authors. Published open access by ${s.publisher_name || s.websitename}.`);
  return `<metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai_dc/ http://www.openarchives.org/OAI/2.0/oai_dc.xsd">${parts.join("")}</oai_dc:dc></metadata>`;
}

function envelope(c: Ctx, params: Record<string, string>, body: string): Response {
  const attrs = Object.entries(params)
    .map(([k, v]) => ` ${k}="${xml(v)}"`)
    .join("");
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd"><responseDate>${nowStamp()}</responseDate><request${attrs}>${xml(origin(c) + "/oai")}</request>${body}</OAI-PMH>\n`;
  return new Response(text, { headers: { "content-type": "text/xml; charset=utf-8", "cache-control": "no-store" } });
}

async function handle(c: Ctx, params: URLSearchParams): Promise<Response> {
  const args: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [k, v] of params) {
    if (seen.has(k)) return envelope(c, {}, `<error code="badArgument">Repeated argument: ${xml(k)}</error>`);
    seen.add(k);
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
    const db = getDb(c.env.DB);
    const journal = c.get("journal");
    const s = journal.settings;

    switch (verb) {
      case "Identify": {
        const earliest = (await earliestDatestamp(db, journal.id)) ?? "2000-01-01T00:00:00Z";
        const adminEmail = s.websiteemail || `editor@${journal.host}`;
        return envelope(
          c,
          requestAttrs,
          `<Identify><repositoryName>${xml(s.websitename)}</repositoryName><baseURL>${xml(origin(c) + "/oai")}</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>${xml(adminEmail)}</adminEmail><earliestDatestamp>${datestamp(earliest)}</earliestDatestamp><deletedRecord>transient</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity></Identify>`,
        );
      }
      case "ListMetadataFormats": {
        if (args.identifier) {
          const id = idFromIdentifier(c, args.identifier);
          if (!id || !(await getArticleById(db, journal.id, id))) throw new OaiError("idDoesNotExist", "No such identifier.");
        }
        return envelope(
          c,
          requestAttrs,
          `<ListMetadataFormats><metadataFormat><metadataPrefix>oai_dc</metadataPrefix><schema>http://www.openarchives.org/OAI/2.0/oai_dc.xsd</schema><metadataNamespace>http://www.openarchives.org/OAI/2.0/oai_dc/</metadataNamespace></metadataFormat></ListMetadataFormats>`,
        );
      }
      case "ListSets": {
        if (args.resumptionToken) throw new OaiError("badResumptionToken", "ListSets is returned in one response.");
        const volumes = await listVolumes(db, journal.id);
        const sets = volumes
          .map((v) => `<set><setSpec>volume-${v.volume}</setSpec><setName>${xml(`${s.websitename}, Volume ${v.volume}`)}</setName></set>`)
          .join("");
        return envelope(c, requestAttrs, `<ListSets>${sets}</ListSets>`);
      }
      case "GetRecord": {
        if (args.metadataPrefix !== "oai_dc") throw new OaiError("cannotDisseminateFormat", "Only oai_dc is supported.");
        const id = idFromIdentifier(c, args.identifier);
        const a = id ? await getArticleById(db, journal.id, id) : undefined;
        if (!a) throw new OaiError("idDoesNotExist", "No such identifier.");
        const record = a.status === "enabled" ? `<record>${header(c, a)}${dcRecord(c, a)}</record>` : `<record>${header(c, a)}</record>`;
        return envelope(c, requestAttrs, `<GetRecord>${record}</GetRecord>`);
      }
      case "ListIdentifiers":
      case "ListRecords": {
        let state: TokenState;
        if (args.resumptionToken) {
          state = decodeToken(args.resumptionToken, verb);
        } else {
          if (args.metadataPrefix !== "oai_dc") throw new OaiError("cannotDisseminateFormat", "Only oai_dc is supported.");
          const from = args.from ? parseDate(args.from, false) : undefined;
          const until = args.until ? parseDate(args.until, true) : undefined;
          if (from && until && from.granularity !== until.granularity) throw new OaiError("badArgument", "from and until must have the same granularity.");
          if (from && until && from.iso > until.iso) throw new OaiError("noRecordsMatch", "from is after until.");
          state = { v: verb, m: "oai_dc", s: args.set, f: from?.iso, u: until?.iso, a: 0, c: 0 };
        }
        const volume = volumeFromSet(state.s);
        const filter = { from: state.f, until: state.u, volume };
        const rows = await oaiRecords(db, journal.id, { ...filter, afterId: state.a, limit: OAI_PAGE_SIZE + 1 });
        if (rows.length === 0 && state.c === 0) throw new OaiError("noRecordsMatch", "No records match the request.");
        const page = rows.slice(0, OAI_PAGE_SIZE);
        const more = rows.length > OAI_PAGE_SIZE;
        let token = "";
        if (more || state.c > 0) {
          const total = await oaiCount(db, journal.id, filter);
          const next = more ? encodeToken({ ...state, a: page[page.length - 1].id, c: state.c + page.length }) : "";
          token = `<resumptionToken completeListSize="${total}" cursor="${state.c}">${next}</resumptionToken>`;
        }
        const items =
          verb === "ListIdentifiers"
            ? page.map((a) => header(c, a)).join("")
            : page.map((a) => `<record>${header(c, a)}${a.status === "enabled" ? dcRecord(c, a) : ""}</record>`).join("");
        return envelope(c, requestAttrs, `<${verb}>${items}${token}</${verb}>`);
      }
    }
  } catch (error) {
    if (error instanceof OaiError) {
      // Per the protocol, badVerb/badArgument responses echo no attributes.
      const attrs = error.code === "badArgument" || error.code === "badVerb" ? {} : requestAttrs;
      return envelope(c, attrs, `<error code="${error.code}">${xml(error.message)}</error>`);
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
