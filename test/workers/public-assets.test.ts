import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { indexingImageKey } from "../../app/storage/keys.server";
import { fetchWorker, makeArticle, makeEditor, makeIssue, makeJournal, makePartner } from "../factories";
import { rgbaPng } from "../images";

const PDF = new TextEncoder().encode("%PDF-1.4\n" + "0123456789".repeat(50) + "\n%%EOF\n");
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
/** An editor picture must pass the upload check (a real image). */
const PORTRAIT = rgbaPng(40, 50);

/** A journal with one article PDF, an editor picture and a partner logo in R2. */
async function journalWithFiles() {
  const j = await makeJournal();
  const issue = await makeIssue(j.id, { year: 2025, volume: 7, issue: 2 });
  // Uploaded as staff upload them: the PDF and the picture go to R2 with their rows.
  const article = await makeArticle(j.id, issue, {}, { pdf: PDF });
  const editor = await makeEditor(j.id, {}, { picture: new File([PORTRAIT as BlobPart], "portrait.png", { type: "image/png" }) });
  await env.FILES.put(indexingImageKey(j.id, "logo.png"), PNG);
  // Public files are reachable only through the rows that show them, so a raw or former object name reveals nothing.
  await makePartner(j.id, { image: "logo.png" });
  return { ...j, article, pdfPath: `/assets/archives/2025/vol7issue2/${article.file}`, picturePath: `/assets/editors/${editor.picture}` };
}

describe("/assets files from R2", () => {
  it("serves an article PDF with its type, length, ETag and range support", async () => {
    const j = await journalWithFiles();
    const res = await fetchWorker(j.url(j.pdfPath));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(PDF.length));
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
  });

  it("answers 304 when the ETag still matches", async () => {
    const j = await journalWithFiles();
    const first = await fetchWorker(j.url(j.pdfPath));
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const again = await fetchWorker(j.url(j.pdfPath), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("answers a byte range with 206 and Content-Range", async () => {
    const j = await journalWithFiles();
    const res = await fetchWorker(j.url(j.pdfPath), { headers: { range: "bytes=0-7" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 0-7/${PDF.length}`);
    expect(res.headers.get("content-length")).toBe("8");
    expect(await res.text()).toBe("%PDF-1.4");

    const tail = await fetchWorker(j.url(j.pdfPath), { headers: { range: "bytes=-7" } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe(`bytes ${PDF.length - 7}-${PDF.length - 1}/${PDF.length}`);
    expect(await tail.text()).toBe("%%EOF\n".padStart(7, "\n"));
  });

  it("serves editor pictures and indexing logos as images", async () => {
    const j = await journalWithFiles();
    for (const [path, bytes] of [[j.picturePath, PORTRAIT], ["/assets/indexing/logo.png", PNG]] as const) {
      const res = await fetchWorker(j.url(path));
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("image/png");
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    }
  });

  it("answers 404 for missing files and paths outside the spec's locations", async () => {
    const j = await journalWithFiles();
    for (const path of [
      "/assets/archives/2025/vol7issue2/nothing-here.pdf",
      "/assets/archives/2025/vol9issue9/x.pdf",
      "/assets/editors/missing.png",
      "/assets/indexing/missing.png",
      "/assets/archives/../../secret",
      "/assets/other/file.pdf",
    ]) {
      const res = await fetchWorker(j.url(path));
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });

  it("never serves one journal's files on another journal's host", async () => {
    const a = await journalWithFiles();
    const b = await makeJournal();
    for (const path of [a.pdfPath, a.picturePath, "/assets/indexing/logo.png"]) {
      const res = await fetchWorker(b.url(path));
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});
