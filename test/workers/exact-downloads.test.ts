import { describe, expect, it } from "vitest";
import { editArticle, fetchWorker, makeAdminSession, makeArticle, makeEditor, makeIssue, makeJournal } from "../factories";
import { rgbaPng } from "../images";

/**
 * Downloads a reader can trust (RFC 9110): a resumed download whose validator is stale gets the
 * whole current file, never the new file's bytes after the old one's; a range past the end is a
 * 416; malformed conditional headers are answered, never a 500 — on an article PDF (both of its
 * URLs) and on a picture. Replaced and withdrawn files are revalidated by shared caches.
 */

const pdf = (fill: string) => new TextEncoder().encode(`%PDF-1.4\n${fill.repeat(40)}\n%%EOF\n`);
const ORIGINAL = pdf("original ");
const CORRECTED = pdf("corrected, longer text ");

async function journalWithFiles() {
  const j = await makeJournal();
  const issue = await makeIssue(j.id, { year: 2025, volume: 8, issue: 1 });
  const article = await makeArticle(j.id, issue, {}, { pdf: ORIGINAL });
  const picture = rgbaPng(40, 30);
  const editor = await makeEditor(j.id, {}, { picture: new File([picture as BlobPart], "p.png", { type: "image/png" }) });
  return {
    j,
    issue,
    article,
    picture,
    files: {
      pdf: `/archives/2025/8/1/${article.refnumber}.pdf`,
      storedPdf: `/assets/archives/2025/vol8issue1/${article.file}`,
      picture: `/assets/editors/${editor.picture}`,
    },
  };
}

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("exact downloads", () => {
  it("a stale If-Range gets 200 with the whole current file after the PDF is replaced; a current one its range", async () => {
    const { j, article, files } = await journalWithFiles();
    const first = await fetchWorker(j.url(files.pdf), { headers: { range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    const oldEtag = first.headers.get("etag")!;
    expect(await bytes(first)).toEqual(ORIGINAL.slice(0, 100));

    await editArticle(j.id, article, {}, { pdf: CORRECTED });

    for (const path of [files.pdf, files.storedPdf]) {
      const resumed = await fetchWorker(j.url(path), { headers: { range: "bytes=100-", "if-range": oldEtag } });
      expect(resumed.status, path).toBe(200);
      expect(resumed.headers.get("content-range"), path).toBeNull();
      expect(await bytes(resumed), path).toEqual(CORRECTED);
      const newEtag = resumed.headers.get("etag")!;
      expect(newEtag).not.toBe(oldEtag);
      const current = await fetchWorker(j.url(path), { headers: { range: "bytes=0-99", "if-range": newEtag } });
      expect(current.status, path).toBe(206);
      expect(current.headers.get("content-range"), path).toBe(`bytes 0-99/${CORRECTED.length}`);
      expect(await bytes(current), path).toEqual(CORRECTED.slice(0, 100));
    }
  });

  it("Range 0-99 with a stale If-Range → 200 whole; past the end → 416 with bytes */size (a PDF and a picture)", async () => {
    const { j, picture, files } = await journalWithFiles();
    const sizes: Record<string, number> = { [files.pdf]: ORIGINAL.length, [files.storedPdf]: ORIGINAL.length, [files.picture]: picture.length };
    for (const path of [files.pdf, files.storedPdf, files.picture]) {
      const whole = await fetchWorker(j.url(path), { headers: { range: "bytes=0-99", "if-range": '"not-the-current-etag"' } });
      expect(whole.status, path).toBe(200);
      expect((await bytes(whole)).length, path).toBe(sizes[path]);
      const past = await fetchWorker(j.url(path), { headers: { range: `bytes=${sizes[path]}-${sizes[path] + 50}` } });
      expect(past.status, path).toBe(416);
      expect(past.headers.get("content-range"), path).toBe(`bytes */${sizes[path]}`);
      expect(await past.text(), path).toBe("");
    }
  });

  it("malformed Range, If-None-Match, If-Match, If-Modified-Since and If-Range are answered, never a 5xx", async () => {
    const { j, files } = await journalWithFiles();
    const hostile: Record<string, string>[] = [
      { "if-none-match": "garbage, \"unterminated" },
      { "if-none-match": "W/" },
      { "if-match": "garbage" },
      { "if-match": "\"x\", ,\"" },
      { "if-modified-since": "not a date" },
      { "if-unmodified-since": "Mon, 32 Foo 99999 99:99:99 GMT" },
      { range: "bytes=abc-def" },
      { range: "bytes=9-1" },
      { range: "bytes=0-1,2-3,4-5" },
      { range: "lines=1-2" },
      { range: "bytes=0-10", "if-range": "definitely not a validator" },
      { range: `bytes=0-${"9".repeat(40)}` },
    ];
    for (const path of [files.pdf, files.storedPdf, files.picture]) {
      for (const headers of hostile) {
        for (const method of ["GET", "HEAD"]) {
          const res = await fetchWorker(j.url(path), { method, headers });
          expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
          await res.arrayBuffer();
        }
      }
      // The conditions themselves still work.
      const etag = (await fetchWorker(j.url(path), { method: "HEAD" })).headers.get("etag")!;
      expect((await fetchWorker(j.url(path), { headers: { "if-none-match": etag } })).status, path).toBe(304);
      expect((await fetchWorker(j.url(path), { headers: { "if-match": '"other"' } })).status, path).toBe(412);
      expect((await fetchWorker(j.url(path), { headers: { "if-match": etag, range: "bytes=0-3" } })).status, path).toBe(206);
    }
  });

  it("generated documents (certificates, cover page, board) answer hostile conditional headers without a 5xx", async () => {
    const { j, article } = await journalWithFiles();
    const paths = [`/api/pdf/certificate/${article.refnumber}/1`, `/pdf/${article.refnumber}/certificate-${article.refnumber}-1.pdf`, `/api/pdf/coverpage/${article.id}`, "/api/pdf/editorialboard"];
    for (const path of paths) {
      const hostile: Record<string, string>[] = [{ "if-none-match": "garbage" }, { "if-match": "\"x" }, { range: "bytes=999999-" }, { range: "bytes=0-10", "if-range": "nonsense" }, { "if-modified-since": "soon" }];
      for (const headers of hostile) {
        const res = await fetchWorker(j.url(path), { headers: { ...headers, authorization: "Bearer none" } });
        expect(res.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
        await res.arrayBuffer();
      }
    }
  });

  it("shared caches revalidate a PDF on every use (it can be replaced or withdrawn under its URL) and a picture within minutes", async () => {
    const { j, article, files } = await journalWithFiles();
    const res = await fetchWorker(j.url(files.pdf));
    expect(res.headers.get("cache-control")).toBe("public, no-cache");
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("last-modified")).toMatch(/GMT$/);
    const pic = await fetchWorker(j.url(files.picture));
    expect(pic.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    // Withdrawn: the next revalidation finds nothing.
    await editArticle(j.id, article, { status: "disabled" });
    expect((await fetchWorker(j.url(files.pdf), { headers: { "if-none-match": res.headers.get("etag")! } })).status).toBe(404);
  });

  it("the journal list's logo answers ranges and conditions the same way", async () => {
    // Served on every journal's host (the list page may load images from its own origin only).
    const j = await makeJournal();
    const png = rgbaPng(30, 30);
    const form = new FormData();
    form.set("logoFile", new File([png as BlobPart], "logo.png", { type: "image/png" }));
    const s = await makeAdminSession();
    const up = await fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: form });
    expect(up.status).toBe(200);
    const logo = ((await up.json()) as { logo: string }).logo;
    const path = `/journals/logos/${s.id}/${logo}`;
    const whole = await fetchWorker(j.url(path));
    expect(whole.status).toBe(200);
    expect(await bytes(whole)).toEqual(png);
    expect(whole.headers.get("cache-control")).toBe("public, max-age=300, must-revalidate");
    expect((await fetchWorker(j.url(path), { headers: { range: `bytes=${png.length}-` } })).status).toBe(416);
    expect((await fetchWorker(j.url(path), { headers: { "if-none-match": "garbage" } })).status).toBe(200);
    expect((await fetchWorker(j.url(path), { headers: { "if-none-match": whole.headers.get("etag")! } })).status).toBe(304);
  });
});
