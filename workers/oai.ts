import { Hono, type Context } from "hono";
import { getDb } from "../app/db/client.server";
import { earliestDatestamp, oaiArticle, oaiPage, oaiSetVolumes } from "../app/models/oai.server";
import { escapeXml } from "../app/lib/xml";
import { listJournalHosts } from "../app/models/journals.server";
import { articleIdOfOaiIdentifier } from "../app/lib/identity";
import {
  decodeToken,
  encodeToken,
  envelope,
  formatOf,
  header,
  identifyElement,
  metadataFormatsElement,
  metadata,
  OaiError,
  parseDate,
  readArguments,
  setsElement,
  volumeFromSet,
  type TokenState,
  type Verb,
} from "./oai-protocol";
import type { HonoEnv } from "./types";

/**
 * OAI-PMH 2.0 repository at /oai for each journal (the protocol: workers/oai-protocol.ts): GET
 * or a form POST, each verb answered from D1; disabled articles are reported as deleted records.
 */
export const oaiApp = new Hono<HonoEnv>({ strict: false });

const OAI_PAGE_SIZE = 100;
type Ctx = Context<HonoEnv>;

function respond(c: Ctx, params: Record<string, string>, body: string): Response {
  return new Response(envelope(c.get("journal"), params, body), { headers: { "content-type": "text/xml; charset=utf-8", "cache-control": "no-store" } });
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

async function handle(c: Ctx, params: URLSearchParams): Promise<Response> {
  let request: { verb: Verb; args: Record<string, string> } | undefined;
  try {
    request = readArguments(params);
    return respond(c, request.args, await answer(c, request.verb, request.args));
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    // Per the protocol, badVerb/badArgument responses echo no attributes; any other error (an
    // illegal identifier is idDoesNotExist, found while reading the arguments) echoes the valid ones.
    const attrs = error.code === "badArgument" || error.code === "badVerb" ? {} : (request?.args ?? Object.fromEntries(params));
    return respond(c, attrs, `<error code="${error.code}">${escapeXml(error.message)}</error>`);
  }
}

/** The verb's response element, read from D1; an OaiError for what the protocol calls an error. */
async function answer(c: Ctx, verb: Verb, args: Record<string, string>): Promise<string> {
  const db = getDb(c.env.DB);
  const journal = c.get("journal");

  switch (verb) {
    case "Identify": {
      const earliest = (await earliestDatestamp(db, journal.id)) ?? "2000-01-01T00:00:00Z";
      return identifyElement(journal, earliest);
    }
    case "ListMetadataFormats": {
      if (args.identifier) {
        const id = await idFromIdentifier(c, args.identifier);
        if (!id || !(await oaiArticle(db, journal.id, id))) throw new OaiError("idDoesNotExist", "No such identifier.");
      }
      return metadataFormatsElement(journal);
    }
    case "ListSets": {
      if (args.resumptionToken) throw new OaiError("badResumptionToken", "ListSets is returned in one response.");
      // Every volume with any article: deleted records keep their volume's setSpec.
      const volumes = await oaiSetVolumes(db, journal.id);
      // The schema demands at least one <set>; with no volumes yet there is no hierarchy.
      if (volumes.length === 0) throw new OaiError("noSetHierarchy", "This journal has no volumes yet, so no sets.");
      return setsElement(journal, volumes);
    }
    case "GetRecord": {
      const format = formatOf(journal, args.metadataPrefix);
      const id = await idFromIdentifier(c, args.identifier);
      const a = id ? await oaiArticle(db, journal.id, id) : undefined;
      if (!a) throw new OaiError("idDoesNotExist", "No such identifier.");
      const record = a.status === "enabled" ? `<record>${header(journal, a)}${metadata(journal, a, format)}</record>` : `<record>${header(journal, a)}</record>`;
      return `<GetRecord>${record}</GetRecord>`;
    }
    case "ListIdentifiers":
    case "ListRecords": {
      let state: TokenState;
      if (args.resumptionToken) {
        state = decodeToken(args.resumptionToken, verb);
      } else {
        formatOf(journal, args.metadataPrefix);
        const from = args.from ? parseDate(args.from, false) : undefined;
        const until = args.until ? parseDate(args.until, true) : undefined;
        if (from && until && from.granularity !== until.granularity) throw new OaiError("badArgument", "from and until must have the same granularity.");
        // §2.7.1: from must not be later than until, "otherwise ... badArgument".
        if (from && until && from.iso > until.iso) throw new OaiError("badArgument", "from is later than until.");
        state = { v: verb, m: args.metadataPrefix, s: args.set, f: from?.iso, u: until?.iso, a: 0, c: 0 };
      }
      // A token's format is checked again: the journal may have lost its ISSN since.
      const format = formatOf(journal, state.m);
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
          ? page.map((a) => header(journal, a)).join("")
          : page.map((a) => `<record>${header(journal, a)}${a.status === "enabled" ? metadata(journal, a, format) : ""}</record>`).join("");
      return `<${verb}>${items}${token}</${verb}>`;
    }
  }
  throw new OaiError("badVerb", "Illegal verb.");
}

oaiApp.get("/", (c) => handle(c, new URL(c.req.url).searchParams));
oaiApp.post("/", async (c) => {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/x-www-form-urlencoded")) return handle(c, new URLSearchParams());
  return handle(c, new URLSearchParams(await c.req.text()));
});
