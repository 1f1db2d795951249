/**
 * The indexes' files as Crossref, DOAJ and JATS readers see them: every file the production build SERVES —
 * Crossref deposits and DOAJ uploads of every demo issue of both demo journals (DOIs assigned
 * through the API first; authors as people with ORCID iDs and affiliations, references, licences
 * and dates as the seed stores them), each article's JATS, and the hard cases (italic titles with
 * markup characters, Devanagari and accented names, 1 and 20 authors, a one-page article, a
 * Marathi journal) — validated with libxml2 against the official XSDs vendored in test/fixtures/
 * (see test/xsd.ts). Incomplete articles (no pages, no DOI, no PDF, disabled) must be refused with
 * the list of what is missing, and no file. Also: every OAI-PMH response of both demo journals,
 * every verb and format, against the official OAI-PMH 2.0 schema; and one article entered through
 * the API with three authors, ten references, a licence and its dates, followed into every format.
 * No browser: HTTP with each journal's Host header.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { demoJournals, type DemoJournal } from "../../scripts/seed/data.ts";
import { xmlTexts } from "../xml.ts";
import { validateAll, type XsdResult, type XsdSchema } from "../xsd.ts";
import { fetchOnHost, startApp, type App } from "./harness.ts";

// Loaded after the harness registered the resolver of the app's extensionless imports.
const { authorFromName, serialiseAuthors } = await import("../../app/lib/authors.ts");

/** The demo archive as of a fixed day: 4 volumes, every issue of the year published. */
const DEMO = demoJournals(new Date("2026-11-20T12:00:00Z"));
const ADMIN = { username: "indexer", password: "index-files-password-1" };
const DOI = {
  doi_prefix: "10.55555",
  doi_suffix_pattern: "{slug}.{year}.v{volume}i{issue}.{refnumber}",
  doi_depositor_name: "Demo Publisher DOI Desk",
  doi_depositor_email: "doi@publisher.example",
  doi_registrant: "Demo Publisher",
};
// Public-looking names (never looked up: every request goes to 127.0.0.1 with this Host): DOAJ
// refuses links on reserved names such as *.localhost.
const HOSTS = { agri: "xsd-agri.journals.org", chem: "xsd-chem.journals.org", hard: "xsd-hard.journals.org", bare: "xsd-bare.journals.org" };

let app: App;
const tokens: Record<string, string> = {};

// ---- HTTP ------------------------------------------------------------------------------------

interface Answer {
  status: number;
  type: string;
  disposition: string;
  body: string;
}

/** A request on a journal's host, staff token and JSON body when given, its answer read whole. */
async function send(host: string, method: string, path: string, json?: unknown, token = tokens[host]): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  const res = await fetchOnHost(app, host, path, {
    method,
    body,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { "content-type": "application/json" } : {}) },
  });
  return { status: res.status, type: res.headers.get("content-type") ?? "", disposition: res.headers.get("content-disposition") ?? "", body: await res.text() };
}

async function ok(host: string, method: string, path: string, json?: unknown): Promise<Answer> {
  const res = await send(host, method, path, json);
  assert.equal(res.status, 200, `${method} ${path}: ${res.body.slice(0, 400)}`);
  return res;
}

function assertAllValid(kind: string, names: string[], results: XsdResult[]) {
  const bad = results.map((r, i) => (r.valid ? "" : `${names[i]}:\n  ${r.errors.slice(0, 5).join("\n  ")}`)).filter(Boolean);
  assert.deepEqual(bad, [], `${bad.length} of ${results.length} ${kind} files are not valid`);
}

// ---- one libxml2 run per schema ---------------------------------------------------------------

/**
 * Every run of libxml2 compiles its schema again: ≈ 3.4 s of CPU for Crossref, JATS and OAI-PMH,
 * whatever the number of documents. So the describes below do not fetch their files in before
 * hooks of their own: each registers a `gather` step, all steps run (in file order) in the
 * file's `before`, queuing their documents, and the first test that asks for a schema's results
 * validates every document queued for it at once — four runs instead of eleven.
 */
const gathers: (() => Promise<void>)[] = [];
const gather = (step: () => Promise<void>) => void gathers.push(step);
const queues = new Map<XsdSchema, { xml: string[]; run?: Promise<XsdResult[]> }>();

/** Queues documents for a schema; the returned function gives their results, in order. */
function enqueue(schema: XsdSchema, xml: string[]): () => Promise<XsdResult[]> {
  const queue = queues.get(schema) ?? { xml: [] };
  queues.set(schema, queue);
  if (queue.run) throw new Error(`${schema} documents queued after the schema's run`);
  const start = queue.xml.length;
  queue.xml.push(...xml);
  return async () => (await (queue.run ??= validateAll(schema, queue.xml))).slice(start, start + xml.length);
}

// ---- data ------------------------------------------------------------------------------------

async function insertDemo(db: D1Database, jid: number, j: DemoJournal) {
  for (const iss of j.issues) {
    await db.batch([
      db.prepare("insert into issues (journal_id, year, volume, issue, frequency) values (?,?,?,?,?)").bind(jid, iss.year, iss.volume, iss.issue, iss.frequency),
      ...iss.articles.map((a) =>
        db
          .prepare(
            `insert into articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, pagenumber, first_page, last_page, txnid, publishdate, year, volume, issue, frequency, file, status, authors, reference_list, received_date, accepted_date)
             values (?,(select id from issues where journal_id = ? and year = ? and volume = ? and issue = ?),?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
          )
          .bind(
            jid, jid, iss.year, iss.volume, iss.issue, a.refnumber, a.title, a.authors.map((x) => x.name).join(", "), a.abstract, a.keywords,
            `${a.firstPage}-${a.lastPage}`, a.firstPage, a.lastPage, a.txnid, a.publishdate, iss.year, iss.volume, iss.issue, iss.frequency,
            `${a.refnumber}.pdf`, a.status,
            // As the seed stores them: people (split by the name rule), references, manuscript dates.
            serialiseAuthors(a.people.map((p) => ({ ...authorFromName(p.name), ...p }))), a.references.join("\n"), a.received, a.accepted,
          ),
      ),
    ]);
  }
}

/** The hard cases, in issue 2026/1/1 (complete) and 2026/1/2 (each article lacks something). */
const TWENTY = [
  "Dr. Anjali Sharma", "राजेश कुमार", "José Martínez", "Zoë Müller", "François Lefèvre", "सुनीता देवी", "Prof. R.K. Singh", "Kāḷidāsa",
  "Dr. Mohammed Irfan", "Ñuño Pérez-Álvarez", "अमित शर्मा", "Søren Kierkegård", "Łukasz Wróbel", "Meenakshi Iyer", "Dr.Suresh Patel",
  "Björn Ångström", "Ravi Shankar Tiwari", "Çağla Öztürk", "श्रीनिवास रामानुजन", "Priya Nair",
];
const HARD = [
  { ref: "910001", title: "Nested <i>Oryza <em>sativa</em> L.</i> &amp; &lt;salinity&gt; “stress” in Pāli, Rājasthan", authors: "राजेश कुमार", pages: "1-6", abstract: "<p><b>Background:</b> water &amp; salt (p &lt; 0.05), CO<sub>2</sub> and m<sup>2</sup>.<br>Second line with <i>italic<br>across</i> a break.</p><ul><li>one</li><li>two</li></ul><p>See <a href=\"https://example.org/x\">the data</a>.</p>", keywords: "लवणता, salinity, Pāli" },
  { ref: "910002", title: `Twenty authors on <i>Triticum aestivum</i>`, authors: TWENTY.join(", "), pages: "7-7", abstract: "", keywords: "" },
  { ref: "910003", title: "मराठी संत साहित्यातील प्रतिमा: <i>ज्ञानेश्वरी</i>", authors: "Kāḷidāsa", pages: "8-19", abstract: "<p>संत कवींच्या प्रतिमासृष्टीचा अभ्यास.</p>", keywords: "संत साहित्य" },
];
const BROKEN = [
  { ref: "920001", title: "An article without pages", pages: "", doi: true, file: true, status: "enabled" },
  { ref: "920002", title: "An article without a DOI", pages: "1-4", doi: false, file: true, status: "enabled" },
  { ref: "920003", title: "An article without a PDF", pages: "5-8", doi: true, file: false, status: "enabled" },
  { ref: "920004", title: "A withdrawn article", pages: "9-12", doi: true, file: true, status: "disabled" },
];

async function insertHard(db: D1Database, jid: number) {
  for (const [n, list] of [[1, HARD], [2, BROKEN]] as const) {
    await db.prepare("insert into issues (journal_id, year, volume, issue, frequency) values (?,?,?,?,?)").bind(jid, 2026, 1, n, "Jan-Jun").run();
    for (const a of list) {
      const x = a as Partial<(typeof HARD)[number] & (typeof BROKEN)[number]>;
      const [first, last] = (x.pages ?? "").split("-").map(Number);
      await db
        .prepare(
          `insert into articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, pagenumber, first_page, last_page, txnid, publishdate, year, volume, issue, file, status, doi)
           values (?,(select id from issues where journal_id = ? and year = 2026 and volume = 1 and issue = ?),?,?,?,?,?,?,?,?,?,?,2026,1,?,?,?,?)`,
        )
        .bind(
          jid, jid, n, x.ref, x.title, x.authors ?? "Meera Iyer", x.abstract ?? "", x.keywords ?? "", x.pages ?? "", first || 0, last || first || 0,
          `T${x.ref}`, "2026-03-15", n, x.file === false ? "" : `${x.ref}.pdf`, x.status ?? "enabled", x.doi ? `10.55555/hard.${x.ref}` : "",
        )
        .run();
    }
  }
}

before(async () => {
  const [agri, chem] = DEMO;
  const { logo: _logo, ...agriSettings } = agri.settings;
  app = await startApp(
    [
      { slug: "xsd-ijals", name: agri.name, hosts: [HOSTS.agri], settings: { ...agriSettings, ...DOI, abbrev_title: "Int. J. Agric. Life Sci." }, admin: ADMIN },
      { slug: "xsd-jacer", name: chem.name, hosts: [HOSTS.chem], settings: { ...chem.settings, ...DOI }, admin: ADMIN },
      {
        slug: "xsd-hard",
        name: "Journal of Marathi Studies & <Sources>",
        hosts: [HOSTS.hard],
        settings: { websitename: "Journal of Marathi Studies & <Sources>", issn: "2277-123x", journal_essn: "", journal_language: "Marathi", publisher_name: "Sahyadri \"Scholarly\" Society", ...DOI },
        admin: ADMIN,
      },
      { slug: "xsd-bare", name: "Journal Without Set-up", hosts: [HOSTS.bare], settings: { issn: "", journal_essn: "" }, admin: ADMIN },
    ],
    async (env, [a, b, hard, bare]) => {
      await insertDemo(env.DB, a, agri);
      await insertDemo(env.DB, b, chem);
      await insertHard(env.DB, hard);
      await insertHard(env.DB, bare);
    },
  );
  for (const host of Object.values(HOSTS)) {
    const res = await send(host, "POST", "/auth/login/", ADMIN, "");
    assert.equal(res.status, 200, res.body);
    tokens[host] = (JSON.parse(res.body) as { token: string }).token;
  }
  for (const step of gathers) await step();
});

after(async () => {
  await app?.stop();
});

// ---- the demo archive ------------------------------------------------------------------------

describe("the demo archives of both journals", () => {
  const crossref: { name: string; xml: string }[] = [];
  const doaj: { name: string; xml: string }[] = [];
  const jats: { name: string; xml: string }[] = [];
  let results: Record<"crossref" | "doaj" | "jats" | "brokenCrossref" | "brokenDoaj" | "brokenJats", () => Promise<XsdResult[]>>;

  gather(async () => {
    for (const [host, j] of [[HOSTS.agri, DEMO[0]], [HOSTS.chem, DEMO[1]]] as const) {
      for (const iss of j.issues) {
        // Assign every article's DOI through the API, as the issue table's button does.
        const assigned = JSON.parse((await ok(host, "POST", "/api/doi/assign", { refnumbers: iss.articles.map((a) => a.refnumber) })).body);
        assert.equal(assigned.assigned.length, iss.articles.length);
        const path = `${iss.year}/${iss.volume}/${iss.issue}`;
        const c = await ok(host, "GET", `/api/export/crossref/${path}`);
        assert.equal(c.disposition, `attachment; filename="crossref-${iss.year}-v${iss.volume}-i${iss.issue}.xml"`);
        crossref.push({ name: `${host} crossref ${path}`, xml: c.body });
        const d = await ok(host, "GET", `/api/export/doaj/${path}`);
        assert.equal(d.disposition, `attachment; filename="doaj-${iss.year}-v${iss.volume}-i${iss.issue}.xml"`);
        doaj.push({ name: `${host} doaj ${path}`, xml: d.body });
        for (const a of iss.articles.filter((x) => x.status === "enabled")) {
          jats.push({ name: `${host} jats ${path}/${a.refnumber}`, xml: (await ok(host, "GET", `/archives/${path}/${a.refnumber}.jats.xml`)).body });
        }
      }
      // The selection call as the issue table sends it: part of an issue, in any order.
      const last = j.issues[j.issues.length - 1];
      const picked = last.articles.filter((a) => a.status === "enabled").slice(0, 3).reverse().map((a) => a.refnumber);
      crossref.push({ name: `${host} crossref selection`, xml: (await ok(host, "POST", "/api/export/crossref", { refnumbers: picked })).body });
      doaj.push({ name: `${host} doaj selection`, xml: (await ok(host, "POST", "/api/export/doaj", { refnumbers: picked })).body });
    }
    // And a broken copy of each kind, which must be refused.
    const italic = jats.find((d) => d.xml.includes("<italic>"));
    assert.ok(italic, "no demo title with italics");
    results = {
      crossref: enqueue("crossref", crossref.map((d) => d.xml)),
      doaj: enqueue("doaj", doaj.map((d) => d.xml)),
      jats: enqueue("jats", jats.map((d) => d.xml)),
      brokenCrossref: enqueue("crossref", [crossref[0].xml.replace(/<month>(\d\d)<\/month><day>(\d\d)<\/day><year>(\d{4})<\/year>/, "<year>$3</year><month>$1</month><day>$2</day>")]),
      brokenDoaj: enqueue("doaj", [doaj[0].xml.replace("<language>eng</language>", "<language>en</language>")]),
      brokenJats: enqueue("jats", [italic.xml.replace(/<italic>/g, "<i>").replace(/<\/italic>/g, "</i>")]),
    };
  });

  test("every Crossref deposit is valid against crossref5.3.1.xsd", async (t) => {
    const issues = DEMO[0].issues.length + DEMO[1].issues.length;
    assert.equal(crossref.length, issues + 2);
    assertAllValid("Crossref", crossref.map((d) => d.name), await results.crossref());
    t.diagnostic(`${crossref.length} Crossref deposits valid (${issues} issues + 2 selections)`);
  });

  test("every DOAJ upload is valid against doajArticles.xsd", async (t) => {
    assertAllValid("DOAJ", doaj.map((d) => d.name), await results.doaj());
    t.diagnostic(`${doaj.length} DOAJ uploads valid`);
  });

  test("every published article's JATS is valid against the JATS 1.3 Publishing XSD", async (t) => {
    const published = DEMO.flatMap((j) => j.issues.flatMap((i) => i.articles.filter((a) => a.status === "enabled"))).length;
    assert.equal(jats.length, published);
    assert.ok(published > 150, `only ${published} articles`);
    assertAllValid("JATS", jats.map((d) => d.name), await results.jats());
    t.diagnostic(`${jats.length} JATS articles valid`);
  });

  test("deposits hold the issue's published articles with the assigned DOIs, on the primary host", () => {
    const first = DEMO[0].issues[0];
    const doc = crossref[0].xml;
    const enabled = first.articles.filter((a) => a.status === "enabled");
    assert.deepEqual(
      [...doc.matchAll(/<doi_data><doi>([^<]+)<\/doi>/g)].map((m) => m[1]),
      enabled.map((a) => `10.55555/xsd-ijals.${first.year}.v${first.volume}i${first.issue}.${a.refnumber}`),
    );
    assert.deepEqual(xmlTexts(doc, "full_title"), [DEMO[0].name]);
    assert.deepEqual(xmlTexts(doc, "abbrev_title"), ["Int. J. Agric. Life Sci."]);
    for (const url of xmlTexts(doc, "resource")) assert.match(url, new RegExp(`^http://${HOSTS.agri.replace(".", "\\.")}:${app.port}/archives/`));
    // Disabled demo articles are left out of the whole-issue files.
    const disabled = DEMO.flatMap((j) => j.issues.flatMap((i) => i.articles.filter((a) => a.status === "disabled").map((a) => a.refnumber)));
    assert.ok(disabled.length > 0);
    for (const d of crossref) for (const r of disabled) assert.ok(!d.xml.includes(`.${r}</doi>`), `${d.name} names disabled ${r}`);
  });

  test("the validator is not vacuous: a broken copy of each kind is rejected", async () => {
    const [c] = await results.brokenCrossref();
    const [d] = await results.brokenDoaj();
    const [j] = await results.brokenJats();
    assert.equal(c.valid, false);
    assert.equal(d.valid, false);
    assert.equal(j.valid, false);
  });
});

// ---- hard cases ------------------------------------------------------------------------------

describe("hard cases", () => {
  let crossrefXml = "";
  let doajXml = "";
  const jats: string[] = [];
  let results: Record<"crossref" | "doaj" | "jats", () => Promise<XsdResult[]>>;

  gather(async () => {
    await ok(HOSTS.hard, "POST", "/api/doi/assign", { refnumbers: HARD.map((a) => a.ref) });
    crossrefXml = (await ok(HOSTS.hard, "POST", "/api/export/crossref", { refnumbers: HARD.map((a) => a.ref) })).body;
    doajXml = (await ok(HOSTS.hard, "GET", "/api/export/doaj/2026/1/1")).body;
    for (const a of HARD) jats.push((await ok(HOSTS.hard, "GET", `/archives/2026/1/1/${a.ref}.jats.xml`)).body);
    jats.push((await ok(HOSTS.hard, "GET", `/api/export/jats/${HARD[0].ref}`)).body);
    results = { crossref: enqueue("crossref", [crossrefXml]), doaj: enqueue("doaj", [doajXml]), jats: enqueue("jats", jats) };
  });

  test("Crossref, DOAJ and JATS files of the hard cases are valid", async () => {
    assertAllValid("Crossref", ["hard crossref"], await results.crossref());
    assertAllValid("DOAJ", ["hard doaj"], await results.doaj());
    assertAllValid("JATS", HARD.map((a) => `hard jats ${a.ref}`).concat("api"), await results.jats());
  });

  test("italics survive as <i> (Crossref) and <italic> (JATS), plain in DOAJ, markup characters escaped", () => {
    assert.ok(crossrefXml.includes("<title>Nested <i>Oryza <i>sativa</i> L.</i> &amp; &lt;salinity&gt; “stress” in Pāli, Rājasthan</title>"), crossrefXml);
    assert.ok(jats[0].includes("<article-title>Nested <italic>Oryza <italic>sativa</italic> L.</italic> &amp; &lt;salinity&gt; “stress” in Pāli, Rājasthan</article-title>"));
    assert.ok(doajXml.includes(`<title language="mar">Nested Oryza sativa L. &amp; &lt;salinity&gt; “stress” in Pāli, Rājasthan</title>`));
    assert.ok(jats[0].includes("<p>Second line with <italic>italic</italic></p><p><italic>across</italic> a break.</p>"));
    assert.ok(crossrefXml.includes("<full_title>Journal of Marathi Studies &amp; &lt;Sources&gt;</full_title>"));
  });

  test("1 and 20 authors in byline order; Devanagari and accented names whole", () => {
    const articles = xmlTexts(crossrefXml, "journal_article");
    const names = (a: string) => [...a.matchAll(/<person_name sequence="(\w+)"[^>]*>(?:<given_name>([^<]*)<\/given_name>)?<surname>([^<]*)<\/surname>/g)].map((m) => [m[1], m[2] ?? "", m[3]]);
    assert.deepEqual(names(articles[0]), [["first", "राजेश", "कुमार"]]);
    const twenty = names(articles[1]);
    assert.equal(twenty.length, 20);
    assert.deepEqual(twenty.map((n) => n[0]), ["first", ...Array(19).fill("additional")]);
    assert.deepEqual(twenty.slice(0, 4), [["first", "Anjali", "Sharma"], ["additional", "राजेश", "कुमार"], ["additional", "José", "Martínez"], ["additional", "Zoë", "Müller"]]);
    assert.deepEqual(twenty[6], ["additional", "R. K.", "Singh"]);
    assert.deepEqual(twenty[18], ["additional", "श्रीनिवास", "रामानुजन"]);
    assert.deepEqual(names(articles[2]), [["first", "", "Kāḷidāsa"]]);
    assert.equal((doajXml.match(/<author>/g) ?? []).length, 22);
    // A one-page article: first page only.
    assert.ok(articles[1].includes("<pages><first_page>7</first_page></pages>"));
  });

  test("a Marathi journal: mr in Crossref and JATS, mar in DOAJ; the ISSN's x upper-cased", () => {
    assert.ok(crossrefXml.includes(`<journal_article publication_type="full_text" language="mr">`));
    assert.ok(jats[0].includes(`xml:lang="mr"`));
    assert.ok(doajXml.includes("<language>mar</language>"));
    assert.ok(crossrefXml.includes(`<issn media_type="print">2277-123X</issn>`));
  });

  test("incomplete articles are refused with the list of what is missing, and no file", async () => {
    const all = BROKEN.map((a) => a.ref);
    const c = await send(HOSTS.hard, "POST", "/api/export/crossref", { refnumbers: all });
    assert.equal(c.status, 400);
    assert.match(c.type, /application\/json/);
    assert.deepEqual(JSON.parse(c.body), {
      error: "incomplete_metadata",
      message: "The Crossref file was not made: fix what is listed, then download it again.",
      journal: [],
      articles: [
        { refnumber: "920001", title: "An article without pages", missing: ["no pages"] },
        { refnumber: "920002", title: "An article without a DOI", missing: ["no DOI"] },
        { refnumber: "920004", title: "A withdrawn article", missing: ["not published on the site (the article is disabled)"] },
      ],
    });
    const d = await send(HOSTS.hard, "POST", "/api/export/doaj", { refnumbers: all });
    assert.equal(d.status, 400);
    assert.deepEqual(JSON.parse(d.body).articles, [
      { refnumber: "920003", title: "An article without a PDF", missing: ["no PDF (DOAJ needs a full-text link)"] },
      { refnumber: "920004", title: "A withdrawn article", missing: ["not published on the site (the article is disabled)"] },
    ]);
    // The whole-issue call leaves the withdrawn article out, and still refuses the rest.
    const whole = await send(HOSTS.hard, "GET", "/api/export/crossref/2026/1/2");
    assert.equal(whole.status, 400);
    assert.deepEqual(JSON.parse(whole.body).articles.map((a: { refnumber: string }) => a.refnumber), ["920001", "920002"]);
  });

  test("a journal without DOI settings or ISSN: Crossref lists the settings, JATS and OAI jats are not offered", async () => {
    const c = await send(HOSTS.bare, "POST", "/api/export/crossref", { refnumbers: ["910001"] });
    assert.equal(c.status, 400);
    assert.deepEqual(JSON.parse(c.body).journal, ["no DOI prefix", "no depositor name", "no depositor e-mail", "no registrant"]);
    const assign = await send(HOSTS.bare, "POST", "/api/doi/assign", { refnumbers: ["910001"] });
    assert.equal(assign.status, 400);
    assert.equal(JSON.parse(assign.body).error, "doi_not_configured");
    assert.equal((await send(HOSTS.bare, "GET", "/archives/2026/1/1/910001.jats.xml")).status, 404);
    const formats = (await send(HOSTS.bare, "GET", "/oai?verb=ListMetadataFormats")).body;
    assert.deepEqual(xmlTexts(formats, "metadataPrefix"), ["oai_dc"]);
  });

  test("staff only: no token, no file", async () => {
    assert.equal((await send(HOSTS.hard, "GET", "/api/export/crossref/2026/1/1", undefined, "")).status, 401);
    assert.equal((await send(HOSTS.hard, "POST", "/api/export/doaj", { refnumbers: ["910001"] }, "")).status, 401);
    // A token of another journal is refused.
    assert.equal((await send(HOSTS.hard, "GET", "/api/export/crossref/2026/1/1", undefined, tokens[HOSTS.agri])).status, 401);
  });
});

// ---- every OAI-PMH response of both demo journals ----------------------------------------------

describe("OAI-PMH of both demo journals", () => {
  const responses: { name: string; xml: string }[] = [];
  const jatsPayloads: { name: string; xml: string }[] = [];
  const JATS_NS = "https://jats.nlm.nih.gov/ns/publishing/1.3/";
  let results: Record<"responses" | "payloads", () => Promise<XsdResult[]>>;

  async function get(host: string, query: string): Promise<string> {
    const res = await send(host, "GET", `/oai?${query}`, undefined, "");
    assert.equal(res.status, 200, `${host} ${query}: ${res.body.slice(0, 300)}`);
    responses.push({ name: `${host} ${query}`, xml: res.body });
    return res.body;
  }

  /** A list verb followed through its resumption tokens; the records' identifiers. */
  async function list(host: string, query: string): Promise<string[]> {
    const ids: string[] = [];
    let doc = await get(host, query);
    const verb = /verb=(\w+)/.exec(query)![1];
    for (;;) {
      if (!doc.includes("<error ")) ids.push(...xmlTexts(doc, "identifier"));
      for (const m of doc.matchAll(/<metadata>(<article xmlns="([^"]*)" [\s\S]*?<\/article>)<\/metadata>/g)) {
        assert.equal(m[2], JATS_NS);
        jatsPayloads.push({ name: `${host} ${query}`, xml: `<?xml version="1.0" encoding="UTF-8"?>\n${m[1].replace(` xmlns="${JATS_NS}"`, "")}` });
      }
      const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(doc)?.[1];
      if (!token) return ids;
      doc = await get(host, `verb=${verb}&resumptionToken=${encodeURIComponent(token)}`);
    }
  }

  gather(async () => {
    for (const [host, j] of [[HOSTS.agri, DEMO[0]], [HOSTS.chem, DEMO[1]]] as const) {
      await get(host, "verb=Identify");
      const formats = xmlTexts(await get(host, "verb=ListMetadataFormats"), "metadataPrefix");
      assert.deepEqual(formats, ["oai_dc", "jats"]);
      const sets = xmlTexts(await get(host, "verb=ListSets"), "setSpec");
      assert.equal(sets.length, 4);
      for (const format of formats) {
        const all = await list(host, `verb=ListRecords&metadataPrefix=${format}`);
        assert.equal(all.length, j.issues.reduce((n, i) => n + i.articles.length, 0), `${host} ${format}: every article, deleted ones as headers`);
        assert.deepEqual(await list(host, `verb=ListIdentifiers&metadataPrefix=${format}`), all);
        for (const set of sets) await list(host, `verb=ListRecords&metadataPrefix=${format}&set=${set}`);
        await list(host, `verb=ListIdentifiers&metadataPrefix=${format}&from=2000-01-01&until=2999-12-31`);
        for (const id of all) await get(host, `verb=GetRecord&metadataPrefix=${format}&identifier=${encodeURIComponent(id)}`);
      }
      const [first] = await list(host, "verb=ListIdentifiers&metadataPrefix=oai_dc");
      await get(host, `verb=ListMetadataFormats&identifier=${encodeURIComponent(first)}`);
      // And the error answers of each verb.
      for (const q of ["verb=Nonsense", "verb=GetRecord&metadataPrefix=jats&identifier=oai%3Ax%3Aarticle%2F1", "verb=ListRecords&metadataPrefix=marc21", "verb=ListSets&resumptionToken=x", "verb=ListIdentifiers&metadataPrefix=jats&set=volume-99"]) {
        await get(host, q);
      }
    }
    results = { responses: enqueue("oai", responses.map((r) => r.xml)), payloads: enqueue("jats", jatsPayloads.map((r) => r.xml)) };
  });

  test("every response, all verbs and both formats, is valid against the official OAI-PMH 2.0 schema", async (t) => {
    assert.ok(responses.length > 400, `only ${responses.length} responses`);
    assertAllValid("OAI-PMH", responses.map((r) => r.name), await results.responses());
    t.diagnostic(`${responses.length} OAI-PMH responses valid`);
  });

  test("every jats record's <article>, out of its OAI namespace, is valid against the JATS 1.3 XSD", async (t) => {
    assert.ok(jatsPayloads.length > 300, `only ${jatsPayloads.length} payloads`);
    assertAllValid("JATS payload", jatsPayloads.map((r) => r.name), await results.payloads());
    t.diagnostic(`${jatsPayloads.length} JATS payloads valid`);
  });
});

// ---- one article with everything, entered through the API ----------------------------------------

describe("an article with three authors, ten references, a licence and its dates", () => {
  const host = HOSTS.agri;
  const AUTHORS = [
    {
      name: "Dr. Anjali Sharma",
      orcid: "https://orcid.org/0000-0002-1825-0097",
      affiliations: [
        { name: "Department of Plant Sciences, University of Cambridge", ror: "https://ror.org/013meh722", country: "United Kingdom" },
        { name: "Punjab Agricultural University, Ludhiana", ror: "", country: "India" },
      ],
      email: "anjali.sharma@cam.example",
      corresponding: true,
    },
    { name: "Rahul Verma", affiliations: [{ name: "Punjab Agricultural University, Ludhiana", ror: "", country: "India" }] },
    { name: "Jan van der Berg", given: "Jan", family: "van der Berg" },
  ];
  // Pasted as a numbered list, one reference wrapped over two lines; four name DOIs, written four ways.
  const REFERENCES = [
    "1. Singh R, Kaur P. Rice yield under drip irrigation. Field Crops Res. 2019;240:1-10. doi:10.1016/j.fcr.2019.05.001.",
    "2. Nair P. Soil carbon under conservation tillage. Indian J Agron. 2018;63(2):45-52.",
    "3. Iyer M, Rao K. Water productivity of wheat in semi-arid India. Agric Water Manag. 2020;231:105995.",
    "   https://doi.org/10.1016/j.agwat.2019.105995",
    "4. Patel SK. Nutrient uptake of pearl millet. J Plant Nutr. 2017;40(3):301-12.",
    "5. FAO. The state of food and agriculture 2020. Rome: FAO; 2020.",
    "6. Gupta N, Bhatt G. Biochar and soil health. Chemosphere. 2021;262:127-40. DOI 10.1016/j.chemosphere.2020.127840",
    "7. Joshi H. Weed flora of rabi crops in the Tarai. Pantnagar J Res. 2016;14:22-8.",
    "8. Kulkarni S, Menon D. Seasonal incidence of sucking pests. J Entomol Zool Stud. 2019;7(1):12-17.",
    "9. Tripathi M. Economics of organic farming. Indian J Agric Econ. 2015;70(3):350-9.",
    "10. Lefèvre F, Müller Z. Green synthesis of ZnO nanoparticles. http://dx.doi.org/10.5555/demo.2018.7701",
  ].join("\n");
  let ref = "";
  let pageUrl = "";
  const files: Record<string, string> = {};
  let results: Record<"crossref" | "doaj" | "jats" | "oai", () => Promise<XsdResult[]>>;

  gather(async () => {
    const year = Number(new Intl.DateTimeFormat("en", { timeZone: "Asia/Kolkata", year: "numeric" }).format(new Date()));
    const created = await send(host, "POST", "/api/admin/create-issue", { volume: 90, issue: 1, year, frequency: "Jan-Jun" });
    assert.equal(created.status, 201, created.body);
    const form = new FormData();
    const fields: Record<string, string> = {
      year: String(year), volume: "90", issue: "1", refnumber: "990001", txnid: "TXN990001", ptype: "paid", publishdate: `${year}-01-20`,
      email: "office@cam.example", pagenumber: "1-12", title: "Yield and water use of <i>Oryza sativa</i> under drip irrigation",
      abstract: "<p>A two-season field study.</p>", keywords: "rice, drip irrigation", authors: JSON.stringify(AUTHORS), references: REFERENCES,
      license_url: "https://creativecommons.org/licenses/by/4.0/", received_date: `${year - 1}-10-02`, accepted_date: `${year}-01-05`,
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.set("pdfFile", new File([Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\n%%EOF\n")], "paper.pdf", { type: "application/pdf" }));
    // As a browser sends it: multipart, encoded by the platform's own Request.
    const multipart = new Request("http://form.invalid/", { method: "POST", body: form });
    const res = await fetchOnHost(app, host, "/api/admin/archives/", {
      method: "POST",
      body: Buffer.from(await multipart.arrayBuffer()),
      headers: { authorization: `Bearer ${tokens[host]}`, "content-type": multipart.headers.get("content-type")! },
    });
    const body = await res.text();
    assert.equal(res.status, 201, body);
    const article = JSON.parse(body) as { refnumber: string; authorname: string; references: string };
    ref = article.refnumber;
    assert.equal(article.authorname, "Dr. Anjali Sharma, Rahul Verma, Jan van der Berg");
    assert.equal(article.references.split("\n").length, 10);
    await ok(host, "POST", "/api/doi/assign", { refnumbers: [ref] });
    const path = `/archives/${year}/90/1/${ref}`;
    pageUrl = `http://${host}:${app.port}${path}`;
    files.page = (await ok(host, "GET", path)).body;
    for (const ext of ["ris", "bib", "json"]) files[ext] = (await ok(host, "GET", `/api/cite/${ref}.${ext}`)).body;
    files.crossref = (await ok(host, "POST", "/api/export/crossref", { refnumbers: [ref] })).body;
    files.doaj = (await ok(host, "POST", "/api/export/doaj", { refnumbers: [ref] })).body;
    files.jats = (await ok(host, "GET", `${path}.jats.xml`)).body;
    const ids = xmlTexts((await ok(host, "GET", "/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&set=volume-90")).body, "identifier");
    assert.equal(ids.length, 1);
    files.oaiJats = (await ok(host, "GET", `/oai?verb=GetRecord&metadataPrefix=jats&identifier=${encodeURIComponent(ids[0])}`)).body;
    files.oaiDc = (await ok(host, "GET", `/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(ids[0])}`)).body;
    const payload = /<metadata>(<article [\s\S]*<\/article>)<\/metadata>/.exec(files.oaiJats)![1].replace(' xmlns="https://jats.nlm.nih.gov/ns/publishing/1.3/"', "");
    results = {
      crossref: enqueue("crossref", [files.crossref]),
      doaj: enqueue("doaj", [files.doaj]),
      jats: enqueue("jats", [files.jats, `<?xml version="1.0" encoding="UTF-8"?>\n${payload}`]),
      oai: enqueue("oai", [files.oaiJats, files.oaiDc]),
    };
  });

  test("Crossref 5.3.1, DOAJ, JATS 1.3 and the OAI record (both schemas) are valid", async () => {
    assertAllValid("Crossref", ["crossref"], await results.crossref());
    assertAllValid("DOAJ", ["doaj"], await results.doaj());
    assertAllValid("JATS", ["jats", "oai jats payload"], await results.jats());
    assertAllValid("OAI-PMH", ["oai jats", "oai oai_dc"], await results.oai());
  });

  test("the page: byline with affiliations, ORCID iD, corresponding author, references with DOI links, licence badge, dates", () => {
    const page = files.page;
    assert.match(page, /Dr\. Anjali Sharma<\/a><sup class="aff-ref">1,2<\/sup><a class="orcid-link" href="https:\/\/orcid\.org\/0000-0002-1825-0097"/);
    assert.match(page, /Rahul Verma<\/a><sup class="aff-ref">2<\/sup>/);
    assert.ok(page.includes("Department of Plant Sciences, University of Cambridge, United Kingdom"));
    assert.ok(page.includes('<a href="mailto:anjali.sharma@cam.example">anjali.sharma@cam.example</a>'));
    assert.equal((page.match(/<ol class="reference-list">([\s\S]*?)<\/ol>/)![1].match(/<li>/g) ?? []).length, 10);
    for (const doi of ["10.1016/j.fcr.2019.05.001", "10.1016/j.agwat.2019.105995", "10.1016/j.chemosphere.2020.127840", "10.5555/demo.2018.7701"]) {
      assert.ok(page.includes(`href="https://doi.org/${doi}"`), doi);
    }
    assert.match(page, /class="license-badge cc" href="https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/"/);
    assert.match(page, /<dt>Received<\/dt><dd>2 October \d{4}<\/dd>/);
    assert.match(page, /<dt>Accepted<\/dt><dd>5 January \d{4}<\/dd>/);
  });

  test("Scholar tags and JSON-LD carry the people, the references and the licence", () => {
    const page = files.page;
    const meta = (name: string) => [...page.matchAll(new RegExp(`<meta name="${name}" content="([^"]*)"`, "g"))].map((m) => m[1]);
    assert.deepEqual(meta("citation_author"), ["Anjali Sharma", "Rahul Verma", "Jan van der Berg"]);
    assert.deepEqual(meta("citation_author_institution"), ["Department of Plant Sciences, University of Cambridge", "Punjab Agricultural University, Ludhiana", "Punjab Agricultural University, Ludhiana"]);
    assert.deepEqual(meta("citation_author_orcid"), ["https://orcid.org/0000-0002-1825-0097"]);
    assert.equal(meta("citation_reference").length, 10);
    assert.match(page, /<link rel="license" href="https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/"/);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)![1]) as Record<string, any>;
    assert.equal(ld.license, "https://creativecommons.org/licenses/by/4.0/");
    assert.equal(ld.citation.length, 10);
    assert.equal(ld.author[0].sameAs, "https://orcid.org/0000-0002-1825-0097");
    assert.deepEqual(ld.author[0].affiliation[0], { "@type": "Organization", name: "Department of Plant Sciences, University of Cambridge", sameAs: "https://ror.org/013meh722", address: { "@type": "PostalAddress", addressCountry: "United Kingdom" } });
    assert.deepEqual(ld.author.map((p: { givenName?: string; familyName: string }) => [p.givenName, p.familyName]), [["Anjali", "Sharma"], ["Rahul", "Verma"], ["Jan", "van der Berg"]]);
  });

  test("RIS, BibTeX and CSL-JSON: the stored given and family names, both ISSNs", () => {
    assert.match(files.ris, /AU {2}- Sharma, Anjali\r\nAU {2}- Verma, Rahul\r\nAU {2}- van der Berg, Jan\r\n/);
    assert.match(files.ris, /SN {2}- 2583-1234\r\nSN {2}- 2583-5678\r\n/);
    assert.match(files.bib, /author = \{Sharma, Anjali and Verma, Rahul and van der Berg, Jan\}/);
    assert.match(files.bib, /issn = \{2583-1234, 2583-5678\}/);
    const csl = JSON.parse(files.json) as Record<string, any>;
    const item = Array.isArray(csl) ? csl[0] : csl;
    assert.deepEqual(item.author, [{ family: "Sharma", given: "Anjali" }, { family: "Verma", given: "Rahul" }, { family: "Berg", given: "Jan", "non-dropping-particle": "van der" }]);
    assert.equal(item.ISSN, "2583-1234, 2583-5678");
    assert.equal(item.URL, pageUrl);
  });

  test("Crossref: ORCID, affiliations with the ROR ID, acceptance date, licence, ten citations (four DOIs)", () => {
    const x = files.crossref;
    assert.ok(x.includes('<ORCID authenticated="false">https://orcid.org/0000-0002-1825-0097</ORCID>'));
    assert.ok(x.includes('<institution><institution_name>Department of Plant Sciences, University of Cambridge</institution_name><institution_id type="ror">https://ror.org/013meh722</institution_id><institution_place>United Kingdom</institution_place></institution>'));
    assert.match(x, /<acceptance_date><month>01<\/month><day>05<\/day><year>\d{4}<\/year><\/acceptance_date>/);
    assert.match(x, /<ai:license_ref applies_to="vor" start_date="\d{4}-01-20">https:\/\/creativecommons\.org\/licenses\/by\/4\.0\/<\/ai:license_ref>/);
    assert.equal((x.match(/<citation key=/g) ?? []).length, 10);
    assert.equal((x.match(/<unstructured_citation>/g) ?? []).length, 10);
    assert.deepEqual([...x.matchAll(/<citation key="[^"]+"><doi>([^<]+)<\/doi>/g)].map((m) => m[1]), ["10.1016/j.fcr.2019.05.001", "10.1016/j.agwat.2019.105995", "10.1016/j.chemosphere.2020.127840", "10.5555/demo.2018.7701"]);
  });

  test("DOAJ: affiliations listed once, each author pointing to theirs, the ORCID iD", () => {
    const x = files.doaj;
    assert.ok(x.includes("<author><name>Anjali Sharma</name><email>anjali.sharma@cam.example</email><affiliationId>1</affiliationId><affiliationId>2</affiliationId><orcid_id>https://orcid.org/0000-0002-1825-0097</orcid_id></author>"));
    assert.ok(x.includes("<author><name>Rahul Verma</name><affiliationId>2</affiliationId></author>"));
    assert.ok(x.includes('<affiliationsList><affiliationName affiliationId="1">Department of Plant Sciences, University of Cambridge, United Kingdom</affiliationName><affiliationName affiliationId="2">Punjab Agricultural University, Ludhiana, India</affiliationName></affiliationsList>'));
  });

  test("JATS (file and OAI record): contrib-id, aff with the ROR ID, corresponding author, history, licence, ref-list", () => {
    for (const x of [files.jats, files.oaiJats]) {
      assert.ok(x.includes('<contrib contrib-type="author" corresp="yes"><contrib-id contrib-id-type="orcid" authenticated="false">https://orcid.org/0000-0002-1825-0097</contrib-id><name><surname>Sharma</surname><given-names>Anjali</given-names></name><xref ref-type="aff" rid="aff-990001-1"/><xref ref-type="aff" rid="aff-990001-2"/><email>anjali.sharma@cam.example</email></contrib>'));
      assert.ok(x.includes('<aff id="aff-990001-1"><institution-wrap><institution>Department of Plant Sciences, University of Cambridge</institution><institution-id institution-id-type="ror">https://ror.org/013meh722</institution-id></institution-wrap>, <country>United Kingdom</country></aff>'));
      assert.match(x, /<history><date date-type="received" iso-8601-date="\d{4}-10-02">/);
      assert.ok(x.includes('<license license-type="open-access" xlink:href="https://creativecommons.org/licenses/by/4.0/"><ali:license_ref>https://creativecommons.org/licenses/by/4.0/</ali:license_ref>'));
      assert.equal((x.match(/<ref id="ref-990001-\d+">/g) ?? []).length, 10);
      assert.equal((x.match(/<pub-id pub-id-type="doi">/g) ?? []).length, 4);
      // Every xref points at an aff that exists (libxml2 does not check IDREFs).
      const affs = new Set([...x.matchAll(/<aff id="([^"]+)"/g)].map((m) => m[1]));
      for (const m of x.matchAll(/rid="([^"]+)"/g)) assert.ok(affs.has(m[1]), m[1]);
    }
  });

  test("OAI-PMH oai_dc: creators without titles and the licence in dc:rights", () => {
    assert.deepEqual(xmlTexts(files.oaiDc, "dc:creator"), ["Anjali Sharma", "Rahul Verma", "Jan van der Berg"]);
    assert.ok(xmlTexts(files.oaiDc, "dc:rights").includes("https://creativecommons.org/licenses/by/4.0/"));
  });
});
