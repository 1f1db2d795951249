/**
 * Images are read as their decoders read them, at upload and again before any decode: a PNG
 * whose first chunk is not IHDR (a fake one claiming 100×100 before the real 6000×6000 IHDR), a
 * second IHDR, image data longer than the header promises, a JPEG with a second frame header,
 * truncated files — refused with the usual message and nothing stored; the same images put in
 * R2 directly are never decoded by any document.
 */
import { env } from "cloudflare:workers";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { logoPreparations } from "../../app/documents/logo.server";
import { certificateImageKey } from "../../app/storage/keys.server";
import { blankPng, concat, encodePng, pngChunk } from "../../app/lib/png";
import { checkImage, decodableImage, imageHeader, UploadRejected } from "../../app/storage/uploads.server";
import { fetchWorker, makeAdminSession, makeArticle, makeIssue } from "../factories";
import { rgbaPng, tinyJpeg } from "../images";

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

function ihdr(width: number, height: number, colourType = 6): Uint8Array {
  const data = new Uint8Array(13);
  const dv = new DataView(data.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  data.set([8, colourType, 0, 0, 0], 8);
  return pngChunk("IHDR", data);
}

/** The chunks of a PNG after its signature, as [type, whole chunk bytes]. */
function chunks(png: Uint8Array): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let i = 8; i < png.length; ) {
    const length = dv.getUint32(i);
    out.push([String.fromCharCode(...png.subarray(i + 4, i + 8)), png.subarray(i, i + 12 + length)]);
    i += 12 + length;
  }
  return out;
}

const bomb = blankPng(6000, 6000);
const bombBody = chunks(bomb).filter(([t]) => t !== "IHDR").map(([, c]) => c);

/** The crafted PNG: a first chunk whose bytes 16–24 say 100×100, then the real IHDR (6000×6000). */
const fakeFirstChunk = (() => {
  const fake = new Uint8Array(13);
  new DataView(fake.buffer).setUint32(0, 100);
  new DataView(fake.buffer).setUint32(4, 100);
  fake.set([8, 6, 0, 0, 0], 8);
  return concat([SIGNATURE, pngChunk("fAKE", fake), ihdr(6000, 6000), ...bombBody]);
})();

const CRAFTED: Record<string, Uint8Array> = {
  "fake first chunk (100×100) before the real IHDR (6000×6000)": fakeFirstChunk,
  "a second IHDR (100×100, then 6000×6000)": concat([SIGNATURE, ihdr(100, 100), ihdr(6000, 6000), ...bombBody]),
  "image data longer than its header promises (64×48 declared, 64×4800 inside)": (() => {
    const big = rgbaPng(64, 4800);
    return concat([SIGNATURE, ihdr(64, 48), ...chunks(big).filter(([t]) => t !== "IHDR").map(([, c]) => c)]);
  })(),
  "a truncated PNG": rgbaPng(64, 48).subarray(0, 120),
  "data after IEND": concat([rgbaPng(64, 48), new Uint8Array(4096)]),
  "a JPEG with a second frame header (1×1, then 6000×6000)": (() => {
    const jpeg = tinyJpeg();
    const at = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
    const sof = jpeg.slice(at, at + 13);
    const big = sof.slice();
    big.set([0x17, 0x70, 0x17, 0x70], 5);
    return concat([jpeg.subarray(0, at + 13), big, jpeg.subarray(at + 13)]);
  })(),
  "a truncated JPEG": tinyJpeg().subarray(0, 100),
};

const file = (bytes: Uint8Array, name: string, type: string) => new File([bytes as BlobPart], name, { type });

describe("the shared upload check reads images as decoders do", () => {
  it("takes honest images", async () => {
    for (const [bytes, type] of [[rgbaPng(), "image/png"], [tinyJpeg(), "image/jpeg"], [encodePng(3, 2, 2, new Uint8Array(2 * (1 + 9))), "image/png"]] as const) {
      const checked = await checkImage(file(bytes, "x", type));
      expect(checked.width).toBeGreaterThan(0);
    }
    expect(imageHeader(rgbaPng(64, 48))).toMatchObject({ ext: "png", width: 64, height: 48 });
    expect(decodableImage(rgbaPng(64, 48))).not.toBeNull();
  });

  for (const [what, bytes] of Object.entries(CRAFTED)) {
    it(`refuses ${what} as an unsupported image — for every kind of upload that goes through it (editor picture, partner image…)`, async () => {
      const error = await checkImage(file(bytes, "x.png", "image/png")).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(UploadRejected);
      expect((error as UploadRejected).code).toBe("unsupported_image");
      expect(decodableImage(bytes)).toBeNull();
    });
  }
});

type Session = Awaited<ReturnType<typeof makeAdminSession>>;

async function post(s: Session, path: string, field: string, bytes: Uint8Array, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set(field, file(bytes, "image.png", "image/png"));
  return fetchWorker(s.url(path), { method: "POST", headers: s.auth, body: form });
}

async function stored(s: Session): Promise<string[]> {
  return (await env.FILES.list({ prefix: `journals/${s.id}/` })).objects.map((o) => o.key);
}

describe("the crafted PNG is refused as logo, signature, stamp and editor picture; nothing is stored", () => {
  it("through the JSON API", async () => {
    const s = await makeAdminSession();
    for (const [path, field, extra] of [
      ["/api/settings/logo", "logoFile", {}],
      ["/api/settings/signature", "signatureFile", {}],
      ["/api/settings/stamp", "stampFile", {}],
      ["/api/editors", "imgFile", { name: "Dr. A. Editor", category: "associate editor", post: "Professor", content: "University" }],
    ] as const) {
      for (const bytes of [fakeFirstChunk, CRAFTED["a second IHDR (100×100, then 6000×6000)"]]) {
        const res = await post(s, path, field, bytes, extra);
        expect(res.status, path).toBe(400);
        expect(((await res.json()) as { error: string }).error, path).toBe("unsupported_image");
      }
    }
    expect(await stored(s)).toEqual([]);
    const row = await env.DB.prepare("SELECT logo, signature_image, stamp_image FROM settings WHERE journal_id = ?").bind(s.id).first<Record<string, string>>();
    expect(row).toEqual({ logo: "", signature_image: "", stamp_image: "" });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM editors WHERE journal_id = ?").bind(s.id).first<{ n: number }>())?.n).toBe(0);
  });
});

/** Image XObjects on a PDF's first page. */
async function pageImages(bytes: Uint8Array): Promise<number> {
  const doc = await PDFDocument.load(bytes);
  const xobjects = doc.getPages()[0].node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  let n = 0;
  for (const [, ref] of xobjects?.entries() ?? []) if ((doc.context.lookup(ref) as PDFRawStream).dict.get(PDFName.of("Subtype"))?.toString() === "/Image") n++;
  return n;
}

describe("crafted images stored directly in R2 (past the upload check) are never decoded", () => {
  it("as logo, signature and stamp: every document and the link preview build without them", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 5, issue: 3 });
    const a = await makeArticle(s.id, issue, { pagenumber: "1-5" });
    const names = { logo: "logo-c0ffee000001.png", signature_image: "signature-c0ffee000002.png", stamp_image: "stamp-c0ffee000003.png" };
    await env.FILES.put(`journals/${s.id}/logo/${names.logo}`, fakeFirstChunk);
    for (const [column, name] of Object.entries(names)) {
      if (column !== "logo") await env.FILES.put(certificateImageKey(s.id, name), CRAFTED["a second IHDR (100×100, then 6000×6000)"]);
    }
    await env.DB.prepare("UPDATE settings SET logo = ?, signature_image = ?, stamp_image = ? WHERE journal_id = ?").bind(names.logo, names.signature_image, names.stamp_image, s.id).run();
    const before = logoPreparations.count;
    const bypass = { authorization: "Bearer edge-cache-bypass" };
    const times: string[] = [];
    for (const path of [`/api/pdf/certificate/${a.refnumber}/1`, `/api/pdf/coverpage/${a.id}`, "/api/pdf/editorialboard"]) {
      const t = performance.now();
      const res = await fetchWorker(s.url(path), { headers: bypass });
      expect(res.status, path).toBe(200);
      expect(await pageImages(new Uint8Array(await res.arrayBuffer())), path).toBe(0);
      times.push(`${path}: ${(performance.now() - t).toFixed(0)} ms`);
    }
    const home = await (await fetchWorker(s.url("/"))).text();
    const og = /property="og:image" content="([^"]+)"/.exec(home)?.[1];
    expect(og).toBeDefined();
    const t = performance.now();
    const preview = await fetchWorker(og!.replace(/^https?:\/\/[^/]+/, s.url("").replace(/\/$/, "")));
    expect(preview.status).toBe(200);
    times.push(`preview image: ${(performance.now() - t).toFixed(0)} ms`);
    // Nothing was decoded: the stored bytes were read as a decoder would, and refused first.
    expect(logoPreparations.count - before).toBe(0);
    console.log(`documents with crafted stored images (no decode): ${times.join("; ")}`);
  });
});
