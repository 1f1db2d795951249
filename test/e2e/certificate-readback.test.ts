/**
 * Certificates read back by tools nobody here wrote: Poppler renders each page (pdftoppm) and
 * jsQR decodes the QR code from the pixels; Poppler's pdftotext extracts the text, in reading
 * order, for Latin, accented and Devanagari names. Downloaded through an alias of the journal,
 * every certificate must still name the primary host (ADR 007), and the decoded URL must open a
 * verification page that confirms this author and article.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import jsQR from "jsqr";
import { unzipSync } from "fflate";
import { fetchOnHost, startApp, type App } from "./harness.ts";
import { pdfText, renderPageGrey, savePdf } from "../pdf-text.ts";
import { addEditor, addIssue, insertLegacyArticle } from "./data.ts";

const PRIMARY = "certs.localhost";
const ALIAS = "www.certs.localhost";
const REF = "730501";
const AUTHORS = ["Dr. Anjali Sharma", "José Müller-Åström", "क्षितिज त्रिपाठी"];
const TITLE = "Grain zinc of <i>Triticum aestivum</i> L. under sodic soils";
let app: App;
const work = mkdtempSync(path.join(tmpdir(), "cert-readback-"));

before(async () => {
  app = await startApp(
    [
      {
        slug: "certs",
        name: "Annals of Readable Certificates",
        hosts: [PRIMARY, ALIAS],
        settings: { websitename: "Annals of Readable Certificates", issn: "2583-7777" },
        admin: { username: "chief", password: "readable-certificates-1" },
      },
    ],
    async (env, [jid]) => {
      const issue = await addIssue(env, jid, { year: 2025, volume: 6, issue: 3, frequency: "Jul-Sep" });
      // A hyphenated author (Müller-Åström) from before the author rule: the row as it was stored.
      await insertLegacyArticle(env, jid, issue, { refnumber: REF, title: TITLE, authorname: AUTHORS.join(", "), abstract: "<p>Zinc.</p>", keywords: "zinc", pagenumber: "14-22", publishdate: "2025-08-02" });
      await addEditor(env, jid, { name: "Prof. Ramesh Chandra Verma", category: "chief editor", post: "Professor", content: "Agricultural University" });
    },
  );
});

after(async () => {
  await app?.stop();
  rmSync(work, { recursive: true, force: true });
});

const viaAlias = (p: string, init: RequestInit = {}) => fetchOnHost(app, ALIAS, p, init);

/** The text of a PDF as Poppler reads it, in reading order (-layout keeps lines together). */
const layoutText = (file: string) => pdfText(file, { layout: true });

/** Renders the first page with Poppler (grey) and decodes the QR code with jsQR. */
function decodeQr(file: string): string | null {
  const { width, height, pixels } = renderPageGrey(file);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = rgba[i * 4 + 1] = rgba[i * 4 + 2] = pixels[i];
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}

const save = (name: string, bytes: ArrayBuffer | Uint8Array) => savePdf(work, name, bytes);

test("every author's certificate: the QR code decodes to the primary host's verification page, which confirms it", async () => {
  for (const [i, author] of AUTHORS.entries()) {
    const res = await viaAlias(`/api/pdf/certificate/${REF}/${i + 1}`);
    assert.equal(res.status, 200, `certificate ${i + 1}`);
    const file = save(`certificate-${i + 1}.pdf`, await res.arrayBuffer());
    const url = decodeQr(file);
    assert.ok(url, `certificate ${i + 1}: a readable QR code`);
    assert.match(url, new RegExp(`^http://${PRIMARY.replace(/\./g, "\\.")}:${app.port}/verify/${REF}-${i + 1}-[0-9A-Z]{10}$`));
    // The printed link is the same URL.
    assert.ok(layoutText(file).includes(url), "the link printed beside the QR code");
    // The page it opens confirms this author and article.
    const page = await fetchOnHost(app, PRIMARY, new URL(url).pathname);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.ok(html.includes(author), `${url} names ${author}`);
  }
});

test("certificate text reads in order through pdftotext, for Latin, accented and Devanagari names", async () => {
  for (const [i, author] of AUTHORS.entries()) {
    const res = await viaAlias(`/api/pdf/certificate/${REF}/${i + 1}`);
    const text = layoutText(save(`text-${i + 1}.pdf`, await res.arrayBuffer()));
    const flat = text.replace(/\s+/g, " ");
    const expected = [
      "Annals of Readable Certificates",
      "CERTIFICATE OF PUBLICATION",
      "This is to certify that",
      author,
      "has published the article titled",
      "“Grain zinc of Triticum aestivum L. under sodic soils”",
      "in Volume 6, Issue 3",
      "Pages 14–22",
      "Prof. Ramesh Chandra Verma",
      "Editor-in-Chief",
    ];
    let at = 0;
    for (const part of expected) {
      const found = flat.indexOf(part, at);
      assert.ok(found >= 0, `certificate ${i + 1}: '${part}' after position ${at} in:\n${text}`);
      at = found + part.length;
    }
    assert.doesNotMatch(text, /[<>]|&amp;|\uFFFD/, "no markup, entities or replacement characters");
  }
});

test("bulk Certificates.zip: every entry's QR code decodes to the verification URL of its own author", async () => {
  const login = await viaAlias("/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://${ALIAS}:${app.port}` },
    body: JSON.stringify({ username: "chief", password: "readable-certificates-1" }),
  });
  assert.equal(login.status, 200);
  const { token } = (await login.json()) as { token: string };
  const res = await viaAlias("/api/pdf/bulkcertificates", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ refnumbers: [REF] }),
  });
  assert.equal(res.status, 200);
  const entries = Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer())));
  assert.equal(entries.length, AUTHORS.length);
  const positions = new Set<string>();
  for (const [name, bytes] of entries) {
    const url = decodeQr(save(`zip-${positions.size}.pdf`, bytes));
    const m = url && new RegExp(`^http://${PRIMARY.replace(/\./g, "\\.")}:${app.port}/verify/${REF}-(\\d)-[0-9A-Z]{10}$`).exec(url);
    assert.ok(m, `${name}: ${url}`);
    assert.ok(name.startsWith(`${REF}-${m[1]}-`), `${name} holds author ${m[1]}'s certificate`);
    positions.add(m[1]);
  }
  assert.deepEqual([...positions].sort(), ["1", "2", "3"]);
});

test("an editor's certificate of appreciation: its QR code decodes to a /verify page naming that editor", async () => {
  const login = await viaAlias("/auth/login/", {
    method: "POST",
    headers: { "content-type": "application/json", origin: `http://${ALIAS}:${app.port}` },
    body: JSON.stringify({ username: "chief", password: "readable-certificates-1" }),
  });
  const { token } = (await login.json()) as { token: string };
  const editors = (await (await viaAlias("/api/editors/", { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; name: string }[];
  const editor = editors.find((e) => e.name === "Prof. Ramesh Chandra Verma")!;
  const res = await viaAlias("/api/pdf/editorscertificate", {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ ids: [editor.id] }),
  });
  assert.equal(res.status, 200);
  const [[, bytes]] = Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer())));
  const file = save("editor.pdf", bytes);
  const url = decodeQr(file);
  assert.match(url ?? "", new RegExp(`^http://${PRIMARY.replace(/\./g, "\\.")}:${app.port}/verify/E${editor.id}-\\d{8}-[0-9A-Z]{10}$`));
  assert.ok(layoutText(file).includes(url!), "the link printed beside the QR code");
  const page = await fetchOnHost(app, PRIMARY, new URL(url!).pathname);
  assert.equal(page.status, 200);
  const html = await page.text();
  assert.ok(html.includes("Certificate of Appreciation verified"));
  assert.ok(html.includes("<strong>Prof. Ramesh Chandra Verma</strong>"), "the page names the editor");
});
