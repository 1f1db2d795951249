/**
 * Reader journeys in a real browser against the production build: home → archives → issue →
 * article → PDF, the editorial board, search, the mobile archive drawer, and the legal pages.
 */
import assert from "node:assert/strict";
import { certificateCodeV2 } from "../certificate-codes.ts";
import { after, before, test } from "node:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import type { Browser, Page } from "playwright-core";
import { audit } from "./audit.ts";
import { launchBrowser, requireChromium, screenshot, serverCertificateSecret, startApp, watchPage, type App } from "./harness.ts";
import type { Issue } from "../../app/models/issues.server.ts";
import { addArticle, addEditor, addIssue, insertArticleRows } from "./data.ts";

const HOST = "reader-a.localhost";
const SITE = "Journal of Reader Journeys";
let app: App;
let browser: Browser;
/** A genuine certificate verification code (first author of 3202), made while seeding. */
let verifyCode = "";

interface SeedArticle {
  ref: string;
  title: string;
  authors: string;
  pages: string;
  abstract: string;
  keywords: string;
}

// year, volume, issue, frequency, articles (in insertion order, deliberately not page order)
const ISSUES: [number, number, number, string, SeedArticle[]][] = [
  [2023, 1, 1, "Jan-Jun", [art("1101", "Soil microbes of arid farms", "1-8")]],
  [2023, 1, 2, "Jul-Dec", [art("1201", "Nitrogen use in wheat", "1-6")]],
  [2024, 2, 1, "Jan-Jun", [art("2101", "Pulse yields after rice", "1-9")]],
  [2024, 2, 2, "Jul-Dec", [art("2201", "Mango flowering in heat", "1-7")]],
  [2025, 3, 1, "Jan-Jun", [art("3101", "Okra pests in monsoon", "1-5")]],
  [
    2025,
    3,
    2,
    "Jul-Dec",
    [
      art("3210", "Drip irrigation of <i>Zea mays</i> in sandy loam", "10-14", "Dr. Anjali Sharma, Rahul Verma"),
      art("3202", "Drought tolerance of <i>Sorghum bicolor</i> landraces", "2-9", "Dr. Suresh Kumar Patel, Priya Nair"),
      art("3220", "Zinc biofortification of pearl millet", "15-22", "Meenakshi Iyer"),
    ],
  ],
];

function art(ref: string, title: string, pages: string, authors = "Neha Gupta, Arjun Singh Rathore"): SeedArticle {
  const plain = title.replace(/<[^>]+>/g, "");
  return {
    ref,
    title,
    authors,
    pages,
    keywords: "field trial, yield",
    abstract: `<p><b>Background:</b> ${plain} was studied over two seasons.</p><p><b>Results:</b> The treatments differed significantly (p &lt; 0.05). ${"Further observations were recorded on growth, yield attributes and quality. ".repeat(6)}</p>`,
  };
}

async function pdfFor(title: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([595, 842]);
  page.drawText(title.replace(/<[^>]+>/g, ""), { x: 50, y: 780, size: 14, font });
  return doc.save();
}

before(async () => {
  requireChromium();
  app = await startApp(
    [
      {
        slug: "reader-a",
        name: SITE,
        hosts: [HOST],
        settings: {
          websitename: SITE,
          formatted_journal_name: "Journal of <i>Reader</i> Journeys",
          websiteemail: "editor@reader.example",
          whatsup_number: "+91 98765 43210",
          issn: "2583-0001",
          journal_essn: "2583-0002",
          year_started: "2023",
          journal_frequency: "Half-yearly",
          fee_rupee: "₹ 2,000",
          fee_dollar: "US$ 50",
          publisher_address: "Reader Press, 5 Library Road, Pune 411001, India",
          show_subject_column: true,
          show_editor_contacts: true,
        },
      },
    ],
    async (env, [jid]) => {
      const issues = new Map<string, Issue>();
      for (const [year, volume, number, frequency, articles] of ISSUES) {
        const issue = await addIssue(env, jid, { year, volume, issue: number, frequency });
        issues.set(`${year}/${number}`, issue);
        for (const a of articles) {
          await env.FILES.put(`journals/${jid}/archives/${year}/vol${volume}issue${number}/${a.ref}.pdf`, await pdfFor(a.title), {
            httpMetadata: { contentType: "application/pdf" },
          });
        }
        // Out of page order, which the add form refuses: the rows as an import left them.
        await insertArticleRows(
          env,
          jid,
          issue,
          articles.map((a) => ({
            refnumber: a.ref,
            title: a.title,
            authorname: a.authors,
            abstract: a.abstract,
            keywords: a.keywords,
            pagenumber: a.pages,
            subject: "Agronomy",
            country: "India",
            publishdate: `${year}-08-14`,
            file: `${a.ref}.pdf`,
          })),
        );
      }
      verifyCode = await certificateCodeV2(await serverCertificateSecret(), jid, "3202", 1, "Dr. Suresh Kumar Patel");
      // A disabled article never shows.
      await addArticle(env, jid, issues.get("2025/2")!, { refnumber: "3299", title: "Withdrawn sorghum paper", authorname: "Nobody", pagenumber: "30-31", publishdate: "2025-08-14" }, { status: "disabled" });
      const editors: [string, string, string, number][] = [
        ["Dr. Sunil Kumar Mehta", "chief editor", "Professor", 0],
        ["Dr. Ayesha Siddiqui", "associate editor", "Associate Professor", 0],
        ["Dr. Kwame Mensah", "associate editor", "Professor", 1],
        ["Dr. Shalini Reddy", "assistant editor", "Assistant Professor", 0],
      ];
      for (const [name, category, post, pinned] of editors) {
        const contact = { email: `${name.split(" ")[1].toLowerCase()}@uni.example`, phone: "+91 90000 00000", country: "India" };
        await addEditor(env, jid, { name, category, post, content: "Department of Agronomy, Test Agricultural University", ...contact }, { pinned: pinned === 1 });
      }
      await addEditor(env, jid, { name: "Dr. Disabled Editor", category: "associate editor", post: "Professor", content: "Nowhere", status: "disabled" });
    },
  );
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(path: string, width = 1280, height = 900): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height } });
  const { problems } = watchPage(page);
  const res = await page.goto(app.url(HOST, path));
  assert.ok(res, `no response for ${path}`);
  return { page, problems };
}

test("home → archives → issue → article → PDF download", async () => {
  const { page, problems } = await open("/");
  assert.equal(await page.title(), SITE);
  await screenshot(page, "public-home-desktop");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "ARCHIVES" }).click();
  await page.waitForURL(/\/archives\/2025\/vol3\/issue2$/);
  await page.locator("h1", { hasText: "VOL. 03, ISSUE 02" }).waitFor();
  const h1 = page.locator("h1");
  assert.equal((await h1.textContent())?.replace(/\s+/g, " ").trim(), "VOL. 03, ISSUE 02 (2025) Jul-Dec");
  assert.equal(await page.title(), `VOL. 03, ISSUE 02 (2025) Jul-Dec | ${SITE}`);

  // Rows in page order (2 before 10), the disabled article absent, citations shortened.
  const titles = await page.locator(".article-table td > p:first-child").allTextContents();
  assert.deepEqual(titles, [
    "Drought tolerance of Sorghum bicolor landraces",
    "Drip irrigation of Zea mays in sandy loam",
    "Zinc biofortification of pearl millet",
  ]);
  // The row's fixed labels come from the stylesheet (app/components/article-table.server.ts): read as shown.
  const shown = (selector: string) =>
    page.locator(selector).first().evaluate((el) => {
      const before = getComputedStyle(el, "::before").content;
      return `${before.startsWith('"') ? JSON.parse(before) : ""}${el.textContent}`;
    });
  assert.equal(
    await shown(".article-table td > p:last-child"),
    `How to cite this article: Patel SK, Nair P. Drought tolerance of Sorghum bicolor landraces. ${SITE}. 2025;3(2):2-9.`,
  );
  assert.equal(await shown(".article-table td > p:nth-last-child(2) > span"), "Pages: 2-9");
  const headers = await page.locator(".article-table thead th").allTextContents();
  assert.deepEqual(headers, ["S.No.", "Title and Authors Name", "Subject", "Country"]);
  // Side list: 2025 and 2024 open, 2023 closed until its title is clicked.
  const older = page.locator("#archive-drawer details");
  assert.equal(await older.count(), 1);
  assert.equal(await older.getAttribute("open"), null);
  assert.equal(await page.getByRole("link", { name: /VOL\. 01 : ISSUE 01/ }).isVisible(), false);
  await older.locator("summary").click();
  assert.equal(await page.getByRole("link", { name: "VOL. 01 : ISSUE 01 JAN-JUN" }).isVisible(), true);
  await screenshot(page, "public-issue-desktop");

  // Back from the redirected issue returns home: /archives never sits in history.
  await page.goBack();
  await page.waitForURL(app.url(HOST, "/"));
  await page.goForward();
  await page.waitForURL(/\/archives\/2025\/vol3\/issue2$/);

  // Open an article by its title: starts at the top.
  await page.getByRole("link", { name: "Drought tolerance of Sorghum bicolor landraces" }).click();
  await page.waitForURL(/\/archives\/2025\/3\/2\/3202$/);
  await page.locator("h1", { hasText: "Drought tolerance" }).waitFor();
  assert.equal(await page.locator("h1").textContent(), "Drought tolerance of Sorghum bicolor landraces");
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  const meta = async (name: string) =>
    page.locator(`meta[name="${name}"]`).evaluateAll((els) => els.map((e) => e.getAttribute("content")));
  assert.deepEqual(await meta("citation_author"), ["Suresh Kumar Patel", "Priya Nair"]);
  assert.deepEqual(await meta("citation_firstpage"), ["2"]);
  assert.deepEqual(await meta("citation_lastpage"), ["9"]);
  assert.deepEqual(await meta("citation_publication_date"), ["2025/08/14"]);
  // Scholar wants the PDF in the abstract page's folder: /archives/2025/3/2/3202.pdf serves it.
  const pdfUrl = app.url(HOST, "/archives/2025/3/2/3202.pdf");
  assert.deepEqual(await meta("citation_pdf_url"), [pdfUrl]);
  const scholarPdf = await page.evaluate(async (url) => {
    const r = await fetch(url);
    return { status: r.status, type: r.headers.get("content-type"), start: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) };
  }, pdfUrl);
  assert.deepEqual(scholarPdf, { status: 200, type: "application/pdf", start: "%PDF-" });
  // The reader's Download link is the same one URL of the PDF (one address per file, for caches and indexes).
  assert.equal(await page.locator(".article-actions").getByRole("link", { name: "Download" }).getAttribute("href"), "/archives/2025/3/2/3202.pdf");
  await screenshot(page, "public-article-desktop");

  // Download the PDF.
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator(".article-actions").getByRole("link", { name: "Download" }).click()]);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
  const pdf = await PDFDocument.load(bytes);
  assert.equal(pdf.getPageCount(), 1);

  // Certificate downloads page for the article.
  await page.getByRole("link", { name: "Certificates and cover page" }).click();
  await page.waitForURL(/\/pdf\?refno=3202$/);
  await page.locator("h1", { hasText: "Downloads" }).waitFor();
  const certificates = page.getByRole("link", { name: /^Certificate: / });
  assert.deepEqual(await certificates.evaluateAll((els) => els.map((e) => e.getAttribute("href"))), [
    "/pdf/3202/certificate-3202-1.pdf",
    "/pdf/3202/certificate-3202-2.pdf",
  ]);
  // The buttons reach the PDF endpoints: each answers with a PDF.
  for (const href of ["/pdf/3202/certificate-3202-2.pdf", "/api/pdf/editorialboard"]) {
    const res = await page.evaluate(async (url) => {
      const r = await fetch(url);
      return { status: r.status, type: r.headers.get("content-type"), start: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) };
    }, href);
    assert.deepEqual(res, { status: 200, type: "application/pdf", start: "%PDF-" }, href);
  }
  assert.equal(await page.getByRole("link", { name: "View Article", exact: true }).count(), 1);
  assert.equal(await page.getByRole("link", { name: "Cover Page", exact: true }).count(), 1);
  assert.equal(await page.getByRole("link", { name: "Editorial Board", exact: true }).count(), 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the Abstract link scrolls to the abstract", async () => {
  const { page, problems } = await open("/archives/2025/3/2");
  await page.locator("tbody tr").nth(1).getByRole("link", { name: "Abstract" }).click();
  await page.waitForURL(/\/archives\/2025\/3\/2\/3210#abstract$/);
  await page.locator("h1", { hasText: "Drip irrigation" }).waitFor();
  await page.waitForFunction(() => window.scrollY > 100);
  // Scrolled so the abstract starts at the top of the window, less its scroll-margin-top (a
  // little air above the heading), or as far as the page allows.
  const { scrollY, wanted } = await page.evaluate(() => {
    const el = document.getElementById("abstract")!;
    const margin = parseFloat(getComputedStyle(el).scrollMarginTop) || 0;
    const max = document.documentElement.scrollHeight - window.innerHeight;
    return { scrollY: window.scrollY, wanted: Math.min(el.getBoundingClientRect().top + window.scrollY - margin, max) };
  });
  assert.ok(Math.abs(scrollY - wanted) <= 2, `scrollY ${scrollY}, expected ${wanted}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test("'Loading...' shows while the next issue's data is on its way", async () => {
  const { page, problems } = await open("/archives/2025/vol3/issue2");
  await page.route(/\.data(\?|$)/, async (route) => {
    await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.getByRole("link", { name: "VOL. 02 : ISSUE 01 JAN-JUN" }).click();
  const pending = page.getByRole("status").filter({ hasText: "Loading..." });
  await pending.waitFor();
  await page.locator("h1", { hasText: "VOL. 02, ISSUE 01 (2024)" }).waitFor();
  await pending.waitFor({ state: "detached" });
  assert.deepEqual(problems, []);
  await page.close();
});

test("an unknown article says 'Article not found!' with a 404", async () => {
  const page = await browser.newPage();
  const res = await page.goto(app.url(HOST, "/archives/2025/3/2/987654"));
  assert.equal(res?.status(), 404);
  assert.equal(await page.locator("h1").textContent(), "Article not found!");
  await page.close();
});

test("editorial board: groups, pinned first, enabled only", async () => {
  const { page, problems } = await open("/board");
  assert.equal(await page.title(), `Editorial Board | ${SITE}`);
  const groups = await page.locator(".board-group h2").allTextContents();
  assert.deepEqual(groups, ["Editor-in-Chief", "Associate Editors", "Assistant Editors"]);
  const names = await page.locator(".editor-name").allTextContents();
  assert.deepEqual(names, ["Dr. Sunil Kumar Mehta", "Dr. Kwame Mensah", "Dr. Ayesha Siddiqui", "Dr. Shalini Reddy"]);
  assert.equal(await page.locator('img.editor-photo[src="/assets/editors/avatar.png"]').count(), 4);
  // The default avatar really loads.
  await page.locator("img.editor-photo").first().scrollIntoViewIfNeeded();
  await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>("img.editor-photo")].slice(0, 1).every((i) => i.complete && i.naturalWidth > 0));
  await screenshot(page, "public-board-desktop");
  await page.setViewportSize({ width: 360, height: 800 });
  await screenshot(page, "public-board-360");
  assert.deepEqual(problems, []);
  await page.close();
});

test("search from the header, with and without results", async () => {
  const { page, problems } = await open("/board");
  const box = page.getByRole("searchbox", { name: "Search articles" });
  await box.fill("SORGHUM");
  await box.press("Enter");
  await page.waitForURL(/\/search\?keyword=SORGHUM$/);
  await page.locator(".search-summary").waitFor();
  assert.equal(await box.inputValue(), "", "the header search box clears itself");
  assert.match((await page.locator(".search-summary").textContent()) ?? "", /^1 article found for SORGHUM/);
  assert.deepEqual(await page.locator(".article-table td > p:first-child").allTextContents(), ["Drought tolerance of Sorghum bicolor landraces"]);
  await screenshot(page, "public-search-desktop");

  await box.fill("quantum chromodynamics");
  await box.press("Enter");
  await page.waitForURL(/keyword=quantum%20chromodynamics$/);
  await page.getByText("Sorry, nothing matched your search terms. Please try again with different keywords.").waitFor();
  await screenshot(page, "public-search-empty-desktop");

  // Odd input never breaks the page.
  for (const odd of ['"%_', "🌾", "x".repeat(200)]) {
    const res = await page.goto(app.url(HOST, `/search?keyword=${encodeURIComponent(odd)}`));
    assert.equal(res?.status(), 200, odd);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test("at 360 px: header search works and 'All Issues' opens the archive drawer", async () => {
  const { page, problems } = await open("/archives/2025/vol3/issue2", 360);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= 360, `no horizontal scrolling at 360 px (scrollWidth ${width})`);
  const drawer = page.locator("#archive-drawer");
  assert.equal(await drawer.isVisible(), false);
  await screenshot(page, "public-issue-360");

  await page.getByRole("button", { name: "All Issues" }).click();
  await drawer.waitFor({ state: "visible" });
  await page.waitForTimeout(400); // let the slide-in finish before the screenshot
  await screenshot(page, "public-drawer-360");
  // Older years toggle in the drawer too.
  await drawer.locator("details summary").click();
  await drawer.getByRole("link", { name: "VOL. 01 : ISSUE 02 JUL-DEC" }).click();
  await page.waitForURL(/\/archives\/2023\/vol1\/issue2$/);
  await page.locator("h1", { hasText: "VOL. 01, ISSUE 02" }).waitFor();
  await drawer.waitFor({ state: "hidden" });
  assert.equal(await page.locator(".article-table td > p:first-child").textContent(), "Nitrogen use in wheat");

  // Escape closes the drawer as well.
  await page.getByRole("button", { name: "All Issues" }).click();
  await drawer.waitFor({ state: "visible" });
  await page.keyboard.press("Escape");
  await drawer.waitFor({ state: "hidden" });

  const box = page.getByRole("searchbox", { name: "Search articles" });
  assert.equal(await box.isVisible(), true);
  await box.fill("millet");
  await box.press("Enter");
  await page.waitForURL(/\/search\?keyword=millet$/);
  await page.locator(".search-summary", { hasText: "millet" }).waitFor();
  assert.deepEqual(await page.locator(".article-table td > p:first-child").allTextContents(), ["Zinc biofortification of pearl millet"]);
  await screenshot(page, "public-search-360");
  assert.deepEqual(problems, []);
  await page.close();
});

test("static pages: instructions with the copyright form, contact, legal pages scrolled to the top", async () => {
  const { page, problems } = await open("/instructions");
  const form = page.getByRole("link", { name: "Download the copyright form (Word)" });
  const href = await form.getAttribute("href");
  assert.equal(href, "/assets/CopyrightAgreementAndAuthorshipResponsibility.doc");
  // Fetched by the browser: Node cannot resolve *.localhost names.
  const doc = await page.evaluate(async (url) => {
    const res = await fetch(url);
    return { status: res.status, type: res.headers.get("content-type"), start: (await res.text()).slice(0, 6) };
  }, href!);
  assert.equal(doc.status, 200);
  assert.equal(doc.start, "{\\rtf1");
  await screenshot(page, "public-instructions-desktop");

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "CONTACT" }).click();
  await page.waitForURL(/\/contact$/);
  await page.locator("h1", { hasText: "Contact" }).waitFor();
  const wa = await page.getByRole("link", { name: "Send us your query on WhatsApp" }).getAttribute("href");
  assert.match(wa ?? "", /^https:\/\/wa\.me\/919876543210\?text=Hello%2C%20I%20have%20a%20query%20regarding%20Journal%20of%20Reader%20Journeys/);
  await screenshot(page, "public-contact-desktop");

  // The footer links carry a scroll-target state, and the legal pages act on it: a new
  // navigation opens at the top with focus moved off the footer link to the page's <main> (so
  // the next Tab starts at the top, not in the footer).
  const footer = page.getByRole("contentinfo");
  const scrollToEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const focusedId = () => page.evaluate(() => document.activeElement?.id ?? "");
  await scrollToEnd();
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await page.waitForURL(/\/privacy-policy$/);
  await page.locator("h1", { hasText: "Privacy Policy" }).waitFor();
  assert.equal(await page.locator("h1").textContent(), "Privacy Policy");
  assert.deepEqual(await page.evaluate(() => history.state?.usr), { scrollTo: "top" });
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.equal(await focusedId(), "main");

  // Already on the page and scrolled down: the same footer link brings the reader to the top.
  await scrollToEnd();
  await footer.getByRole("link", { name: "Privacy Policy" }).focus();
  assert.ok((await page.evaluate(() => window.scrollY)) > 500);
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => window.scrollY === 0);
  assert.equal(await focusedId(), "main");
  assert.deepEqual(await page.evaluate(() => history.state?.usr), { scrollTo: "top" });

  // Back and Forward are not new navigations: the reader's place is restored, not reset.
  await page.evaluate(() => window.scrollTo(0, 700));
  // A DOM click: Playwright's click() would first scroll the footer link into view.
  await footer.getByRole("link", { name: "Terms and Conditions" }).dispatchEvent("click");
  await page.waitForURL(/\/terms-and-conditions$/);
  await page.locator("h1", { hasText: "Terms and Conditions" }).waitFor();
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.equal(await focusedId(), "main");
  await page.goBack();
  await page.waitForURL(/\/privacy-policy$/);
  await page.locator("h1", { hasText: "Privacy Policy" }).waitFor();
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => window.scrollY), 700, "Back restores the position on the privacy policy");
  const year = new Date().getFullYear();
  assert.match((await page.locator(".copyright").textContent()) ?? "", new RegExp(`Copyright © ${year} ${SITE}`));
  assert.deepEqual(problems, []);
  await page.close();
});

test("unknown paths show the error page with a 404", async () => {
  const page = await browser.newPage();
  const res = await page.goto(app.url(HOST, "/no/such/page"));
  assert.equal(res?.status(), 404);
  assert.match((await page.locator("main").textContent()) ?? "", /Oops! Sorry, an unexpected error has occurred\./);
  await page.close();
});

test("at 360 px the article page and 'Article not found!' have the 'All Issues' drawer", async () => {
  const { page, problems } = await open("/archives/2025/3/2/3202", 360, 740);
  const drawer = page.locator("#archive-drawer");
  const button = page.getByRole("button", { name: "All Issues" });
  assert.equal(await drawer.isVisible(), false, "the side list is a closed drawer at 360 px");
  assert.equal(await button.isVisible(), true);
  // On the first screen, not below the whole article.
  const box = (await button.boundingBox())!;
  assert.ok(box.y + box.height <= 740, `'All Issues' at y=${box.y}`);
  await screenshot(page, "public-article-360");

  await button.click();
  await drawer.waitFor({ state: "visible" });
  assert.equal(await drawer.locator('a[aria-current="page"]').textContent(), "VOL. 03 : ISSUE 02 JUL-DEC");
  await page.waitForTimeout(300); // the slide-in
  await screenshot(page, "public-article-drawer-360");
  await drawer.getByRole("link", { name: "VOL. 02 : ISSUE 01 JAN-JUN" }).click();
  await page.waitForURL(/\/archives\/2024\/vol2\/issue1$/);
  await page.locator("h1", { hasText: "VOL. 02, ISSUE 01 (2024)" }).waitFor();
  await drawer.waitFor({ state: "hidden" });
  assert.deepEqual(problems, []);
  await page.close();

  // 'Article not found!' keeps the list, so it needs the button too.
  const missing = await browser.newPage({ viewport: { width: 360, height: 740 } });
  const res = await missing.goto(app.url(HOST, "/archives/2025/3/2/987654"));
  assert.equal(res?.status(), 404);
  await missing.getByRole("button", { name: "All Issues" }).click();
  await missing.locator("#archive-drawer").getByRole("link", { name: "VOL. 03 : ISSUE 01 JAN-JUN" }).waitFor();
  await missing.close();
});

test("the chat button is named, in reach, and never over the page: in the footer at 360 px, floating beside the column when wide", async () => {
  const { page, problems } = await open("/archives/2025/vol3/issue2", 360, 740);
  const chat = page.locator("a.chat-float");
  assert.equal((await chat.innerText()).trim(), "Chat with us on WhatsApp");
  assert.match((await chat.getAttribute("href")) ?? "", /^https:\/\/wa\.me\/919876543210\?text=/);
  // In a landmark (the footer), focusable, a comfortable touch target, in the flow on a phone.
  assert.equal(await chat.evaluate((a) => !!a.closest("footer")), true);
  assert.equal(await chat.evaluate((a) => getComputedStyle(a).position), "static");
  const box = (await chat.boundingBox())!;
  assert.ok(box.width >= 44 && box.height >= 44, `target ${box.width}×${box.height}`);
  assert.ok(box.x >= 0 && box.x + box.width <= 360, JSON.stringify(box));
  await chat.focus();
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains("chat-float")), true);

  // Scrolled to the end, no text of the page lies under the button (on a desktop either).
  const coveredAtEnd = () => page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const btn = document.querySelector(".chat-float")!.getBoundingClientRect();
    const hits: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || n.parentElement?.closest(".chat-float, script")) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) {
        if (r.right > btn.left && r.left < btn.right && r.bottom > btn.top && r.top < btn.bottom) hits.push(n.textContent.trim().slice(0, 50));
      }
    }
    return hits;
  });
  assert.deepEqual(await coveredAtEnd(), []);
  await screenshot(page, "public-issue-360-end");
  await page.setViewportSize({ width: 1440, height: 900 });
  assert.equal(await chat.evaluate((a) => getComputedStyle(a).position), "fixed");
  assert.deepEqual(await coveredAtEnd(), []);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Every public page: [screenshot name, path, status]. */
function publicPages(): [string, string, number][] {
  return [
    ["home", "/", 200],
    ["board", "/board", 200],
    ["indexing", "/indexing", 200],
    ["issue", "/archives/2025/vol3/issue2", 200],
    ["issue-plain-numbers", "/archives/2025/3/2", 200],
    ["article", "/archives/2025/3/2/3202", 200],
    ["article-not-found", "/archives/2025/3/2/987654", 404],
    ["search", "/search?keyword=sorghum", 200],
    ["search-empty", "/search?keyword=quantum", 200],
    ["certificate", "/pdf?refno=3202", 200],
    ["instructions", "/instructions", 200],
    ["contact", "/contact", 200],
    ["privacy-policy", "/privacy-policy", 200],
    ["terms-and-conditions", "/terms-and-conditions", 200],
    ["author", "/authors/Anjali%20Sharma", 200],
    ["verify", `/verify/${verifyCode}`, 200],
    ["verify-invalid", "/verify/3202-1-AAAAAAAAAA", 404],
    ["not-found", "/no/such/page", 404],
  ];
}

for (const [label, width, height] of [["360", 360, 740], ["desktop", 1280, 900]] as const) {
  test(`every public page at ${width}×${height}: no sideways scrolling, landmarks, names, contrast (screenshots)`, async () => {
    const page = await browser.newPage({ viewport: { width, height } });
    const failures: string[] = [];
    for (const [name, path, status] of publicPages()) {
      const res = await page.goto(app.url(HOST, path));
      assert.equal(res?.status(), status, path);
      await page.waitForLoadState("load");
      const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
      assert.ok(scrollWidth <= innerWidth, `${path}: scrollWidth ${scrollWidth} > ${innerWidth}`);
      failures.push(...(await audit(page)).map((p) => `${path}: ${p}`));
      await screenshot(page, `public-${label}-${name}`);
    }
    assert.deepEqual(failures, []);

    // The header search works at this width too, and clears itself.
    await page.goto(app.url(HOST, "/"));
    const box = page.getByRole("searchbox", { name: "Search articles" });
    assert.equal(await box.isVisible(), true);
    await box.fill("okra");
    await box.press("Enter");
    await page.waitForURL(/\/search\?keyword=okra$/);
    await page.locator(".search-summary", { hasText: "okra" }).waitFor();
    assert.deepEqual(await page.locator(".article-table td > p:first-child").allTextContents(), ["Okra pests in monsoon"]);
    assert.equal(await box.inputValue(), "");
    // The field lets go of focus, so a phone's keyboard does not stay over the results.
    assert.equal(await box.evaluate((el) => el === document.activeElement), false);
    await page.close();
  });
}

test("side list links prefetch on hover; citation styles switch with the arrow keys; print shows the article only", async () => {
  const { page, problems } = await open("/archives/2025/3/2/3202");
  // Hovering an issue in the side list prefetches its data, like <Link prefetch="intent">.
  await page.locator("#archive-drawer").getByRole("link", { name: "VOL. 02 : ISSUE 01 JAN-JUN" }).hover();
  await page.locator('link[rel="prefetch"][href*="/archives/2024/vol2/issue1.data"]').waitFor({ state: "attached" });

  // One Tab stop for the citation styles; arrows move between them.
  const apa = page.getByRole("tab", { name: "APA" });
  await apa.focus();
  await page.keyboard.press("ArrowRight");
  const mla = page.getByRole("tab", { name: "MLA" });
  assert.equal(await mla.getAttribute("aria-selected"), "true");
  assert.equal(await mla.evaluate((el) => el === document.activeElement), true);
  assert.match((await page.locator("#citation-text").textContent()) ?? "", /^Patel, Suresh Kumar, and Priya Nair\./);
  await page.keyboard.press("End");
  assert.equal(await page.getByRole("tab", { name: "Vancouver" }).getAttribute("aria-selected"), "true");
  assert.deepEqual(await page.locator('[role="tab"]').evaluateAll((els) => els.map((e) => (e as HTMLElement).tabIndex)), [-1, -1, -1, -1, -1, 0]);

  // Printed: the article without the header navigation, side list, footer or chat button.
  await page.emulateMedia({ media: "print" });
  for (const selector of [".main-nav", "#archive-drawer", ".site-footer", ".chat-float", ".article-actions"]) {
    assert.equal(await page.locator(selector).isVisible(), false, selector);
  }
  assert.equal(await page.locator("h1").isVisible(), true);
  assert.equal(await page.locator("#abstract").isVisible(), true);
  assert.deepEqual(problems, []);
  await page.close();
});
