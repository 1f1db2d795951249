/**
 * Accessibility, checked by axe-core itself (WCAG 2.0/2.1/2.2 A and AA rules) on every public and
 * admin page of both demo journals, at desktop and phone widths, against the production build
 * with the demo data `npm start` seeds. Any violation fails, with its rule, impact and elements.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { axe, withAxe } from "./axe.ts";
import { hydrated, launchBrowser, requireChromium, startApp, type App } from "./harness.ts";

const JOURNALS = [
  { host: "localhost", admin: { username: "admin", password: "agri-demo-2026" } },
  { host: "journal-b.localhost", admin: { username: "editor", password: "chem-demo-2026" } },
];
const WIDTHS = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 360, height: 780 },
];

let app: App;
let browser: Browser;

before(async () => {
  requireChromium();
  app = await startApp([], undefined, { demo: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

/** The public pages of a journal, found by following its own links (issue, article, author). */
async function publicPages(page: Page, host: string): Promise<string[]> {
  await page.goto(app.url(host, "/archives"));
  const issuePath = new URL(page.url()).pathname;
  const articleHref = await page.locator('main a[href^="/archives/"]').filter({ hasText: "Abstract" }).first().getAttribute("href");
  assert.ok(articleHref, `an article link on ${issuePath}`);
  await page.goto(app.url(host, articleHref));
  const authorHref = await page.locator('main a[href^="/authors/"]').first().getAttribute("href");
  const ref = articleHref.split("#")[0].split("/").pop()!;
  return [
    "/",
    "/board",
    "/indexing",
    "/journals",
    "/instructions",
    "/contact",
    "/privacy-policy",
    "/terms-and-conditions",
    issuePath,
    articleHref.split("#")[0],
    authorHref ?? "/authors/nobody",
    "/search?keyword=rice",
    "/search?keyword=zzqxj",
    `/pdf?refno=${ref}`,
    `/verify/${ref}-1-AAAAAAAAAA`,
    "/verify",
    "/no-such-page",
  ];
}

async function adminPages(page: Page, host: string): Promise<string[]> {
  await page.goto(app.url(host, "/admin/archives"));
  const issueHref = await page.locator('main a[href^="/admin/archives/2"]').first().getAttribute("href");
  assert.ok(issueHref);
  await page.goto(app.url(host, issueHref));
  const editHref = await page.locator('main a[href^="/admin/archives/"]').filter({ hasText: /EDIT/i }).first().getAttribute("href");
  await page.goto(app.url(host, "/admin/editors"));
  const editorHref = await page.locator('main a[href^="/admin/editors/"]').filter({ hasText: /edit/i }).first().getAttribute("href");
  await page.goto(app.url(host, "/admin/indexing"));
  const partnerHref = await page.locator('main a[href^="/admin/indexing/"]').filter({ hasText: /edit/i }).first().getAttribute("href");
  const [, , , y, v, i] = issueHref.split("/");
  return [
    "/admin",
    "/admin/archives",
    issueHref,
    `/admin/archives/add/${y}/${v}/${i}`,
    editHref ?? "/admin/not-found",
    "/admin/editors",
    "/admin/editors/add",
    editorHref ?? "/admin/not-found",
    "/admin/indexing",
    "/admin/indexing/add",
    partnerHref ?? "/admin/not-found",
    "/admin/staff",
    "/admin/settings",
    "/admin/search?q=rice",
    "/admin/search?q=zzqxj",
    "/admin/not-found",
    "/admin/account",
    "/admin/activity",
    "/admin/activity?type=article",
    "/admin/trash",
  ];
}

/**
 * Each journal's pages, found by following its links once and checked at both widths (the
 * links are the same at both).
 */
const found = new Map<string, Promise<string[]>>();
const pagesOf = (kind: "public" | "admin", page: Page, host: string) => {
  const key = `${kind} ${host}`;
  if (!found.has(key)) found.set(key, kind === "public" ? publicPages(page, host) : adminPages(page, host));
  return found.get(key)!;
};

async function check(context: BrowserContext, host: string, paths: string[], label: string): Promise<string[]> {
  const page = await context.newPage();
  const problems: string[] = [];
  for (const p of paths) {
    await page.goto(app.url(host, p), { waitUntil: "load" });
    await hydrated(page).catch(() => {});
    for (const v of await axe(page)) problems.push(`${label} ${host}${p}: ${v}`);
  }
  await page.close();
  return problems;
}

for (const j of JOURNALS) {
  for (const w of WIDTHS) {
    test(`axe finds nothing on ${j.host}'s public and admin pages (${w.name})`, async () => {
      const context = await browser.newContext({ viewport: { width: w.width, height: w.height } });
      await withAxe(context);
      const page = await context.newPage();
      const publicPaths = await pagesOf("public", page, j.host);
      const problems = await check(context, j.host, publicPaths, w.name);
      // Signed out: the sign-in page. Then every admin page, signed in.
      problems.push(...(await check(context, j.host, ["/admin/login", "/admin/login?signed_out=1"], w.name)));
      await page.goto(app.url(j.host, "/admin/login"));
      await hydrated(page);
      await page.fill('input[name="username"]', j.admin.username);
      await page.fill('input[name="password"]', j.admin.password);
      await Promise.all([page.waitForURL(/\/admin$/), page.click('button[type="submit"]')]);
      problems.push(...(await check(context, j.host, await pagesOf("admin", page, j.host), w.name)));
      await context.close();
      assert.deepEqual(problems, [], `${problems.length} violation(s):\n${problems.join("\n")}`);
    });
  }
}

test("the chat button never covers content: floating only beside the page column, in the footer elsewhere", async () => {
  const problems: string[] = [];
  for (const width of [360, 768, 1280, 1440, 1920]) {
    const page = await browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(app.url("localhost", "/archives"));
    const issue = new URL(page.url()).pathname;
    const article = (await page.locator('main a[href^="/archives/"]').filter({ hasText: "Abstract" }).first().getAttribute("href"))!.split("#")[0];
    for (const path of ["/", issue, article, `/pdf?refno=${article.split("/").pop()}`, "/contact"]) {
      await page.goto(app.url("localhost", path), { waitUntil: "networkidle" });
      const covered = await page.evaluate(async () => {
        const chat = document.querySelector(".chat-float");
        if (!chat) return ["no chat button"];
        const hits: string[] = [];
        const candidates = [...document.querySelectorAll("a, button, input, select, textarea, h1, h2, h3, p, li, td, th, dd, dt, img, label")].filter(
          (el) => el !== chat && !el.contains(chat) && !chat.contains(el),
        );
        // An element in normal flow keeps its place in the document as the page scrolls, so its
        // rectangle is measured once (document coordinates) and shifted by the scroll; a fixed or
        // sticky one (or one inside such) moves with the viewport and is measured at every step.
        // Measuring all of them at every step made this the slowest test of the suite.
        const pinned = (el: Element): boolean => {
          for (let e: Element | null = el; e; e = e.parentElement) if (/^(fixed|sticky)$/.test(getComputedStyle(e).position)) return true;
          return false;
        };
        const moving = candidates.filter(pinned);
        const still = candidates.filter((el) => !moving.includes(el));
        let measuredAt = -1;
        let placed: { el: Element; top: number; bottom: number; left: number; right: number }[] = [];
        const measure = () => {
          // Measured again whenever the page's height changes (an image or a font arriving moves what follows).
          measuredAt = document.documentElement.scrollHeight;
          placed = still.map((el) => {
            const r = el.getBoundingClientRect();
            return { el, top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left, right: r.right, empty: !r.width || !r.height };
          }).filter((p) => !p.empty);
        };
        const label = (el: Element, y: number) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}" at scroll ${y}`;
        for (let y = 0; y <= document.documentElement.scrollHeight; y += 60) {
          // Layout follows the scroll at once (an instant scroll; the sticky offsets and the fixed
          // button are laid out on asking), so no frame is drawn for each step: waiting for one cost
          // 16 ms a step, hundreds of steps a page.
          window.scrollTo({ top: y, behavior: "instant" });
          if (document.documentElement.scrollHeight !== measuredAt) measure();
          const c = chat.getBoundingClientRect();
          const sy = window.scrollY;
          for (const p of placed) {
            if (p.bottom - sy > c.top && p.top - sy < c.bottom && p.right > c.left && p.left < c.right) hits.push(label(p.el, y));
          }
          for (const el of moving) {
            const r = el.getBoundingClientRect();
            if (r.width && r.height && r.bottom > c.top && r.top < c.bottom && r.right > c.left && r.left < c.right) hits.push(label(el, y));
          }
        }
        return [...new Set(hits)];
      });
      for (const hit of covered) problems.push(`${width}px ${path}: ${hit}`);
    }
    await page.close();
  }
  assert.deepEqual(problems, []);
});
