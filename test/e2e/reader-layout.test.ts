/**
 * What a reader sees on the demo journals (as `npm start` seeds them) plus an empty third
 * journal of another publisher, at 1366 px and 390 px in Chromium: no false claim about who
 * publishes which journal, the publisher named once, 'Loading...' over nothing, issue months and
 * e-mail addresses wrapped only where a reader would wrap them, indexing logos in a grid on
 * phones, a failed certificate lookup that says so, and /verify findable and comfortable to type in.
 */
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import type { Browser, Page } from "playwright-core";
import { hydrated, launchBrowser, requireChromium, screenshot, startApp, watchPage, type App } from "./harness.ts";

const A = { host: "localhost", publisher: "Agri Life Publications", name: "International Journal of Agriculture and Life Sciences" };
const B = { host: "journal-b.localhost", publisher: "GreenChem Scholarly Press", name: "Journal of Applied Chemistry and Environmental Research" };
const C = { host: "journal-c.localhost", publisher: "Crop Press", name: "Journal of Crop Science" };
const WIDTHS = [
  { name: "1366", width: 1366, height: 900 },
  { name: "390", width: 390, height: 844 },
];

let app: App;
let browser: Browser;

before(async () => {
  requireChromium();
  app = await startApp([{ slug: "jcs", name: C.name, hosts: [C.host], settings: { publisher_name: C.publisher } }], undefined, { demo: true });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

async function open(host: string, path: string, width = 1366): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: width > 500 ? 900 : 844 } });
  const { problems } = watchPage(page);
  await page.goto(app.url(host, path), { waitUntil: "networkidle" });
  await hydrated(page);
  return { page, problems };
}

test("/journals and the home card: every journal under the publisher it names, for one or several publishers", async () => {
  const expected = new Map([A, B, C].map((j) => [j.name, j.publisher]));
  for (const j of [A, B, C]) {
    for (const w of WIDTHS) {
      const { page, problems } = await open(j.host, "/journals", w.width);
      const text = await page.locator("main").innerText();
      assert.doesNotMatch(text, /publishes/, `${j.host} ${w.name}: ${text}`);
      // Each card sits in the section headed by its own publisher.
      const placed = await page.locator(".journal-card").evaluateAll((cards) =>
        cards.map((card) => ({
          name: card.querySelector(".journal-card-name")?.textContent ?? "",
          heading: card.closest("section")?.querySelector("h2")?.textContent ?? "",
        })),
      );
      assert.equal(placed.length, 3);
      for (const p of placed) assert.ok(p.heading.startsWith(`${expected.get(p.name)} (`), `${j.host} ${w.name}: ${p.name} under "${p.heading}"`);
      await screenshot(page, `journals-${j.host.split(".")[0]}-${w.name}`);
      assert.deepEqual(problems, []);
      await page.close();
    }
    // The home card names the journal's own publisher and leads to that publisher's journals.
    const { page } = await open(j.host, "/");
    const link = page.locator(".sidebar a", { hasText: "All journals of" });
    assert.equal(await link.textContent(), `All journals of ${j.publisher}`);
    await link.click();
    await page.waitForURL(/\/journals#publisher-/);
    await page.waitForFunction(() => document.getElementById(decodeURIComponent(location.hash.slice(1)))?.querySelector("h2"));
    const target = await page.evaluate(() => {
      const el = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      return { heading: el?.querySelector("h2")?.textContent ?? "", names: [...(el?.querySelectorAll(".journal-card-name") ?? [])].map((n) => n.textContent) };
    });
    assert.equal(target.heading, `${j.publisher} (1 journal)`);
    assert.deepEqual(target.names, [j.name]);
    await page.close();
  }
});

test("the privacy policy names each journal's publisher once", async () => {
  for (const j of [A, B]) {
    const { page } = await open(j.host, "/privacy-policy");
    const who = await page.locator("#who-we-are").evaluate((el) => el.closest("section")?.textContent ?? el.parentElement?.textContent ?? "");
    assert.equal(who.split(j.publisher).length - 1, 1, who);
    assert.match(who, new RegExp(`operated by ${j.publisher}, \\d+ `));
    await page.close();
  }
});

/** Visible elements whose box the element `selector` covers, at the current scroll. */
async function covered(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((sel) => {
    const over = document.querySelector(sel);
    if (!over) return [`${sel} not found`];
    const o = over.getBoundingClientRect();
    const hits: string[] = [];
    for (const el of document.querySelectorAll("a, button, input, h1, h2, h3, p, li, td, th, dd, dt, img, label, span")) {
      if (el === over || over.contains(el) || el.contains(over) || !(el as HTMLElement).checkVisibility()) continue;
      // Text boxes, not their block's full width.
      const range = document.createRange();
      range.selectNodeContents(el);
      for (const r of [...range.getClientRects(), ...(el instanceof HTMLImageElement || el instanceof HTMLInputElement ? [el.getBoundingClientRect()] : [])]) {
        if (r.width && r.height && r.bottom > o.top && r.top < o.bottom && r.right > o.left && r.left < o.right) {
          hits.push(`${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").trim().slice(0, 40)}"`);
          break;
        }
      }
    }
    return [...new Set(hits)];
  }, selector);
}

test("'Loading...' covers no title, link or text while the next page's data is on its way", async () => {
  for (const w of WIDTHS) {
    const { page, problems } = await open(A.host, "/", w.width);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator(".main-nav a", { hasText: "EDITORIAL BOARD" }).click();
    const pill = page.locator(".route-pending-text", { hasText: "Loading..." });
    await pill.waitFor();
    await page.waitForTimeout(450); // past its fade-in
    await screenshot(page, `loading-${w.name}`);
    const hits = await covered(page, ".route-pending-text");
    release();
    await page.locator("h1", { hasText: "Editorial Board" }).waitFor();
    assert.deepEqual(hits, [], `${w.name}: 'Loading...' covers ${hits.join(", ")}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

/** For each link of the archive list: its month ('OCT-DEC') and on how many lines it is drawn. */
async function monthLines(page: Page): Promise<{ text: string; lines: number }[]> {
  return page.locator(".archive-list li a").evaluateAll((links) =>
    links
      .filter((a) => (a as HTMLElement).checkVisibility())
      .map((a) => {
        const text = (a.textContent ?? "").trim();
        const month = /[A-Z]{3}(?:-[A-Z]{3})?$/.exec(text)?.[0] ?? "";
        // The month's characters wherever the markup puts them: the last text node(s) of the link.
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
        const nodes: Text[] = [];
        for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
        const tops = new Set<number>();
        let left = month.length;
        for (const node of nodes.reverse()) {
          const value = node.data.replace(/\s+$/, "");
          for (let i = value.length - 1; i >= 0 && left > 0; i--, left--) {
            const r = document.createRange();
            r.setStart(node, i);
            r.setEnd(node, i + 1);
            const rect = r.getClientRects()[0];
            if (rect) tops.add(Math.round(rect.top));
          }
          if (left === 0) break;
        }
        return { text, lines: tops.size };
      })
      .filter((m) => /[A-Z]{3}$/.test(m.text)),
  );
}

test("the archive list keeps each issue's months ('OCT-DEC') on one line, sidebar and phone drawer", async () => {
  const { page, problems } = await open(A.host, "/archives", 1366);
  const wide = await monthLines(page);
  assert.ok(wide.length >= 8, JSON.stringify(wide));
  assert.deepEqual(wide.filter((m) => m.lines !== 1), []);
  await screenshot(page, "archive-months-1366");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: "All Issues" }).click();
  await page.locator(".archive-drawer:popover-open").waitFor();
  const phone = await monthLines(page);
  assert.ok(phone.length >= 8);
  assert.deepEqual(phone.filter((m) => m.lines !== 1), []);
  await screenshot(page, "archive-months-390");
  assert.deepEqual(problems, []);
  await page.close();
});

test("board e-mail addresses wrap only after '@' or before a dot, never inside a word", async () => {
  for (const w of WIDTHS) {
    const { page, problems } = await open(A.host, "/board", w.width);
    const breaks = await page.locator('main a[href^="mailto:"]').evaluateAll((links) =>
      links.flatMap((a) => {
        const chars: { c: string; top: number }[] = [];
        const walker = document.createTreeWalker(a, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode() as Text | null; n; n = walker.nextNode() as Text | null) {
          for (let i = 0; i < n.data.length; i++) {
            const r = document.createRange();
            r.setStart(n, i);
            r.setEnd(n, i + 1);
            const rect = r.getClientRects()[0];
            if (rect) chars.push({ c: n.data[i], top: Math.round(rect.top) });
          }
        }
        const bad: string[] = [];
        for (let i = 1; i < chars.length; i++) {
          if (chars[i].top > chars[i - 1].top + 2 && chars[i - 1].c !== "@" && chars[i].c !== ".") {
            bad.push(`${chars.map((x) => x.c).join("").slice(0, i)}⏎${chars.map((x) => x.c).join("").slice(i)}`);
          }
        }
        return bad;
      }),
    );
    assert.ok((await page.locator('main a[href^="mailto:"]').count()) >= 10);
    assert.deepEqual(breaks, [], `${w.name}: ${breaks.join(", ")}`);
    // The address itself is unchanged for copying and for the link.
    const first = page.locator('main a[href^="mailto:"]').first();
    assert.equal(`mailto:${await first.textContent()}`, await first.getAttribute("href"));
    await screenshot(page, `board-emails-${w.name}`);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test("on a phone the indexing logos form a grid, not one column of page-wide logos", async () => {
  const { page, problems } = await open(A.host, "/indexing", 390);
  const lefts = await page.locator(".indexing-grid > li").evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().left)));
  assert.ok(lefts.length >= 6);
  assert.ok(new Set(lefts).size >= 2, `columns at ${[...new Set(lefts)].join(", ")}`);
  const logo = await page.locator(".indexing-grid img").first().boundingBox();
  assert.ok(logo && logo.height <= 80, `logo ${logo?.width}×${logo?.height}`);
  await screenshot(page, "indexing-390");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a failed certificate lookup shows no certificate but says so in a visible sentence, at both widths", async () => {
  for (const w of WIDTHS) {
    const page = await browser.newPage({ viewport: { width: w.width, height: 844 } });
    const res = await page.goto(app.url(A.host, "/pdf?refno=987654"));
    assert.equal(res?.status(), 404);
    const h1 = page.locator("main h1");
    assert.equal(await h1.textContent(), "No article found");
    const box = await h1.boundingBox();
    assert.ok(box && box.width > 50 && box.height > 10, `heading box ${JSON.stringify(box)}`);
    assert.ok(await page.getByText("No published article has the reference number 987654, so there are no certificates to download.").isVisible());
    assert.equal(await page.locator('main a[href*="certificate-"], main a[download]').count(), 0);
    await screenshot(page, `certificate-not-found-${w.name}`);
    // Typing the right number finds the downloads.
    await hydrated(page);
    const ref = await page.evaluate(async () => {
      const html = await (await fetch("/archives")).text();
      return /href="\/archives\/\d+\/\d+\/\d+\/(\d+)/.exec(html)?.[1] ?? "";
    });
    assert.ok(ref);
    await page.getByLabel("Reference number").fill(ref);
    await page.getByRole("button", { name: "Show downloads" }).click();
    await page.locator("main h1", { hasText: "Downloads" }).waitFor();
    assert.ok((await page.locator('main a[href*="certificate-"]').count()) >= 1);
    await page.close();
  }
});

test("/verify is linked from the footer and the certificate page; its field is 16 px and comfortable on a phone", async () => {
  const { page, problems } = await open(A.host, "/contact", 390);
  await page.locator("footer").getByRole("link", { name: "Verify a certificate" }).click();
  await page.waitForURL(/\/verify$/);
  const field = page.getByLabel("Certificate ID");
  const style = await field.evaluate((el) => {
    const cs = getComputedStyle(el);
    return { fontSize: parseFloat(cs.fontSize), height: el.getBoundingClientRect().height, radius: parseFloat(cs.borderTopLeftRadius), padding: parseFloat(cs.paddingLeft) };
  });
  assert.ok(style.fontSize >= 16, `font ${style.fontSize}px`);
  assert.ok(style.height >= 40, `height ${style.height}px`);
  assert.ok(style.radius >= 6 && style.padding >= 10, JSON.stringify(style));
  // The field and its button side by side, inside the page.
  const [input, button] = [await field.boundingBox(), await page.getByRole("button", { name: "Verify" }).boundingBox()];
  assert.ok(input && button && Math.abs(input.y - button.y) < 8 && button.x + button.width <= 390, JSON.stringify({ input, button }));
  await screenshot(page, "verify-390");
  await page.setViewportSize({ width: 1366, height: 900 });
  await screenshot(page, "verify-1366");
  assert.deepEqual(problems, []);
  await page.close();
});
