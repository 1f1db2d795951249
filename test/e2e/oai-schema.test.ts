/**
 * OAI-PMH 2.0 as a harvester sees it: every response of the production build, for every verb
 * and every error code the endpoint can produce, validated with libxml2 (xmllint-wasm) against
 * the OFFICIAL OAI-PMH.xsd, oai_dc.xsd and oai-identifier.xsd of openarchives.org
 * (test/fixtures/oai/SOURCE.md) — the jats records' <article> in the namespace
 * ListMetadataFormats announces, validated there by the JATS 1.3 content models — and each
 * JATS payload once more, out of its namespace, against the official JATS 1.3 XSD itself
 * (test/xsd.ts). Both demo journals' every response is checked in test/e2e/indexes-xsd.test.ts.
 * No browser: plain HTTP with the journal's Host header against the served app.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { xmlTexts } from "../xml.ts";
import { validateAll } from "../xsd.ts";
import { fetchOnHost, startApp, type App } from "./harness.ts";
import type { Issue } from "../../app/models/issues.server.ts";
import { addIssue, insertArticleRows, insertLegacyArticle } from "./data.ts";

const HOST = "oai-a.localhost";
/** A journal with no articles, on a host without a dot, and no usable e-mail setting. */
const EMPTY_HOST = "localhost";
const BULK = 130; // more than one page of 100
// Volume 1: a live and a deleted record; volume 2: the bulk; volume 3: one deleted record only.
const TOTAL = BULK + 3;
const OAI_NS = "http://www.openarchives.org/OAI/2.0/";
let app: App;
let ids: { live: number; gone: number; bulkFirst: number; withdrawn: number };

// ---- validator ------------------------------------------------------------------------------

const JATS_NS = "https://jats.nlm.nih.gov/ns/publishing/1.3/";

/**
 * Every response a test below receives, validated at the end in one xmllint run: the official
 * schemas with the JATS 1.3 content models take seconds to compile, once for all of them. The
 * JATS payloads, out of their namespace, are likewise validated at the end in one run against
 * the JATS 1.3 XSD. Two compilations for the file, not one per test.
 */
const served: { query: string; doc: string }[] = [];
const jatsServed: { query: string; doc: string }[] = [];

/** libxml2's schema errors per document (empty when valid) against the official schemas. */
async function schemaErrors(docs: string[]): Promise<string[][]> {
  return (await validateAll("oai", docs)).map((r) => r.errors);
}

// ---- HTTP -----------------------------------------------------------------------------------

/** Every OAI response, success or error, is HTTP 200 text/xml and valid against the schema. */
async function oai(query: string, host = HOST, post?: string): Promise<string> {
  const res = await fetchOnHost(app, host, post === undefined ? `/oai?${query}` : "/oai", post === undefined ? {} : { method: "POST", body: post, headers: { "content-type": "application/x-www-form-urlencoded" } });
  const body = await res.text();
  assert.equal(res.status, 200, body.slice(0, 300));
  assert.match(res.headers.get("content-type") ?? "", /^text\/xml/);
  // The protocol's UTC seconds (§3.2): stricter than the schema's dateTime.
  assert.match(xmlTexts(body, "responseDate")[0] ?? "", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  served.push({ query: `${host} ${post === undefined ? query : `POST ${post}`}`, doc: body });
  return body;
}

function requestAttrs(doc: string): Record<string, string> {
  const tag = /<request((?:\s+\w+="[^"]*")*)\s*>/.exec(doc);
  assert.ok(tag, "no <request> element");
  return Object.fromEntries([...tag[1].matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
}

const errorCodes = (doc: string) => [...doc.matchAll(/<error code="([^"]+)"/g)].map((m) => m[1]);

function resumption(doc: string): { attrs: Record<string, string>; token: string } | null {
  const m = /<resumptionToken((?:\s+\w+="[^"]*")*)\s*>([^<]*)<\/resumptionToken>/.exec(doc);
  if (!m) return null;
  return { attrs: Object.fromEntries([...m[1].matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1], a[2]])), token: m[2] };
}

const identifier = (id: number, host = HOST) => `oai:${host}:article/${id}`;

// ---- data -----------------------------------------------------------------------------------

before(async () => {
  app = await startApp(
    [
      {
        slug: "oai-a",
        name: "Journal of Harvestable Results",
        hosts: [HOST],
        // Two addresses in one free-text field: each becomes its own adminEmail.
        settings: { websiteemail: "editor@harvest.example, office@harvest.example", issn: "2583-1111", publisher_name: "Harvest Press" },
      },
      { slug: "oai-empty", name: "Journal With Nothing Yet", hosts: [EMPTY_HOST], settings: { websiteemail: "write to the editor" } },
    ],
    async (env, [jid]) => {
      const db = env.DB;
      const issue = (year: number, volume: number, number: number) => addIssue(env, jid, { year, volume, issue: number, frequency: "Jan-Jun" });
      // Rows as given (two articles on the same pages of one issue, which the add form refuses).
      const insert = async (iss: Issue, a: { ref: string; title: string; authors: string; status?: "enabled" | "disabled"; doi?: string; file?: string; keywords?: string; abstract?: string }) =>
        (
          await insertLegacyArticle(env, jid, iss, {
            refnumber: a.ref,
            title: a.title,
            authorname: a.authors,
            abstract: a.abstract ?? "",
            keywords: a.keywords ?? "",
            pagenumber: "1-8",
            subject: "Agronomy",
            publishdate: `${iss.year}-06-30`,
            file: a.file ?? "",
            status: a.status ?? "enabled",
            doi: a.doi ?? "",
          })
        ).id;

      const v1 = await issue(2024, 1, 1);
      // Markup, entities, quotes and non-ASCII text: what tends to break hand-written XML.
      const live = await insert(v1, {
        ref: "1001",
        title: `Drip irrigation of <i>Zea mays</i> & "sandy" loam in Pāli, Rājasthan`,
        authors: "Dr. Anjali Sharma, Rahul Verma",
        keywords: "irrigation, maize <yield>",
        abstract: "<p><b>Background:</b> Water &amp; salt (p &lt; 0.05) — measured over two seasons.</p>",
        doi: "10.5555/harvest.1001",
        file: "1001.pdf",
      });
      const gone = await insert(v1, { ref: "1002", title: "Withdrawn paper", authors: "Nobody", status: "disabled" });
      await db.prepare("update articles set modification = '2020-01-05T10:00:00.000Z' where id = ?").bind(live).run();
      await db.prepare("update articles set modification = '2021-06-01T08:30:00.000Z' where id = ?").bind(gone).run();

      const v2 = await issue(2025, 2, 1);
      // Volume for paging the harvest: one batch.
      const bulk = await insertArticleRows(
        env,
        jid,
        v2,
        Array.from({ length: BULK }, (_, i) => ({ refnumber: String(2000 + i), title: `Bulk article ${i}`, authorname: "A Author, B Author", abstract: "", pagenumber: `${i * 2 + 1}-${i * 2 + 2}`, txnid: `TB${i}` })),
      );
      const first = { id: Math.min(...bulk.map((a) => a.id)) };
      // A volume whose only article was withdrawn: harvested as a deleted record of set volume-3.
      const v3 = await issue(2025, 3, 1);
      const withdrawn = await insert(v3, { ref: "3001", title: "Retracted paper", authors: "Someone Else", status: "disabled" });
      ids = { live, gone, bulkFirst: first.id, withdrawn };
    },
  );
});

after(async () => {
  await app?.stop();
});

// ---- the validator itself can fail ----------------------------------------------------------

const OAI_HEAD = `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="${OAI_NS}"><responseDate>2025-01-01T00:00:00Z</responseDate>`;
const dcRecord = (dc: string) =>
  `${OAI_HEAD}<request verb="GetRecord" identifier="oai:x.example:article/1" metadataPrefix="oai_dc">http://x.example/oai</request><GetRecord><record><header><identifier>oai:x.example:article/1</identifier><datestamp>2025-01-01T00:00:00Z</datestamp><setSpec>volume-1</setSpec></header><metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">${dc}</oai_dc:dc></metadata></record></GetRecord></OAI-PMH>`;

/**
 * Responses that break OAI-PMH, oai_dc or JATS, which the official schemas must reject, and the
 * same shapes, correct, which they must accept. They go into the final run with every served
 * response, so that run is shown to tell one document from another.
 */
const CONTROLS = [
  dcRecord(`<dc:title xml:lang="en">A title</dc:title><dc:creator>A One</dc:creator>`),
  `${OAI_HEAD}<request>http://x.example/oai</request><error code="badVerb">Illegal verb.</error></OAI-PMH>`,
];
const BROKEN: [string, string][] = [
  ["unknown error code", `${OAI_HEAD}<request>http://x.example/oai</request><error code="nope">x</error></OAI-PMH>`],
  ["illegal setSpec echoed in request", `${OAI_HEAD}<request verb="ListRecords" metadataPrefix="oai_dc" set="foo bar">http://x.example/oai</request><error code="noRecordsMatch"/></OAI-PMH>`],
  ["from that is no date", `${OAI_HEAD}<request verb="ListRecords" metadataPrefix="oai_dc" from="2025-02-30">http://x.example/oai</request><error code="noRecordsMatch"/></OAI-PMH>`],
  ["adminEmail without a domain", `${OAI_HEAD}<request verb="Identify">http://x.example/oai</request><Identify><repositoryName>R</repositoryName><baseURL>http://x.example/oai</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>editor@localhost</adminEmail><earliestDatestamp>2020-01-01T00:00:00Z</earliestDatestamp><deletedRecord>transient</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity></Identify></OAI-PMH>`],
  ["empty ListSets", `${OAI_HEAD}<request verb="ListSets">http://x.example/oai</request><ListSets></ListSets></OAI-PMH>`],
  ["error and verb element together", `${OAI_HEAD}<request>http://x.example/oai</request><error code="badVerb"/><Identify/></OAI-PMH>`],
  ["non-DC element in oai_dc", dcRecord(`<dc:titel>A title</dc:titel>`)],
  ["bad xml:lang in oai_dc", dcRecord(`<dc:title xml:lang="not a language">A title</dc:title>`)],
  ["an element of a foreign namespace in metadata", dcRecord("").replace(/<oai_dc:dc[\s\S]*<\/oai_dc:dc>/, `<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim"/>`)],
  // What this site used to send: JATS in no namespace, which ##other does not admit.
  ["JATS in no namespace", dcRecord("").replace(/<oai_dc:dc[\s\S]*<\/oai_dc:dc>/, `<article xmlns="" dtd-version="1.3"><front><journal-meta><journal-id>x</journal-id><issn>1234-5678</issn></journal-meta><article-meta><title-group><article-title>T</article-title></title-group></article-meta></front></article>`)],
  ["an element JATS does not have, in the JATS namespace", dcRecord("").replace(/<oai_dc:dc[\s\S]*<\/oai_dc:dc>/, `<article xmlns="${JATS_NS}" dtd-version="1.3"><front><journal-meta><journal-id>x</journal-id><issn>1234-5678</issn></journal-meta><article-meta><title-group><title>T</title></title-group></article-meta></front></article>`)],
];

// ---- verbs ----------------------------------------------------------------------------------

test("Identify: repository description with every adminEmail and second granularity", async () => {
  const doc = await oai("verb=Identify");
  assert.deepEqual(requestAttrs(doc), { verb: "Identify" });
  assert.deepEqual(xmlTexts(doc, "repositoryName"), ["Journal of Harvestable Results"]);
  assert.deepEqual(xmlTexts(doc, "baseURL"), [`http://${HOST}:${app.port}/oai`]);
  assert.deepEqual(xmlTexts(doc, "request"), [`http://${HOST}:${app.port}/oai`]);
  assert.deepEqual(xmlTexts(doc, "adminEmail"), ["editor@harvest.example", "office@harvest.example"]);
  assert.deepEqual(xmlTexts(doc, "granularity"), ["YYYY-MM-DDThh:mm:ssZ"]);
  // earliestDatestamp is at the finest granularity and no record is older (§4.2).
  assert.deepEqual(xmlTexts(doc, "earliestDatestamp"), ["2020-01-05T10:00:00Z"]);
  assert.deepEqual(xmlTexts(doc, "deletedRecord"), ["transient"]);
  // How identifiers are built: the oai-identifier description.
  assert.deepEqual(xmlTexts(doc, "scheme"), ["oai"]);
  assert.deepEqual(xmlTexts(doc, "repositoryIdentifier"), [HOST]);
  assert.deepEqual(xmlTexts(doc, "delimiter"), [":"]);
  assert.deepEqual(xmlTexts(doc, "sampleIdentifier"), [`oai:${HOST}:article/1`]);
});

test("Identify: a journal on a host without a dotted name still names a valid adminEmail", async () => {
  const doc = await oai("verb=Identify", EMPTY_HOST);
  const [email] = xmlTexts(doc, "adminEmail");
  assert.match(email, /^[^\s@]+@([^\s@.]+\.)+[^\s@.]+$/);
  assert.notEqual(email, "editor@localhost");
  // 'localhost' is no repositoryIdentifier (a domain name with a dot): no description then.
  assert.deepEqual(xmlTexts(doc, "repositoryIdentifier"), []);
});

test("ListMetadataFormats: without identifier, oai_dc and jats with their schemas and namespaces", async () => {
  const doc = await oai("verb=ListMetadataFormats");
  assert.deepEqual(xmlTexts(doc, "metadataPrefix"), ["oai_dc", "jats"]);
  assert.deepEqual(xmlTexts(doc, "schema"), [
    "http://www.openarchives.org/OAI/2.0/oai_dc.xsd",
    "https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3-mathml3.xsd",
  ]);
  // The namespace the jats records' <article> is in (docs/decisions/029-oai-jats-namespace.md).
  assert.deepEqual(xmlTexts(doc, "metadataNamespace"), ["http://www.openarchives.org/OAI/2.0/oai_dc/", JATS_NS]);
  const record = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifier(ids.live))}`);
  assert.match(record, new RegExp(`<metadata><article xmlns="${JATS_NS.replace(/[./]/g, "\\$&")}" `));
  // JATS needs an ISSN: the journal without one offers oai_dc only.
  assert.deepEqual(xmlTexts(await oai("verb=ListMetadataFormats", EMPTY_HOST), "metadataPrefix"), ["oai_dc"]);
});

test("ListMetadataFormats: with the identifier of a live and of a deleted record", async () => {
  for (const id of [ids.live, ids.gone]) {
    const doc = await oai(`verb=ListMetadataFormats&identifier=${encodeURIComponent(identifier(id))}`);
    assert.deepEqual(requestAttrs(doc), { verb: "ListMetadataFormats", identifier: identifier(id) });
    assert.deepEqual(xmlTexts(doc, "metadataPrefix"), ["oai_dc", "jats"]);
  }
});

test("ListSets: one set per volume, including a volume whose records are all deleted", async () => {
  const doc = await oai("verb=ListSets");
  assert.deepEqual(xmlTexts(doc, "setSpec"), ["volume-3", "volume-2", "volume-1"]);
  assert.deepEqual(xmlTexts(doc, "setName"), [
    "Journal of Harvestable Results, Volume 3",
    "Journal of Harvestable Results, Volume 2",
    "Journal of Harvestable Results, Volume 1",
  ]);
  assert.equal(resumption(doc), null);
  // Every setSpec a header carries is one ListSets names.
  const first = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc");
  const second = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(resumption(first)!.token)}`);
  const specs = new Set([...xmlTexts(first, "setSpec"), ...xmlTexts(second, "setSpec")]);
  assert.deepEqual([...specs].sort(), ["volume-1", "volume-2", "volume-3"]);
  const v3 = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-3");
  assert.match(v3, new RegExp(`<header status="deleted"><identifier>${identifier(ids.withdrawn)}</identifier>`));
});

test("GetRecord: oai_dc record of a live article, metadata valid on its own against oai_dc", async () => {
  const doc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier(ids.live))}`);
  assert.deepEqual(requestAttrs(doc), { verb: "GetRecord", identifier: identifier(ids.live), metadataPrefix: "oai_dc" });
  assert.deepEqual(xmlTexts(doc, "identifier"), [identifier(ids.live)]);
  assert.deepEqual(xmlTexts(doc, "datestamp"), ["2020-01-05T10:00:00Z"]);
  assert.deepEqual(xmlTexts(doc, "setSpec"), ["volume-1"]);
  assert.deepEqual(xmlTexts(doc, "dc:title"), ["Drip irrigation of Zea mays &amp; &quot;sandy&quot; loam in Pāli, Rājasthan"]);
  // Honorifics dropped, as in citation_author, DC.creator and the JSON-LD.
  assert.deepEqual(xmlTexts(doc, "dc:creator"), ["Anjali Sharma", "Rahul Verma"]);
  assert.deepEqual(xmlTexts(doc, "dc:language"), ["en"]);
  assert.deepEqual(xmlTexts(doc, "dc:subject").slice(0, 2), ["irrigation", "maize &lt;yield&gt;"]);
  assert.deepEqual(xmlTexts(doc, "dc:identifier"), [`http://${HOST}:${app.port}/archives/2024/1/1/1001`, "https://doi.org/10.5555/harvest.1001"]);
  const dc = /<oai_dc:dc[\s\S]*<\/oai_dc:dc>/.exec(doc)?.[0];
  assert.ok(dc, "no oai_dc:dc element");
  served.push({ query: "the oai_dc record alone", doc: `<?xml version="1.0" encoding="UTF-8"?>\n${dc}` });
});

/**
 * The JATS <article> payloads of a response, each as a document of its own and out of the OAI
 * namespace — the one declaration dropped, nothing else changed — for the official JATS XSD.
 */
function jatsPayloads(doc: string): string[] {
  return [...doc.matchAll(/<metadata>(<article xmlns="([^"]*)" [\s\S]*?<\/article>)<\/metadata>/g)].map((m) => {
    assert.equal(m[2], JATS_NS, "the record's JATS is not in the announced namespace");
    return `<?xml version="1.0" encoding="UTF-8"?>\n${m[1].replace(` xmlns="${JATS_NS}"`, "")}`;
  });
}

/** Queues JATS payloads for the final run against the JATS 1.3 XSD. */
function checkJatsLater(query: string, payloads: string[]): void {
  payloads.forEach((doc, i) => jatsServed.push({ query: `${query}, payload ${i}`, doc }));
}

test("GetRecord: jats record of a live article (its payload checked against the JATS 1.3 XSD below)", async () => {
  const doc = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifier(ids.live))}`);
  assert.deepEqual(requestAttrs(doc), { verb: "GetRecord", identifier: identifier(ids.live), metadataPrefix: "jats" });
  const [payload] = jatsPayloads(doc);
  assert.ok(payload, "no <article> in the record");
  assert.deepEqual(xmlTexts(payload, "article-title"), ["Drip irrigation of <italic>Zea mays</italic> &amp; &quot;sandy&quot; loam in Pāli, Rājasthan"]);
  assert.deepEqual(xmlTexts(payload, "surname"), ["Sharma", "Verma"]);
  assert.match(payload, /<article-id pub-id-type="doi">10\.5555\/harvest\.1001<\/article-id>/);
  checkJatsLater("GetRecord jats", [payload]);
  // Deleted records carry no metadata in any format.
  const gone = await oai(`verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(identifier(ids.gone))}`);
  assert.match(gone, /<header status="deleted">/);
  assert.doesNotMatch(gone, /<metadata>/);
});

test("ListRecords jats: every record over two pages, each with a JATS payload; the token keeps the format", async () => {
  const first = await oai("verb=ListRecords&metadataPrefix=jats");
  assert.equal(xmlTexts(first, "record").length, 100);
  const token = resumption(first)?.token;
  assert.ok(token);
  const second = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
  assert.equal(xmlTexts(second, "record").length, TOTAL - 100);
  assert.equal(xmlTexts(second, "oai_dc:dc").length, 0);
  const payloads = [...jatsPayloads(first), ...jatsPayloads(second)];
  assert.equal(payloads.length, TOTAL - 2); // the two deleted records have none
  checkJatsLater("ListRecords jats", payloads);
  const headers = await oai("verb=ListIdentifiers&metadataPrefix=jats&set=volume-1");
  assert.deepEqual(xmlTexts(headers, "identifier"), [identifier(ids.live), identifier(ids.gone)]);
});

test("GetRecord: a disabled article is a deleted header without metadata", async () => {
  const doc = await oai(`verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier(ids.gone))}`);
  assert.match(doc, /<header status="deleted"><identifier>/);
  assert.deepEqual(xmlTexts(doc, "datestamp"), ["2021-06-01T08:30:00Z"]);
  assert.doesNotMatch(doc, /<metadata>/);
});

test("ListIdentifiers: first page of 100, then the last page through a resumptionToken", async () => {
  const first = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc");
  assert.equal(xmlTexts(first, "identifier").length, 100);
  const page1 = resumption(first);
  assert.ok(page1?.token, "first page has no resumptionToken");
  assert.deepEqual(page1.attrs, { completeListSize: String(TOTAL), cursor: "0" });

  const second = await oai(`verb=ListIdentifiers&resumptionToken=${encodeURIComponent(page1.token)}`);
  assert.deepEqual(requestAttrs(second), { verb: "ListIdentifiers", resumptionToken: page1.token });
  assert.equal(xmlTexts(second, "identifier").length, TOTAL - 100);
  // The last page carries an empty token: the list is complete.
  assert.deepEqual(resumption(second), { attrs: { completeListSize: String(TOTAL), cursor: "100" }, token: "" });
  const all = [...xmlTexts(first, "identifier"), ...xmlTexts(second, "identifier")];
  assert.equal(new Set(all).size, TOTAL);
  assert.ok(all.includes(identifier(ids.gone)));
});

test("ListRecords: every record over two pages, deleted ones without metadata", async () => {
  const first = await oai("verb=ListRecords&metadataPrefix=oai_dc");
  assert.equal(xmlTexts(first, "record").length, 100);
  assert.equal(xmlTexts(first, "oai_dc:dc").length, 99); // one of them is the deleted record
  assert.match(first, new RegExp(`<header status="deleted"><identifier>${identifier(ids.gone)}</identifier>`));
  const token = resumption(first)?.token;
  assert.ok(token);

  const second = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
  assert.equal(xmlTexts(second, "record").length, TOTAL - 100);
  assert.equal(xmlTexts(second, "oai_dc:dc").length, TOTAL - 100 - 1); // the withdrawn volume-3 record
  assert.deepEqual(resumption(second)?.attrs, { completeListSize: String(TOTAL), cursor: "100" });
});

test("ListRecords: from/until at day granularity select by datestamp", async () => {
  const doc = await oai("verb=ListRecords&metadataPrefix=oai_dc&from=2020-01-01&until=2021-12-31");
  assert.deepEqual(requestAttrs(doc), { verb: "ListRecords", metadataPrefix: "oai_dc", from: "2020-01-01", until: "2021-12-31" });
  assert.deepEqual(xmlTexts(doc, "identifier"), [identifier(ids.live), identifier(ids.gone)]);
  // until alone, inclusive of the whole day.
  const until = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&until=2020-01-05");
  assert.deepEqual(xmlTexts(until, "identifier"), [identifier(ids.live)]);
});

test("ListIdentifiers: from/until at second granularity are inclusive", async () => {
  const doc = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&from=2020-01-05T10:00:00Z&until=2020-01-05T10:00:00Z");
  assert.deepEqual(xmlTexts(doc, "identifier"), [identifier(ids.live)]);
  assert.deepEqual(xmlTexts(doc, "datestamp"), ["2020-01-05T10:00:00Z"]);
  const later = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&from=2020-01-05T10:00:01Z&until=2021-06-01T08:30:00Z");
  assert.deepEqual(xmlTexts(later, "identifier"), [identifier(ids.gone)]);
});

test("ListIdentifiers: set=volume-1 selects that volume only, live and deleted", async () => {
  const doc = await oai("verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-1");
  assert.deepEqual(requestAttrs(doc), { verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: "volume-1" });
  assert.deepEqual(xmlTexts(doc, "identifier"), [identifier(ids.live), identifier(ids.gone)]);
  assert.deepEqual(xmlTexts(doc, "setSpec"), ["volume-1", "volume-1"]);
});

test("ListRecords: set=volume-2 pages through the bulk volume", async () => {
  const doc = await oai("verb=ListRecords&metadataPrefix=oai_dc&set=volume-2");
  assert.equal(xmlTexts(doc, "record").length, 100);
  assert.deepEqual(resumption(doc)?.attrs, { completeListSize: String(BULK), cursor: "0" });
  assert.equal(xmlTexts(doc, "identifier")[0], identifier(ids.bulkFirst));
});

test("ListIdentifiers: by POST with a form body, as §3.1.1 allows", async () => {
  const doc = await oai("", HOST, "verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-1");
  assert.deepEqual(xmlTexts(doc, "identifier"), [identifier(ids.live), identifier(ids.gone)]);
});

// ---- error codes ----------------------------------------------------------------------------

const NO_ECHO = null;
/** [case, query, host, expected code, expected <request> attributes (null: none, §3.6)]. */
const ERRORS: [string, string, string, string, Record<string, string> | null][] = [
  ["no verb", "", HOST, "badVerb", NO_ECHO],
  ["illegal verb", "verb=Frobnicate", HOST, "badVerb", NO_ECHO],
  ["verb in the wrong case", "verb=identify", HOST, "badVerb", NO_ECHO],
  ["repeated verb", "verb=Identify&verb=Identify", HOST, "badVerb", NO_ECHO],
  ["Identify with an illegal argument", "verb=Identify&metadataPrefix=oai_dc", HOST, "badArgument", NO_ECHO],
  ["ListRecords without metadataPrefix", "verb=ListRecords", HOST, "badArgument", NO_ECHO],
  ["GetRecord without identifier", "verb=GetRecord&metadataPrefix=oai_dc", HOST, "badArgument", NO_ECHO],
  ["repeated metadataPrefix", "verb=ListRecords&metadataPrefix=oai_dc&metadataPrefix=oai_dc", HOST, "badArgument", NO_ECHO],
  ["resumptionToken with other arguments", "verb=ListIdentifiers&metadataPrefix=oai_dc&resumptionToken=abc", HOST, "badArgument", NO_ECHO],
  ["from that is no date", "verb=ListRecords&metadataPrefix=oai_dc&from=yesterday", HOST, "badArgument", NO_ECHO],
  ["from that is no calendar day", "verb=ListRecords&metadataPrefix=oai_dc&from=2025-02-30", HOST, "badArgument", NO_ECHO],
  ["until at 24:00:00", "verb=ListRecords&metadataPrefix=oai_dc&until=2025-01-01T24:00:00Z", HOST, "badArgument", NO_ECHO],
  ["from with milliseconds", "verb=ListRecords&metadataPrefix=oai_dc&from=2025-01-01T00:00:00.000Z", HOST, "badArgument", NO_ECHO],
  ["from later than until", "verb=ListRecords&metadataPrefix=oai_dc&from=2021-01-01&until=2020-01-01", HOST, "badArgument", NO_ECHO],
  ["from and until of different granularities", "verb=ListIdentifiers&metadataPrefix=oai_dc&from=2020-01-01&until=2021-01-01T00:00:00Z", HOST, "badArgument", NO_ECHO],
  ["set with illegal syntax", "verb=ListRecords&metadataPrefix=oai_dc&set=foo%20bar", HOST, "badArgument", NO_ECHO],
  ["empty set", "verb=ListRecords&metadataPrefix=oai_dc&set=", HOST, "badArgument", NO_ECHO],
  ["metadataPrefix with illegal syntax", "verb=ListRecords&metadataPrefix=oai%20dc", HOST, "badArgument", NO_ECHO],
  ["empty resumptionToken", "verb=ListRecords&resumptionToken=", HOST, "badArgument", NO_ECHO],
  ["ListRecords in an unknown format", "verb=ListRecords&metadataPrefix=marc21", HOST, "cannotDisseminateFormat", { verb: "ListRecords", metadataPrefix: "marc21" }],
  ["ListIdentifiers in an unknown format", "verb=ListIdentifiers&metadataPrefix=marc21&set=volume-1", HOST, "cannotDisseminateFormat", { verb: "ListIdentifiers", metadataPrefix: "marc21", set: "volume-1" }],
  ["GetRecord in an unknown format", "verb=GetRecord&metadataPrefix=marc21&identifier=oai%3Aoai-a.localhost%3Aarticle%2F1", HOST, "cannotDisseminateFormat", { verb: "GetRecord", metadataPrefix: "marc21", identifier: "oai:oai-a.localhost:article/1" }],
  ["GetRecord of an unknown article", "verb=GetRecord&metadataPrefix=oai_dc&identifier=oai%3Aoai-a.localhost%3Aarticle%2F999999", HOST, "idDoesNotExist", { verb: "GetRecord", metadataPrefix: "oai_dc", identifier: "oai:oai-a.localhost:article/999999" }],
  ["GetRecord of an identifier with a leading zero", "verb=GetRecord&metadataPrefix=oai_dc&identifier=oai%3Aoai-a.localhost%3Aarticle%2F01", HOST, "idDoesNotExist", { verb: "GetRecord", metadataPrefix: "oai_dc", identifier: "oai:oai-a.localhost:article/01" }],
  ["GetRecord of another repository's identifier", "verb=GetRecord&metadataPrefix=oai_dc&identifier=oai%3Aelsewhere.example%3Aarticle%2F1", HOST, "idDoesNotExist", { verb: "GetRecord", metadataPrefix: "oai_dc", identifier: "oai:elsewhere.example:article/1" }],
  ["GetRecord of an identifier that is no URI (not echoed)", "verb=GetRecord&metadataPrefix=oai_dc&identifier=not%20a%20uri", HOST, "idDoesNotExist", { verb: "GetRecord", metadataPrefix: "oai_dc" }],
  ["ListMetadataFormats of an unknown article", "verb=ListMetadataFormats&identifier=oai%3Aoai-a.localhost%3Aarticle%2F999999", HOST, "idDoesNotExist", { verb: "ListMetadataFormats", identifier: "oai:oai-a.localhost:article/999999" }],
  ["ListRecords from a future date", "verb=ListRecords&metadataPrefix=oai_dc&from=2999-01-01", HOST, "noRecordsMatch", { verb: "ListRecords", metadataPrefix: "oai_dc", from: "2999-01-01" }],
  ["ListIdentifiers of a volume that does not exist", "verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-99", HOST, "noRecordsMatch", { verb: "ListIdentifiers", metadataPrefix: "oai_dc", set: "volume-99" }],
  ["ListRecords of a well-formed but unknown set", "verb=ListRecords&metadataPrefix=oai_dc&set=subject:agronomy", HOST, "noRecordsMatch", { verb: "ListRecords", metadataPrefix: "oai_dc", set: "subject:agronomy" }],
  ["ListRecords of a journal without articles", "verb=ListRecords&metadataPrefix=oai_dc", EMPTY_HOST, "noRecordsMatch", { verb: "ListRecords", metadataPrefix: "oai_dc" }],
  ["ListRecords in jats from a journal without an ISSN", "verb=ListRecords&metadataPrefix=jats", EMPTY_HOST, "cannotDisseminateFormat", { verb: "ListRecords", metadataPrefix: "jats" }],
  ["ListRecords with a garbage resumptionToken", "verb=ListRecords&resumptionToken=garbage", HOST, "badResumptionToken", { verb: "ListRecords", resumptionToken: "garbage" }],
  ["ListSets with a resumptionToken it never issued", "verb=ListSets&resumptionToken=abc", HOST, "badResumptionToken", { verb: "ListSets", resumptionToken: "abc" }],
  ["ListSets of a journal without volumes", "verb=ListSets", EMPTY_HOST, "noSetHierarchy", { verb: "ListSets" }],
];

for (const [name, query, host, code, echo] of ERRORS) {
  test(`error ${code}: ${name}`, async () => {
    const doc = await oai(query, host);
    assert.deepEqual(errorCodes(doc), [code]);
    assert.deepEqual(requestAttrs(doc), echo ?? {});
  });
}

test("error badResumptionToken: a ListIdentifiers token replayed with ListRecords", async () => {
  const token = resumption(await oai("verb=ListIdentifiers&metadataPrefix=oai_dc"))?.token;
  assert.ok(token);
  const doc = await oai(`verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`);
  assert.deepEqual(errorCodes(doc), ["badResumptionToken"]);
});

test("error badResumptionToken: a token whose set was tampered with", async () => {
  const forged = Buffer.from(JSON.stringify({ v: "ListRecords", m: "oai_dc", s: "foo bar", a: 0, c: 100 })).toString("base64url");
  const doc = await oai(`verb=ListRecords&resumptionToken=${forged}`);
  assert.deepEqual(errorCodes(doc), ["badResumptionToken"]);
});

// Last: every response above, against the official schemas, in one run with the broken copies.
test("every response above is valid against the official OAI-PMH 2.0 schema (oai_dc, oai-identifier and JATS 1.3 within); broken ones are not", async (t) => {
  assert.ok(served.length > 60, `only ${served.length} responses collected`);
  const errors = await schemaErrors([...CONTROLS, ...BROKEN.map(([, doc]) => doc), ...served.map((s) => s.doc)]);
  // The validator itself can fail: correct shapes pass, each broken one is rejected, in the same run.
  assert.deepEqual(errors.slice(0, CONTROLS.length), [[], []]);
  BROKEN.forEach(([why], i) => assert.notDeepEqual(errors[CONTROLS.length + i], [], `accepted a document with ${why}`));
  const mine = errors.slice(CONTROLS.length + BROKEN.length);
  const bad = served.flatMap((s, i) => (mine[i].length ? [`${s.query}: ${mine[i].slice(0, 3).join(" | ")}`] : []));
  assert.deepEqual(bad, [], `${bad.length} of ${served.length} responses invalid`);
  t.diagnostic(`${served.length} responses valid`);
});

test("every JATS payload above, out of its namespace, is valid against the official JATS 1.3 XSD; a broken one is not", async (t) => {
  assert.equal(jatsServed.length, 1 + TOTAL - 2, "GetRecord's payload and every live record's");
  // An element JATS does not have, in a copy of the first payload: the run must reject it alone.
  const broken = jatsServed[0].doc.replace("<article-title>", "<title>").replace("</article-title>", "</title>");
  assert.notEqual(broken, jatsServed[0].doc);
  const results = await validateAll("jats", [broken, ...jatsServed.map((s) => s.doc)]);
  assert.equal(results[0].valid, false, "accepted a JATS payload with <title> for <article-title>");
  const bad = jatsServed.flatMap((s, i) => (results[i + 1].valid ? [] : [`${s.query}: ${results[i + 1].errors.slice(0, 3).join(" | ")}`]));
  assert.deepEqual(bad, [], `${bad.length} of ${jatsServed.length} JATS payloads invalid`);
  t.diagnostic(`${jatsServed.length} JATS payloads valid`);
});
