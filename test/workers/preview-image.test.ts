import { describe, expect, it } from "vitest";
import { bumpJournalVersion } from "../../app/models/journals.server";
import { db, fetchWorker, makeArticle, makeIssue, makeJournal } from "../factories";

/** Link previews (issue 17.3): every article, issue and home page names a 1200×630 PNG that loads. */

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
