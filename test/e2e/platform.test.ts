import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { launchBrowser, requireChromium, startApp, watchPage, type App } from "./harness.ts";

/** What the platform serves around the app: static files' headers, and the CSP watch itself. */

const HOST = "platform.localhost";
let app: App;
let browser: Browser;

before(async () => {
  requireChromium();
  app = await startApp([{ slug: "platform", name: "Platform Test Journal", hosts: [HOST] }]);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

async function head(p: string): Promise<Response> {
  const res = await fetch(`http://127.0.0.1:${app.port}${p}`, { headers: { host: `${HOST}:${app.port}` } });
  await res.arrayBuffer();
  assert.equal(res.status, 200, p);
  return res;
}

test("static files (scripts, styles, icons, images, the copyright form) carry the security headers", async () => {
  const built = readdirSync(path.resolve(import.meta.dirname, "../../build/client/assets"));
  const script = built.find((f) => f.startsWith("entry.client") && f.endsWith(".js"))!;
  const style = built.find((f) => f.endsWith(".css"))!;
  for (const p of [`/assets/${script}`, `/assets/${style}`, "/favicon.svg", "/images/cover-stock.svg", "/assets/editors/avatar.png", "/assets/CopyrightAgreementAndAuthorshipResponsibility.doc"]) {
    const res = await head(p);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff", p);
    assert.equal(res.headers.get("x-frame-options"), "DENY", p);
    assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin", p);
    assert.equal(res.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains", p);
    assert.match(res.headers.get("content-security-policy") ?? "", /default-src 'none'.*frame-ancestors 'none'/, p);
  }
});

test("hashed build files are cached for a year; files without a hash are revalidated", async () => {
  const built = readdirSync(path.resolve(import.meta.dirname, "../../build/client/assets"));
  const script = built.find((f) => f.startsWith("entry.client") && f.endsWith(".js"))!;
  assert.equal((await head(`/assets/${script}`)).headers.get("cache-control"), "public, max-age=31536000, immutable");
  // Every kind of file the build names by its content (scripts, styles, fonts): none is revalidated.
  const hashed = built.filter((f) => /-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/.test(f));
  const kinds = new Set(hashed.map((f) => path.extname(f)));
  for (const kind of [".js", ".css", ".woff2"]) assert.ok(kinds.has(kind), `the build has ${kind} files: ${[...kinds].join(" ")}`);
  for (const kind of kinds) {
    const file = hashed.find((f) => path.extname(f) === kind)!;
    assert.equal((await head(`/assets/${file}`)).headers.get("cache-control"), "public, max-age=31536000, immutable", file);
  }
  for (const p of ["/favicon.svg", "/assets/editors/avatar.png", "/assets/CopyrightAgreementAndAuthorshipResponsibility.doc"]) {
    assert.equal((await head(p)).headers.get("cache-control"), "public, max-age=0, must-revalidate", p);
  }
  const form = await head("/assets/CopyrightAgreementAndAuthorshipResponsibility.doc");
  assert.equal(form.headers.get("content-type"), "application/msword");
  assert.equal(form.headers.get("content-disposition"), 'attachment; filename="CopyrightAgreementAndAuthorshipResponsibility.doc"');
});

test("the browser tests' page watch reports a CSP violation (so a clean run means none happened)", async () => {
  const page = await browser.newPage();
  const watch = watchPage(page);
  await page.goto(app.url(HOST, "/"));
  assert.equal(watch.problems.length, 0, watch.problems.join("\n"));
  // An inline script without the page's nonce, as an injected payload would be.
  // (As a string: this file's types are the Worker's, not the browser's DOM.)
  await page.evaluate(`(() => {
    const s = document.createElement("script");
    s.textContent = "window.__ran = true";
    document.body.appendChild(s);
  })()`);
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate("window.__ran"), undefined);
  assert.ok(watch.problems.some((p) => p.startsWith("CSP violation: script-src")), watch.problems.join("\n"));
  await page.close();
});

test("a page the browser revalidates (304 for its ETag) keeps its own policy: styles and scripts still load", async () => {
  const page = await browser.newPage();
  const watch = watchPage(page);
  const first = await page.goto(app.url(HOST, "/contact"));
  assert.match(first?.headers().etag ?? "", /^W\//);
  await page.waitForTimeout(300);
  // The browser sends If-None-Match; the edge cache answers 304, and the browser shows its copy.
  // What went over the wire (Playwright reports a revalidated copy as the 200 it shows).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  const wire: number[] = [];
  cdp.on("Network.responseReceivedExtraInfo", (e: { statusCode: number; headers: Record<string, string> }) => {
    if (e.headers["x-edge-cache"]) wire.push(e.statusCode);
  });
  await page.goto(app.url(HOST, "/contact"));
  assert.deepEqual(wire, [304]);
  assert.equal(await page.evaluate("getComputedStyle(document.querySelector('.main-nav a')).display"), "block");
  await page.waitForFunction("Object.keys(document.querySelector('main')).some((k) => k.startsWith('__reactFiber'))");
  assert.equal(watch.problems.length, 0, watch.problems.join("\n"));
  await page.close();
});
