/**
 * No "?" in any document: every character family that titles, names and
 * affiliations really hold — sub/superscripts (U+2070–209F), Greek, ≤ ≥ → ⇌ ± × ° µ ‰ ∞,
 * Latin Extended A/B, typographic punctuation — is fed through each PDF the site makes and must
 * come back, character for character, from Poppler's pdftotext (a text extractor nobody here
 * wrote). The article page shows the same characters.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { unzipSync } from "fflate";
import { fetchOnHost, startApp, type App } from "./harness.ts";
import { pdfText, savePdf } from "../pdf-text.ts";
import { DOCUMENT_CHARACTERS, FORMULA_TITLE } from "../fixtures/document-characters.ts";
import { addEditor, addIssue, insertLegacyArticle } from "./data.ts";

const HOST = "chars.localhost";
const REF = "730777";
const ALL = Object.values(DOCUMENT_CHARACTERS).join(" ");
const TITLE = `${FORMULA_TITLE}: ${ALL}`;
let app: App;
let articleId = 0;
let editorId = 0;
const work = mkdtempSync(path.join(tmpdir(), "doc-chars-"));

before(async () => {
  app = await startApp(
    [
      {
        slug: "chars",
        name: "Journal of Applied Chemistry",
        hosts: [HOST],
        settings: { websitename: "Journal of Applied Chemistry", issn: "2583-7778", publisher_address: `Lab ${DOCUMENT_CHARACTERS.symbols} ${DOCUMENT_CHARACTERS.subscripts}` },
        admin: { username: "chief", password: "readable-characters-1" },
      },
    ],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 6, issue: 3, frequency: "Jul-Sep" });
      // A hyphenated author (Ørsted-Łukasiewicz) from before the author rule: the row as it was stored.
      const row = await insertLegacyArticle(env, jid, issue, { refnumber: REF, title: TITLE, authorname: "Zoë Ørsted-Łukasiewicz, Ǎdam Șerban", abstract: "<p>Formulas.</p>", keywords: "chemistry", pagenumber: "14-22", publishdate: "2025-08-02" });
      articleId = row.id;
      editorId = (await addEditor(env, jid, { name: "Prof. Ramesh Verma", category: "chief editor", post: "Professor", content: ALL })).id;
    },
  );
});

after(async () => {
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** A request with the journal's Host header. */
const get = (p: string, init: RequestInit = {}) => fetchOnHost(app, HOST, p, init);

/** The text pdftotext reads from a document's bytes. */
const pdfTextOf = (name: string, bytes: Uint8Array) => pdfText(savePdf(work, name, bytes));

/** Every character of `chars` comes back; none is a "?" or a replacement character. */
function assertAllBack(doc: string, text: string, chars: string): void {
  const missing = [...new Set(chars.replace(/\s/g, ""))].filter((c) => !text.includes(c));
  assert.deepEqual(missing, [], `${doc}: characters pdftotext did not find: ${missing.map((c) => `${c} U+${c.codePointAt(0)!.toString(16)}`).join(", ")}`);
  assert.doesNotMatch(text, /\?|\uFFFD/, `${doc}: no "?" or replacement character`);
}

async function token(): Promise<string> {
  const login = await get("/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://${HOST}:${app.port}` },
    body: JSON.stringify({ username: "chief", password: "readable-characters-1" }),
  });
  assert.equal(login.status, 200);
  return ((await login.json()) as { token: string }).token;
}

test("certificate: the title's formulas, Greek, symbols and punctuation, and accented names", async () => {
  for (const n of [1, 2]) {
    const res = await get(`/api/pdf/certificate/${REF}/${n}`);
    assert.equal(res.status, 200);
    const text = pdfTextOf(`certificate-${n}.pdf`, new Uint8Array(await res.arrayBuffer()));
    assertAllBack(`certificate ${n}`, text, TITLE);
    assert.ok(text.includes(n === 1 ? "Zoë Ørsted-Łukasiewicz" : "Ǎdam Șerban"));
  }
});

test("index page: an article title with every character", async () => {
  const res = await get("/api/pdf/indexpage", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await token()}` },
    body: JSON.stringify({ refnumbers: [REF] }),
  });
  assert.equal(res.status, 200);
  assertAllBack("index page", pdfTextOf("index.pdf", new Uint8Array(await res.arrayBuffer())), TITLE);
});

test("editorial board and the editor's certificate: an affiliation with every character", async () => {
  const board = await get("/api/pdf/editorialboard");
  assert.equal(board.status, 200);
  assertAllBack("editorial board", pdfTextOf("board.pdf", new Uint8Array(await board.arrayBuffer())), ALL);
  const zip = await get("/api/pdf/editorscertificate", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${await token()}` },
    body: JSON.stringify({ ids: [editorId] }),
  });
  assert.equal(zip.status, 200);
  const [[, bytes]] = Object.entries(unzipSync(new Uint8Array(await zip.arrayBuffer())));
  assertAllBack("editor certificate", pdfTextOf("editor.pdf", bytes), ALL);
});

test("cover page: a publisher address with symbols and subscripts", async () => {
  const res = await get(`/api/pdf/coverpage/${articleId}`);
  assert.equal(res.status, 200);
  assertAllBack("cover page", pdfTextOf("cover.pdf", new Uint8Array(await res.arrayBuffer())), `${DOCUMENT_CHARACTERS.symbols}${DOCUMENT_CHARACTERS.subscripts}`);
});

test("the article page shows the same characters", async () => {
  const res = await get(`/archives/2025/6/3/${REF}`);
  assert.equal(res.status, 200);
  const html = await res.text();
  for (const chars of Object.values(DOCUMENT_CHARACTERS)) for (const c of chars) assert.ok(html.includes(c), `article page has ${c}`);
  assert.ok(html.includes(FORMULA_TITLE));
});
