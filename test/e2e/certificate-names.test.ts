/**
 * What an author sees on the certificate page (/pdf?refno=…) in a real Chromium: one button per
 * author, each saving the certificate under its own name (so two authors' downloads do not overwrite each other), while the API call keeps
 * the spec's certificate-{a}.pdf; /verify answers a certificate printed before the name binding
 * (a v1 code) as an earlier certificate with the caveat; the journal's link-preview image shows
 * its uploaded logo. Screenshots: test-results/screenshots/certificate-page.jpg,
 * verify-earlier-certificate.jpg, preview-image-logo.png (the image itself).
 */
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import type { Browser } from "playwright-core";
import { certificateCodeV1 } from "../certificate-codes.ts";
import { discPng } from "../images.ts";
import { hydrated, launchBrowser, screenshot, serverCertificateSecret, startApp, watchPage, type App } from "./harness.ts";
import { addIssue, insertLegacyArticle } from "./data.ts";

const HOST = "names.localhost";
const NO_LOGO_HOST = "nologo.localhost";
const REF = "640101";
const AUTHORS = ["Dr. Anjali Sharma", "José Müller-Åström", "क्षितिज त्रिपाठी"];
let app: App;
let browser: Browser;
let v1Code = "";

before(async () => {
  app = await startApp(
    [
      { slug: "names", name: "Annals of Named Certificates", hosts: [HOST], settings: { websitename: "Annals of Named Certificates", issn: "2583-7001" } },
      { slug: "nologo", name: "Journal of Applied Chemistry and Environmental Research", hosts: [NO_LOGO_HOST], settings: { websitename: "Journal of Applied Chemistry and Environmental Research", issn: "2583-7002" } },
    ],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 2, issue: 1, frequency: "Jan-Mar" });
      // A hyphenated author (Müller-Åström) from before the author rule: the row as it was stored.
      await insertLegacyArticle(env, jid, issue, { refnumber: REF, title: "Zinc in <i>Triticum aestivum</i> L. grain", authorname: AUTHORS.join(", "), abstract: "<p>Zinc.</p>", keywords: "zinc", pagenumber: "3-9", publishdate: "2025-02-10" });
      // An uploaded logo, as Settings stores it.
      await env.FILES.put(`journals/${jid}/logo/logo-0123456789ab.png`, discPng(600, [222, 64, 26]), { httpMetadata: { contentType: "image/png" } });
      await env.DB.prepare("update settings set logo = ? where journal_id = ?").bind("logo-0123456789ab.png", jid).run();
      v1Code = await certificateCodeV1(await serverCertificateSecret(), jid, REF, 2);
    },
  );
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.stop();
});

test("the certificate page's buttons save one file per author; the API call keeps certificate-{a}.pdf", async () => {
  const page = await browser.newPage({ acceptDownloads: true } as Parameters<Browser["newPage"]>[0]);
  const watch = watchPage(page);
  await page.goto(app.url(HOST, `/pdf?refno=${REF}`));
  await hydrated(page);
  // The Devanagari web font (font-display: swap) before the picture.
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await screenshot(page, "certificate-page");
  // The Devanagari author's button is drawn with the web font, not as boxes: its text is narrower
  // than the same text in a face without Devanagari (one .notdef box per character). Chromium drew
  // boxes here while the face came after the system faces in --sans.
  const widths = await page.evaluate((name) => {
    const button = [...document.querySelectorAll("a.button")].find((a) => a.textContent?.includes(name))!;
    const range = document.createRange();
    range.selectNodeContents(button);
    const boxes = document.createElement("span");
    boxes.style.font = `${getComputedStyle(button).fontWeight} ${getComputedStyle(button).fontSize} "DejaVu Sans"`;
    boxes.textContent = button.textContent;
    document.body.appendChild(boxes);
    const result = { drawn: range.getBoundingClientRect().width, boxes: boxes.getBoundingClientRect().width };
    boxes.remove();
    return result;
  }, AUTHORS[2]);
  assert.ok(widths.drawn < widths.boxes - 20, `Devanagari button text drawn ${widths.drawn}px wide, as wide as boxes (${widths.boxes}px)`);
  const names: string[] = [];
  for (const [i, author] of AUTHORS.entries()) {
    const button = page.getByRole("link", { name: `Certificate: ${author}` });
    assert.equal(await button.getAttribute("href"), `/pdf/${REF}/certificate-${REF}-${i + 1}.pdf`);
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    names.push(download.suggestedFilename());
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    assert.equal(Buffer.concat(chunks).subarray(0, 5).toString(), "%PDF-");
  }
  assert.deepEqual(names, [1, 2, 3].map((n) => `certificate-${REF}-${n}.pdf`));
  // The API call of spec §7, fetched by the same browser.
  const api = await page.evaluate(async (ref) => {
    const res = await fetch(`/api/pdf/certificate/${ref}/2`);
    return { status: res.status, disposition: res.headers.get("content-disposition") };
  }, REF);
  assert.deepEqual(api, { status: 200, disposition: `attachment; filename="certificate-${REF}.pdf"` });
  assert.deepEqual(watch.problems, []);
  await page.close();
});

test("/verify answers a v1 code as an earlier certificate, naming today's author at its position with the caveat", async () => {
  const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  const res = await page.goto(app.url(HOST, `/verify/${v1Code}`));
  assert.equal(res?.status(), 200);
  const main = page.locator("main");
  assert.equal(await main.locator("h1").innerText(), "Certificate of Publication verified (earlier certificate)");
  const text = await main.innerText();
  assert.ok(text.includes("to the author in position 2 of its byline."), text);
  assert.ok(text.includes(`The author in position 2 of the byline today is ${AUTHORS[1]} (author 2 of 3).`), text);
  assert.ok(text.includes("Compare this with the name printed on the certificate."), text);
  await screenshot(page, "verify-earlier-certificate");
  const forged = await page.goto(app.url(HOST, `/verify/${v1Code.slice(0, -1)}${v1Code.endsWith("A") ? "B" : "A"}`));
  assert.equal(forged?.status(), 404);
  await page.close();
});

test("the link-preview image shows the uploaded logo, or the seal without one", async () => {
  const page = await browser.newPage();
  const dir = path.resolve(import.meta.dirname, "../../test-results/screenshots");
  mkdirSync(dir, { recursive: true });
  const images: number[][] = [];
  for (const [host, file] of [
    [HOST, "preview-image-logo.png"],
    [NO_LOGO_HOST, "preview-image-seal.png"],
  ] as const) {
    await page.goto(app.url(host, "/"));
    const image = await page.locator('meta[property="og:image"]').getAttribute("content");
    assert.ok(image);
    // The image as a browser loads it (Node cannot resolve *.localhost names).
    const png = await page.evaluate(async (url) => {
      const res = await fetch(new URL(new URL(url).pathname, location.href));
      return { type: res.headers.get("content-type"), bytes: Array.from(new Uint8Array(await res.arrayBuffer())) };
    }, image);
    assert.equal(png.type, "image/png");
    writeFileSync(path.join(dir, file), new Uint8Array(png.bytes));
    images.push(png.bytes);
  }
  assert.notDeepEqual(images[0], images[1]);
  await page.close();
});
