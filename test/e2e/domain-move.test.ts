/**
 * A journal moves to a new domain while the production build is served: `npm run journal --
 * hosts {slug} --add {new}` then `--primary {new}`. Harvesters keep what they harvested —
 * Identify's repository identifier and every record identifier are unchanged, an identifier
 * harvested before the move still answers GetRecord — and every OAI-PMH response is checked
 * against the official schemas (test/fixtures/oai). Readers see the new domain: the home page's
 * cover card, the cover page and the editorial board PDF (read back by pdftotext) print it.
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { childEnv } from "../../scripts/lib/run.mjs";
import { pdfText, savePdf } from "../pdf-text.ts";
import { xmlTexts } from "../xml.ts";
import { oaiSchemaErrors } from "../xsd.ts";
import { addArticle, addEditor, addIssue } from "./data.ts";
import { fetchOnHost, startApp, type App } from "./harness.ts";

const root = path.resolve(import.meta.dirname, "../..");
const OLD = "old-agri.localhost";
const NEW = "agri-new.localhost";
const pdfDir = mkdtempSync(path.join(tmpdir(), "journal-domain-move-"));
let app: App;
let articleId = 0;

before(async () => {
  app = await startApp(
    [{ slug: "agri", name: "Agri Journal", hosts: [OLD], settings: { websiteemail: "office@agri.example", issn: "2583-1111", publisher_name: "Agri Press" } }],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 3, issue: 2, frequency: "Apr-Jun" });
      for (const [i, title] of ["Drip irrigation of <i>Zea mays</i>", "Soil carbon in terraces", "Rice blast resistance"].entries()) {
        const a = await addArticle(env, jid, issue, { refnumber: String(501 + i), txnid: `TXN50${i}`, ptype: "paid", publishdate: "2025-04-10", authorname: "Anjali Sharma", email: "a@agri.example", pagenumber: `${1 + i * 10}-${9 + i * 10}`, title, abstract: "<p>An abstract.</p>" });
        if (i === 0) articleId = a.id;
      }
      await addEditor(env, jid, { category: "chief editor", post: "Professor", name: "Kavita Rao", content: "Pune University" });
    },
  );
});

after(async () => {
  await app?.stop();
  rmSync(pdfDir, { recursive: true, force: true });
});

async function oai(host: string, query: string): Promise<string> {
  const res = await fetchOnHost(app, host, `/oai?${query}`);
  const body = await res.text();
  assert.equal(res.status, 200);
  assert.deepEqual(await oaiSchemaErrors(body), [], `${query} on ${host} is not valid OAI-PMH:\n${body.slice(0, 600)}`);
  return body;
}

function journalCli(args: string[]) {
  const r = spawnSync("node", ["scripts/journal.ts", ...args], { cwd: root, env: childEnv({ JOURNAL_STATE_DIR: app.stateDir }), encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

async function pdfOn(host: string, p: string, name: string): Promise<string> {
  const res = await fetchOnHost(app, host, p);
  assert.equal(res.status, 200, p);
  return pdfText(savePdf(pdfDir, name, await res.arrayBuffer()));
}

test("hosts --primary moves every address and the domain, and no identity", async () => {
  // What a harvester and a reader have before the move.
  const identify = await oai(OLD, "verb=Identify");
  assert.deepEqual(xmlTexts(identify, "repositoryIdentifier"), [OLD]);
  const harvested = xmlTexts(await oai(OLD, "verb=ListIdentifiers&metadataPrefix=oai_dc"), "identifier");
  assert.equal(harvested.length, 3);
  assert.ok(harvested.every((id) => id.startsWith(`oai:${OLD}:article/`)));
  assert.match(await (await fetchOnHost(app, OLD, "/")).text(), new RegExp(`<p class="cover-domain">${OLD}</p>`));

  assert.match(journalCli(["hosts", "agri", "--add", NEW]), new RegExp(`${NEW}`));
  assert.match(journalCli(["hosts", "agri", "--primary", NEW]), new RegExp(`${NEW} \\(primary\\)`));
  await new Promise((r) => setTimeout(r, 2500)); // the served app's journal cache (JOURNAL_CACHE_MS)

  // The old host now redirects; the new one answers.
  const redirect = await fetchOnHost(app, OLD, "/oai?verb=Identify");
  assert.equal(redirect.status, 301);
  assert.match(redirect.headers.get("location") ?? "", new RegExp(`^http://${NEW}:${app.port}/oai\\?verb=Identify$`));

  const after = await oai(NEW, "verb=Identify");
  assert.deepEqual(xmlTexts(after, "repositoryIdentifier"), [OLD], "Identify names the same repository identifier");
  assert.deepEqual(xmlTexts(after, "baseURL"), [`http://${NEW}:${app.port}/oai`]);
  assert.deepEqual(xmlTexts(await oai(NEW, "verb=ListIdentifiers&metadataPrefix=oai_dc"), "identifier"), harvested, "every record identifier is unchanged");
  const records = await oai(NEW, "verb=ListRecords&metadataPrefix=jats");
  assert.ok(!records.includes(`//${OLD}`), "records name the new addresses only");
  for (const identifier of harvested) {
    const record = await oai(NEW, `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(identifier)}`);
    assert.equal(xmlTexts(record, "identifier")[0], identifier, `GetRecord with ${identifier}, harvested before the move`);
    assert.ok(!record.includes("<error"));
  }
  // An identifier someone built from the new host resolves to the same record.
  const built = await oai(NEW, `verb=GetRecord&metadataPrefix=oai_dc&identifier=${encodeURIComponent(`oai:${NEW}:article/${articleId}`)}`);
  assert.equal(xmlTexts(built, "identifier")[0], `oai:${OLD}:article/${articleId}`);

  // What readers see prints the new primary.
  const home = await (await fetchOnHost(app, NEW, "/")).text();
  assert.match(home, new RegExp(`<p class="cover-domain">${NEW}</p>`));
  const cover = await pdfOn(NEW, `/api/pdf/coverpage/${articleId}`, "cover.pdf");
  assert.ok(cover.includes(NEW), `the cover page prints ${NEW}:\n${cover}`);
  assert.ok(!cover.includes(OLD), "the cover page no longer prints the old host");
  const board = await pdfOn(NEW, "/api/pdf/editorialboard", "board.pdf");
  assert.ok(board.includes(NEW), `the board PDF prints ${NEW}:\n${board}`);
  assert.ok(!board.includes(OLD));
  // The feeds' ids are unchanged identities; their links moved.
  const feed = await (await fetchOnHost(app, NEW, "/feed.xml")).text();
  assert.ok(xmlTexts(feed, "id").every((id) => id.startsWith(`tag:${OLD},`)), feed.slice(0, 400));
  assert.ok(feed.includes(`href="http://${NEW}:${app.port}/archives/2025/3/2/501"`));
});
