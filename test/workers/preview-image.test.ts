import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { previewBuilds } from "../../app/documents/preview-image.server";
import { bumpJournalVersion } from "../../app/models/journals.server";
import { db, fetchWorker, makeAdminSession, makeArticle, makeIssue, makeJournal } from "../factories";
import encodeJpeg from "jpeg-js/lib/encoder.js";
import { decodePng, discPng } from "../images";
import { encodePng } from "../../app/lib/png";

/** Link previews: every article, issue and home page names a 1200×630 PNG that loads. */

function metaContent(html: string, attr: "property" | "name", key: string): string | null {
  const m = new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html);
  return m ? m[1].replace(/&amp;/g, "&") : null;
}

function pngSize(bytes: Uint8Array): [number, number] {
  expect(Array.from(bytes.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe("IHDR");
  return [view.getUint32(16), view.getUint32(20)];
}

describe("link-preview image", () => {
  it("is named by the home, issue and article pages and loads as a 1200×630 PNG with long cache headers", async () => {
    const j = await makeJournal({ settings: { websitename: "Journal of Applied Chemistry and Environmental Research", issn: "2454-6127" } });
    const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 2, frequency: "Apr-Jun" });
    const a = await makeArticle(j.id, issue, { title: "CO₂ capture", pagenumber: "1-4" });
    const images = new Set<string>();
    for (const path of ["/", "/archives/2025/3/2", `/archives/2025/3/2/${a.refnumber}`]) {
      const res = await fetchWorker(j.url(path));
      expect(res.status, path).toBe(200);
      const html = await res.text();
      const image = metaContent(html, "property", "og:image");
      expect(image, `${path} og:image`).toMatch(new RegExp(`^https://${j.host.replace(/\./g, "\\.")}/og/\\d+\\.png$`));
      expect(metaContent(html, "name", "twitter:card"), path).toBe("summary_large_image");
      expect(metaContent(html, "name", "twitter:image"), path).toBe(image);
      expect(html.match(/<meta property="og:image" /g), `${path}: one og:image`).toHaveLength(1);
      images.add(image!);
      if (path.includes(a.refnumber)) {
        const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
        expect(JSON.parse(ld![1]).image).toBe(image);
      }
    }
    expect(images.size).toBe(1);
    const [url] = [...images];
    const res = await fetchWorker(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const png = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(png)).toEqual([1200, 630]);
    expect(png.length).toBeLessThan(300_000);

    // A staff change gives a new URL; the old one leads to it.
    await bumpJournalVersion(db(), j.id);
    const html = await (await fetchWorker(j.url("/"))).text();
    const next = metaContent(html, "property", "og:image")!;
    expect(next).not.toBe(url);
    const old = await fetchWorker(url, { redirect: "manual" });
    expect(old.status).toBe(302);
    expect(new URL(old.headers.get("location")!, url).href).toBe(next);
  });
});

describe("link-preview image with the journal's logo", () => {
  type Session = Awaited<ReturnType<typeof makeAdminSession>>;
  const LOGO: [number, number, number] = [222, 64, 26]; // an orange-red no part of the card uses
  const WHITE = [255, 255, 255];
  const CREAM = [248, 243, 230];
  // The round plate: centre and the logo's box (app/documents/preview-image.server.ts).
  const CX = 210;
  const CY = 285;

  async function uploadLogo(s: Session, bytes: Uint8Array, name: string, type: string) {
    const form = new FormData();
    form.set("logoFile", new File([bytes as BlobPart], name, { type }));
    const res = await fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: form });
    expect(res.status).toBe(200);
  }

  async function previewOf(j: { url(p: string): string }) {
    const html = await (await fetchWorker(j.url("/"))).text();
    const url = /<meta property="og:image" content="([^"]*)"/.exec(html)![1];
    const res = await fetchWorker(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    return { url, bytes, image: decodePng(bytes) };
  }

  const pixel = (img: ReturnType<typeof decodePng>, x: number, y: number) => Array.from(img.rgb.subarray((y * img.width + x) * 3, (y * img.width + x) * 3 + 3));
  const near = (a: number[], b: readonly number[], tolerance = 3) => a.every((v, i) => Math.abs(v - b[i]) <= tolerance);
  /** How many pixels of the rectangle are the logo's colour. */
  function logoPixels(img: ReturnType<typeof decodePng>, x0: number, y0: number, x1: number, y1: number): number {
    let n = 0;
    for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (near(pixel(img, x, y), LOGO)) n++;
    return n;
  }

  it("draws an uploaded PNG or JPEG logo on the round plate, once per logo and settings, and the seal without one", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Journal of Logo Previews", issn: "2454-6127" } });
    const before = await previewOf(s);
    expect([before.image.width, before.image.height]).toEqual([1200, 630]);
    // No logo: the monogram seal (cream centre), nothing of the logo's colour anywhere.
    expect(logoPixels(before.image, 0, 0, 1200, 630)).toBe(0);
    expect(near(pixel(before.image, CX, CY - 103), CREAM)).toBe(true);

    await uploadLogo(s, discPng(300, LOGO), "logo.png", "image/png");
    const built = previewBuilds.count;
    const withLogo = await previewOf(s);
    expect(previewBuilds.count - built).toBe(1);
    expect(withLogo.url).not.toBe(before.url);
    const img = withLogo.image;
    // The disc logo fills the middle of the plate in its own colour…
    expect(near(pixel(img, CX, CY), LOGO)).toBe(true);
    expect(near(pixel(img, CX - 80, CY), LOGO)).toBe(true);
    expect(near(pixel(img, CX, CY + 80), LOGO)).toBe(true);
    const inBox = logoPixels(img, CX - 98, CY - 98, CX + 98, CY + 98);
    // ≈ π·98² px of a disc filling the 196-px box (edges anti-aliased).
    expect(inBox).toBeGreaterThan(0.7 * Math.PI * 98 * 98);
    // …its transparent corners show the white plate, and nothing of it lies outside the plate.
    expect(near(pixel(img, CX - 95, CY - 95), WHITE)).toBe(true);
    expect(logoPixels(img, 0, 0, 1200, 630)).toBe(inBox);
    // The name is still drawn beside it (white text right of the plate).
    expect(before.bytes).not.toEqual(withLogo.bytes);

    // A later staff change that does not touch what the image shows: new URL, same stored image, not drawn again.
    await bumpJournalVersion(db(), s.id);
    const again = await previewOf(s);
    expect(again.url).not.toBe(withLogo.url);
    expect(previewBuilds.count - built).toBe(1);
    expect(again.bytes).toEqual(withLogo.bytes);
    // Stored once, and only the current one: the seal's image went when the logo's was stored.
    expect((await env.FILES.list({ prefix: `journals/${s.id}/previews/` })).objects).toHaveLength(1);

    // An opaque square logo (RGB, no alpha channel) stays inside the round plate.
    const side = 240;
    const raw = new Uint8Array(side * (1 + side * 3));
    for (let y = 0; y < side; y++) for (let x = 0; x < side; x++) raw.set(LOGO, y * (1 + side * 3) + 1 + x * 3);
    await uploadLogo(s, encodePng(side, side, 2, raw), "square.png", "image/png");
    const square = (await previewOf(s)).image;
    expect(near(pixel(square, CX - 96, CY - 96), LOGO)).toBe(true); // the box's corner
    let outside = 0;
    for (let y = 0; y < 630; y++) for (let x = 0; x < 1200; x++) if (Math.hypot(x + 0.5 - CX, y + 0.5 - CY) > 141 && near(pixel(square, x, y), LOGO)) outside++;
    expect(outside).toBe(0);

    // A JPEG logo (opaque, like most photographed or exported logos) is decoded and drawn the same way:
    // its colour inside the plate (JPEG rounding allowed), nothing of it outside, the seal gone.
    const rgba = new Uint8Array(side * side * 4);
    for (let i = 0; i < side * side; i++) rgba.set([...LOGO, 255], i * 4);
    const jpegBytes = new Uint8Array(encodeJpeg({ width: side, height: side, data: rgba }, 90).data);
    await uploadLogo(s, jpegBytes, "logo.jpg", "image/jpeg");
    const jpeg = (await previewOf(s)).image;
    expect(near(pixel(jpeg, CX, CY), LOGO, 8)).toBe(true);
    expect(near(pixel(jpeg, CX - 90, CY - 90), LOGO, 8)).toBe(true);
    expect(near(pixel(jpeg, CX, CY - 103), CREAM)).toBe(false);
    let jpegOutside = 0;
    for (let y = 0; y < 630; y++) for (let x = 0; x < 1200; x++) if (Math.hypot(x + 0.5 - CX, y + 0.5 - CY) > 141 && near(pixel(jpeg, x, y), LOGO, 8)) jpegOutside++;
    expect(jpegOutside).toBe(0);
  });

  it("draws a 4-megapixel logo (the largest allowed), PNG or JPEG", async () => {
    // Its generation time is measured by `npm run bench:documents` (test/workers/pdf-bench.test.ts).
    const s = await makeAdminSession({ settings: { websitename: "Journal of Large Logos" } });
    await uploadLogo(s, discPng(2000, LOGO), "big.png", "image/png");
    const png = (await previewOf(s)).image;
    expect(near(pixel(png, CX, CY), LOGO)).toBe(true);
    expect(near(pixel(png, CX - 95, CY - 95), WHITE)).toBe(true);
    // The largest JPEG logo: 2000×2000, decoded by jpeg-js once.
    const rgba = new Uint8Array(2000 * 2000 * 4);
    for (let i = 0; i < 2000 * 2000; i++) rgba.set([...LOGO, 255], i * 4);
    await uploadLogo(s, new Uint8Array(encodeJpeg({ width: 2000, height: 2000, data: rgba }, 85).data), "big.jpg", "image/jpeg");
    const jpeg = (await previewOf(s)).image;
    expect(near(pixel(jpeg, CX, CY), LOGO, 8)).toBe(true);
  });
});
