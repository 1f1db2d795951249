/**
 * Issue 18, as Crossref, DOAJ and JATS readers see it: every file the production build SERVES —
 * Crossref deposits and DOAJ uploads of every demo issue of both demo journals (DOIs assigned
 * through the API first), each article's JATS, and the hard cases (italic titles with markup
 * characters, Devanagari and accented names, 1 and 20 authors, a one-page article, a Marathi
 * journal) — validated with libxml2 against the official XSDs vendored in test/fixtures/ (see
 * test/xsd.ts). Incomplete articles (no pages, no DOI, no PDF, disabled) must be refused with
 * the list of what is missing, and no file. No browser: HTTP with each journal's Host header.
 */
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { demoJournals, type DemoJournal } from "../../scripts/seed/data.ts";
import { xmlTexts } from "../xml.ts";
import { validateAll, type XsdResult } from "../xsd.ts";
import { fetchOnHost, startApp, type App } from "./harness.ts";

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
const HOSTS = { agri: "xsd-agri.localhost", chem: "xsd-chem.localhost", hard: "xsd-hard.localhost", bare: "xsd-bare.localhost" };

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

// ---- data ------------------------------------------------------------------------------------

async function insertDemo(db: D1Database, jid: number, j: DemoJournal) {
  for (const iss of j.issues) {
    await db.batch([
      db.prepare("insert into issues (journal_id, year, volume, issue, frequency) values (?,?,?,?,?)").bind(jid, iss.year, iss.volume, iss.issue, iss.frequency),
      ...iss.articles.map((a) =>
        db
          .prepare(
            `insert into articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, pagenumber, first_page, last_page, txnid, publishdate, year, volume, issue, frequency, file, status)
             values (?,(select id from issues where journal_id = ? and year = ? and volume = ? and issue = ?),?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
          )
          .bind(
            jid, jid, iss.year, iss.volume, iss.issue, a.refnumber, a.title, a.authors.map((x) => x.name).join(", "), a.abstract, a.keywords,
            `${a.firstPage}-${a.lastPage}`, a.firstPage, a.lastPage, a.txnid, a.publishdate, iss.year, iss.volume, iss.issue, iss.frequency,
            `${a.refnumber}.pdf`, a.status,
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
});

after(async () => {
  await app?.stop();
});

// ---- the demo archive ------------------------------------------------------------------------

describe("the demo archives of both journals", () => {
  const crossref: { name: string; xml: string }[] = [];
  const doaj: { name: string; xml: string }[] = [];
  const jats: { name: string; xml: string }[] = [];

  before(async () => {
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
  });

  test("every Crossref deposit is valid against crossref5.3.1.xsd", async (t) => {
    const issues = DEMO[0].issues.length + DEMO[1].issues.length;
    assert.equal(crossref.length, issues + 2);
    assertAllValid("Crossref", crossref.map((d) => d.name), await validateAll("crossref", crossref.map((d) => d.xml)));
    t.diagnostic(`${crossref.length} Crossref deposits valid (${issues} issues + 2 selections)`);
  });

  test("every DOAJ upload is valid against doajArticles.xsd", async (t) => {
    assertAllValid("DOAJ", doaj.map((d) => d.name), await validateAll("doaj", doaj.map((d) => d.xml)));
    t.diagnostic(`${doaj.length} DOAJ uploads valid`);
  });

  test("every published article's JATS is valid against the JATS 1.3 Publishing XSD", async (t) => {
    const published = DEMO.flatMap((j) => j.issues.flatMap((i) => i.articles.filter((a) => a.status === "enabled"))).length;
    assert.equal(jats.length, published);
    assert.ok(published > 150, `only ${published} articles`);
    assertAllValid("JATS", jats.map((d) => d.name), await validateAll("jats", jats.map((d) => d.xml)));
    t.diagnostic(`${jats.length} JATS articles valid`);
  });

  test("deposits hold the issue's published articles with the assigned DOIs, on the primary host", () => {
    const first = DEMO[0].issues[0];
    const doc = crossref[0].xml;
    const enabled = first.articles.filter((a) => a.status === "enabled");
    assert.deepEqual(
      xmlTexts(doc, "doi"),
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
    const [c] = await validateAll("crossref", [crossref[0].xml.replace(/<month>(\d\d)<\/month><day>(\d\d)<\/day><year>(\d{4})<\/year>/, "<year>$3</year><month>$1</month><day>$2</day>")]);
    const [d] = await validateAll("doaj", [doaj[0].xml.replace("<language>eng</language>", "<language>en</language>")]);
    const italic = jats.find((d) => d.xml.includes("<italic>"));
    assert.ok(italic, "no demo title with italics");
    const [j] = await validateAll("jats", [italic.xml.replace(/<italic>/g, "<i>").replace(/<\/italic>/g, "</i>")]);
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

  before(async () => {
    await ok(HOSTS.hard, "POST", "/api/doi/assign", { refnumbers: HARD.map((a) => a.ref) });
    crossrefXml = (await ok(HOSTS.hard, "POST", "/api/export/crossref", { refnumbers: HARD.map((a) => a.ref) })).body;
    doajXml = (await ok(HOSTS.hard, "GET", "/api/export/doaj/2026/1/1")).body;
    for (const a of HARD) jats.push((await ok(HOSTS.hard, "GET", `/archives/2026/1/1/${a.ref}.jats.xml`)).body);
    jats.push((await ok(HOSTS.hard, "GET", `/api/export/jats/${HARD[0].ref}`)).body);
  });

  test("Crossref, DOAJ and JATS files of the hard cases are valid", async () => {
    assertAllValid("Crossref", ["hard crossref"], await validateAll("crossref", [crossrefXml]));
    assertAllValid("DOAJ", ["hard doaj"], await validateAll("doaj", [doajXml]));
    assertAllValid("JATS", HARD.map((a) => `hard jats ${a.ref}`).concat("api"), await validateAll("jats", jats));
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
