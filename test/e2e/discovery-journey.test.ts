/**
 * A reader finding and citing an article, in a real browser against the production build:
 * header search → a result with the match highlighted → the article → pick a citation style,
 * Copy (the clipboard holds exactly what the box shows) → RIS download that parses as RIS →
 * the issue page's whole-issue RIS and BibTeX. No console errors, no CSP violations.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Download, Page } from "playwright-core";
import { launchBrowser, requireChromium, startApp, watchPage, type App } from "./harness.ts";
import { addIssue, insertLegacyArticle } from "./data.ts";

const HOST = "discover-a.localhost";
const SITE = "Journal of Findable Agronomy";
let app: App;
let browser: Browser;
let context: BrowserContext;

interface Seed {
  ref: string;
  title: string;
  authors: string;
  pages: string;
  abstract: string;
  keywords: string;
  status?: "enabled" | "disabled";
}

// One issue (2025, volume 4, issue 2), inserted out of page order, one article withdrawn.
const ARTICLES: Seed[] = [
  {
    ref: "4220",
    title: "Zinc uptake of <i>Triticum aestivum</i> on calcareous soils",
    authors: "Meenakshi Iyer, Prof. Arjun Rathore",
    pages: "12-20",
    abstract: "<p>Zinc fertiliser timing and grain zinc over three seasons.</p>",
    keywords: "zinc, wheat",
  },
  {
    ref: "4210",
    title: "Salinity tolerance of <i>Oryza sativa</i> landraces from coastal Odisha",
    authors: "Dr. Anjali Sharma, Rahul Verma, José Müller",
    pages: "3-11",
    abstract: "<p><b>Background:</b> Coastal rice fields face rising salinity. We screened 40 landraces under saline irrigation over two seasons.</p>",
    keywords: "rice, salt stress",
  },
  {
    ref: "4230",
    title: "Withdrawn salinity survey",
    authors: "Nobody Known",
    pages: "21-24",
    abstract: "<p>Withdrawn.</p>",
    keywords: "",
    status: "disabled",
  },
];

before(async () => {
  requireChromium();
  app = await startApp(
    [
      {
        slug: "discover-a",
        name: SITE,
        hosts: [HOST],
        settings: { websitename: SITE, issn: "2583-4444", journal_essn: "2583-5555", publisher_name: "Findable Press", websiteemail: "editor@findable.example" },
      },
    ],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 4, issue: 2, frequency: "Jul-Dec" });
      // Out of page order, which the add form refuses (a later article must start after the
      // issue's last page): the rows as an import left them.
      for (const a of ARTICLES) {
        await insertLegacyArticle(env, jid, issue, {
          refnumber: a.ref,
          title: a.title,
          authorname: a.authors,
          abstract: a.abstract,
          keywords: a.keywords,
          pagenumber: a.pages,
          publishdate: "2025-09-18",
          status: a.status ?? "enabled",
        });
      }
    },
  );
  browser = await launchBrowser();
  // Copy writes to the clipboard; the test reads it back.
  context = await browser.newContext({ permissions: ["clipboard-read", "clipboard-write"], viewport: { width: 1280, height: 900 } });
});

after(async () => {
  await context?.close();
  await browser?.close();
  await app?.stop();
});

/** Console errors, page errors and CSP violations (reported in the page as events). */
async function open(path: string): Promise<{ page: Page; problems: string[]; violations: () => Promise<string[]> }> {
  const page = await context.newPage();
  const { problems } = watchPage(page);
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const res = await page.goto(app.url(HOST, path));
  assert.ok(res && res.status() < 400, `${path}: ${res?.status()}`);
  return { page, problems, violations: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp) };
}

async function downloadText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

interface RisRecord {
  tags: [string, string][];
  get(tag: string): string[];
}

/**
 * A strict RIS reader: every line is `TAG  - value` (two capitals or capital+digit, two
 * spaces, hyphen, space), CRLF-terminated; a record opens with TY and closes with `ER  - `.
 */
function parseRis(text: string): RisRecord[] {
  assert.ok(text.endsWith("\r\n"), "RIS ends with CRLF");
  const records: RisRecord[] = [];
  let current: [string, string][] | null = null;
  for (const line of text.split("\r\n").slice(0, -1)) {
    if (line === "") {
      assert.equal(current, null, "blank line inside a record");
      continue;
    }
    const m = /^([A-Z][A-Z0-9]) {2}- (.*)$/.exec(line);
    assert.ok(m, `not a RIS line: ${JSON.stringify(line)}`);
    const [, tag, value] = m;
    if (tag === "TY") {
      assert.equal(current, null, "TY inside a record");
      current = [];
    }
    assert.ok(current, `${tag} outside a record`);
    current.push([tag, value]);
    if (tag === "ER") {
      assert.equal(value, "");
      const tags = current;
      records.push({ tags, get: (t) => tags.filter(([k]) => k === t).map(([, v]) => v) });
      current = null;
    }
  }
  assert.equal(current, null, "unterminated record");
  return records;
}

test("search → highlighted result → article → copy a citation → RIS; whole-issue RIS and BibTeX", async () => {
  const { page, problems, violations } = await open("/");

  // 1. Search from the header.
  const box = page.getByRole("searchbox", { name: "Search articles" });
  await box.fill("salinity");
  await box.press("Enter");
  await page.waitForURL(/\/search\?keyword=salinity$/);
  await page.locator(".search-summary").waitFor();
  assert.match((await page.locator(".search-summary").textContent()) ?? "", /^1 article found for/);
  const row = page.locator("tbody tr").first();
  // The match is highlighted in the title (inside the formatted title) and in the snippet.
  assert.deepEqual(await row.locator("td > p:first-child mark").allTextContents(), ["Salinity"]);
  assert.equal(await row.locator("td > p:first-child i").first().textContent(), "Oryza sativa");
  const snippetMarks = await row.locator(".article-snippet mark").allTextContents();
  assert.ok(snippetMarks.length >= 1 && snippetMarks.every((m) => m.toLowerCase() === "salinity"), snippetMarks.join("|"));
  // The mark is real markup, not escaped text.
  assert.doesNotMatch((await row.locator("td > p:first-child").textContent()) ?? "", /<mark>/);

  // 2. Open the article.
  await row.locator("td > p:first-child a").click();
  await page.waitForURL(/\/archives\/2025\/4\/2\/4210$/);
  await page.locator("h1", { hasText: "Salinity tolerance" }).waitFor();

  // 3. Pick a style, then another; Copy puts exactly the rendered citation on the clipboard.
  const citeBox = page.locator("section.citation-box");
  const text = citeBox.locator("#citation-text");
  await citeBox.getByRole("tab", { name: "MLA" }).click();
  assert.equal(await citeBox.getByRole("tab", { name: "MLA" }).getAttribute("aria-selected"), "true");
  const mla = await text.textContent();
  await citeBox.getByRole("tab", { name: "APA" }).click();
  assert.equal(await citeBox.getByRole("tab", { name: "APA" }).getAttribute("aria-selected"), "true");
  assert.equal(await citeBox.getByRole("tab", { name: "MLA" }).getAttribute("aria-selected"), "false");
  const apa = (await text.textContent()) ?? "";
  assert.notEqual(apa, mla);
  assert.match(apa, /^Sharma, A\., Verma, R\., & Müller, J\. \(2025\)\. Salinity tolerance of Oryza sativa landraces from coastal Odisha\./);
  assert.match(apa, new RegExp(`${SITE}, 4\\(2\\), 3–11\\.`));
  await page.evaluate(() => navigator.clipboard.writeText("(stale clipboard)"));
  await citeBox.getByRole("button", { name: "Copy" }).click();
  await citeBox.getByRole("button", { name: "Copied!" }).waitFor();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), apa);

  // 4. RIS of the article.
  const [risDownload] = await Promise.all([page.waitForEvent("download"), citeBox.getByRole("link", { name: "RIS", exact: true }).click()]);
  assert.equal(risDownload.suggestedFilename(), "article-4210.ris");
  const [ris] = parseRis(await downloadText(risDownload));
  assert.deepEqual(ris.tags[0], ["TY", "JOUR"]);
  assert.deepEqual(ris.tags.at(-1), ["ER", ""]);
  assert.deepEqual(ris.get("TI"), ["Salinity tolerance of Oryza sativa landraces from coastal Odisha"]);
  assert.deepEqual(ris.get("AU"), ["Sharma, Anjali", "Verma, Rahul", "Müller, José"]);
  assert.deepEqual(ris.get("JO"), [SITE]);
  assert.deepEqual(ris.get("VL"), ["4"]);
  assert.deepEqual(ris.get("IS"), ["2"]);
  assert.deepEqual(ris.get("SP"), ["3"]);
  assert.deepEqual(ris.get("EP"), ["11"]);
  assert.deepEqual(ris.get("PY"), ["2025"]);
  // Both ISSNs, print then electronic: a reference manager matches the journal by either.
  assert.deepEqual(ris.get("SN"), ["2583-4444", "2583-5555"]);

  // 5. The issue page: the whole issue as RIS and as BibTeX (enabled articles, page order).
  assert.deepEqual(await violations(), [], "CSP violations on the search and article pages");
  await page.goto(app.url(HOST, "/archives/2025/vol4/issue2"));
  await page.locator("h1", { hasText: "VOL. 04, ISSUE 02" }).waitFor();
  const exportLinks = page.locator(".issue-export");
  const [issueRisDownload] = await Promise.all([page.waitForEvent("download"), exportLinks.getByRole("link", { name: "RIS", exact: true }).click()]);
  assert.equal(issueRisDownload.suggestedFilename(), "issue-2025-vol4-issue2.ris");
  const issueRis = parseRis(await downloadText(issueRisDownload));
  assert.deepEqual(
    issueRis.map((r) => r.get("TI")[0]),
    ["Salinity tolerance of Oryza sativa landraces from coastal Odisha", "Zinc uptake of Triticum aestivum on calcareous soils"],
  );
  assert.deepEqual(issueRis[1].get("AU"), ["Iyer, Meenakshi", "Rathore, Arjun"]);
  assert.deepEqual(issueRis.map((r) => [r.get("SP")[0], r.get("EP")[0]]), [["3", "11"], ["12", "20"]]);
  for (const r of issueRis) assert.deepEqual([r.get("VL"), r.get("IS"), r.get("PY")], [["4"], ["2"], ["2025"]]);

  const [bibDownload] = await Promise.all([page.waitForEvent("download"), exportLinks.getByRole("link", { name: "BibTeX", exact: true }).click()]);
  assert.equal(bibDownload.suggestedFilename(), "issue-2025-vol4-issue2.bib");
  const bib = await downloadText(bibDownload);
  const entries = [...bib.matchAll(/@article\{([^,\s]+),([\s\S]*?)\n\}/g)];
  assert.equal(entries.length, 2, bib);
  assert.equal(new Set(entries.map((e) => e[1])).size, 2, "citation keys are unique");
  const field = (body: string, name: string) => new RegExp(`\\b${name} = (\\{[^\\n]*\\}|\\d+),?\\n`).exec(body)?.[1];
  // Capitals protected from BibTeX styles' lower-casing, the species in \textit.
  assert.equal(field(entries[0][2], "title"), "{{Salinity} tolerance of \\textit{{Oryza} sativa} landraces from coastal {Odisha}}");
  assert.equal(field(entries[0][2], "author"), "{Sharma, Anjali and Verma, Rahul and Müller, José}");
  assert.equal(field(entries[0][2], "pages"), "{3--11}");
  assert.equal(field(entries[1][2], "pages"), "{12--20}");
  assert.doesNotMatch(bib, /Withdrawn/);

  assert.deepEqual(await violations(), []);
  assert.deepEqual(problems, []);
  await page.close();
});
