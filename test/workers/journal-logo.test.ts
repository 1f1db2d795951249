import { env } from "cloudflare:workers";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { isUnusableLogo, logoPreparations } from "../../app/documents/logo.server";
import { FIELD_MESSAGES } from "../../app/schemas/messages";
import { blankPng } from "../../app/lib/png";
import { fetchWorker, makeAdminSession, makeArticle, makeIssue } from "../factories";
import { rgbaPng, tinyJpeg } from "../images";

/** The journal's own logo: uploaded by staff, shown in the header and on every document. */

type Session = Awaited<ReturnType<typeof makeAdminSession>>;

async function upload(s: Session, bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("logoFile", new File([bytes as BlobPart], name, { type }));
  return fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: form });
}

async function objects(s: Session) {
  return (await env.FILES.list({ prefix: `journals/${s.id}/logo/` })).objects.map((o) => o.key);
}

/** Image XObjects of a PDF's first page, with their filters and whether they carry a soft mask. */
async function pageImages(res: Response) {
  const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
  const resources = doc.getPages()[0].node.Resources();
  const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  const out: { filter: string; smask: boolean; width: number }[] = [];
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = doc.context.lookup(ref) as PDFRawStream;
    if (stream.dict.get(PDFName.of("Subtype"))?.toString() !== "/Image") continue;
    out.push({
      filter: String(stream.dict.get(PDFName.of("Filter"))),
      smask: stream.dict.has(PDFName.of("SMask")),
      width: Number(String(stream.dict.get(PDFName.of("Width")))),
    });
  }
  return out;
}

describe("journal logo", () => {
  it("is uploaded, served from R2 under /assets/logo/, shown in the header, replaced and removed without orphans", async () => {
    const s = await makeAdminSession();
    const res = await upload(s, rgbaPng(), "our logo.png", "image/png");
    expect(res.status).toBe(200);
    const { logo } = await res.json<{ logo: string }>();
    expect(logo).toMatch(/^logo-[0-9a-f]{12}\.png$/);
    const file = await fetchWorker(s.url(`/assets/logo/${logo}`));
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    const home = await (await fetchWorker(s.url("/"))).text();
    expect(home).toContain(`<img src="/assets/logo/${logo}"`);

    const replaced = await (await upload(s, tinyJpeg(), "logo.jpg", "image/jpeg")).json<{ logo: string }>();
    expect(replaced.logo).toMatch(/^logo-[0-9a-f]{12}\.jpg$/);
    expect(await objects(s)).toEqual([`journals/${s.id}/logo/${replaced.logo}`]);
    expect((await fetchWorker(s.url(`/assets/logo/${logo}`))).status).toBe(404);

    const form = new FormData();
    form.set("remove", "1");
    const removed = await (await fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: form })).json<{ logo: string }>();
    expect(removed.logo).toBe("");
    expect(await objects(s)).toEqual([]);
    expect(await (await fetchWorker(s.url("/"))).text()).not.toContain("/assets/logo/");
  });

  it("takes PNG and JPEG only (no SVG, no WebP), and needs staff", async () => {
    const s = await makeAdminSession();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await upload(s, svg, "logo.svg", "image/svg+xml")).status).toBe(400);
    const webp = Uint8Array.from(atob("UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA=="), (c) => c.charCodeAt(0));
    expect(await (await upload(s, webp, "logo.webp", "image/webp")).json()).toEqual({ error: "unsupported_image" });
    expect(await objects(s)).toEqual([]);
    const form = new FormData();
    form.set("logoFile", new File([rgbaPng() as BlobPart], "logo.png", { type: "image/png" }));
    expect((await fetchWorker(s.url("/api/settings/logo"), { method: "POST", body: form })).status).toBe(401);
  });

  it("is drawn on the documents in place of the seal, prepared once per isolate (not per document)", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 5, issue: 2 });
    const a = await makeArticle(s.id, issue, { pagenumber: "1-5" });
    // Without a logo the documents carry no image (the seal is vector outlines).
    expect(await pageImages(await fetchWorker(s.url(`/api/pdf/certificate/${a.refnumber}/1`)))).toEqual([]);

    await upload(s, rgbaPng(64, 48), "logo.png", "image/png");
    const before = logoPreparations.count;
    const bypass = { authorization: "Bearer edge-cache-bypass" };
    const first = await pageImages(await fetchWorker(s.url(`/api/pdf/certificate/${a.refnumber}/1`), { headers: bypass }));
    const second = await pageImages(await fetchWorker(s.url(`/api/pdf/certificate/${a.refnumber}/2`), { headers: bypass }));
    const cover = await pageImages(await fetchWorker(s.url(`/api/pdf/coverpage/${a.id}`), { headers: bypass }));
    const board = await pageImages(await fetchWorker(s.url("/api/pdf/editorialboard"), { headers: bypass }));
    // The RGBA PNG becomes a deflated image with a soft mask (its transparency), on every document.
    for (const images of [first, second, cover, board]) expect(images).toContainEqual({ filter: "/FlateDecode", smask: true, width: 64 });
    expect(logoPreparations.count - before).toBe(1);

    await upload(s, tinyJpeg(), "logo.jpg", "image/jpeg");
    const jpegCert = await pageImages(await fetchWorker(s.url(`/api/pdf/certificate/${a.refnumber}/1`), { headers: bypass }));
    expect(jpegCert).toContainEqual({ filter: "/DCTDecode", smask: false, width: 1 });
  });
});

describe("journal logo on the admin Settings page", () => {
  it("is set and removed through the page's logo form, which leaves the other settings alone", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Logo Form Journal" } });
    const post = (form: FormData) =>
      fetchWorker(s.url("/admin/settings"), { method: "POST", headers: { cookie: `journal_session=${s.token}`, origin: `https://${s.host}` }, body: form, redirect: "manual" });
    const form = new FormData();
    form.set("intent", "logo");
    form.set("logoFile", new File([rgbaPng() as BlobPart], "logo.png", { type: "image/png" }));
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Logo updated");
    const row = await env.DB.prepare("SELECT logo, websitename FROM settings WHERE journal_id = ?").bind(s.id).first<{ logo: string; websitename: string }>();
    expect(row?.logo).toMatch(/^logo-[0-9a-f]{12}\.png$/);
    expect(row?.websitename).toBe("Logo Form Journal");

    const bad = new FormData();
    bad.set("intent", "logo");
    bad.set("logoFile", new File([new TextEncoder().encode("<svg/>") as BlobPart], "logo.svg", { type: "image/svg+xml" }));
    const refused = await post(bad);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a PNG or JPEG image of at most 2 MB.");

    const remove = new FormData();
    remove.set("intent", "logo");
    remove.set("remove", "1");
    expect(await (await post(remove)).text()).toContain("Logo removed");

    // A body over 3 MB is refused before it is read, on the page and through the API.
    const huge = new FormData();
    huge.set("intent", "logo");
    huge.set("logoFile", new File([new Uint8Array(3 * 1024 * 1024 + 1) as BlobPart], "logo.png", { type: "image/png" }));
    const tooLarge = await post(huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("Choose a PNG or JPEG image of at most 2 MB.");
    const api = await fetchWorker(s.url("/api/settings/logo"), { method: "POST", headers: s.auth, body: huge });
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ error: "file_too_large" });
    expect(await objects(s)).toEqual([]);
    expect((await env.DB.prepare("SELECT logo FROM settings WHERE journal_id = ?").bind(s.id).first<{ logo: string }>())?.logo).toBe("");
  });
});

describe("a decompression bomb as the logo", () => {
  // 6000×6000 RGBA: about 140 KB on disk, 144 MB once decoded — over the production isolate.
  const bomb = blankPng(6000, 6000);

  it("is refused at upload by its pixel count, through the API and on the Settings page, and nothing is stored", async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    const s = await makeAdminSession();
    const api = await upload(s, bomb, "logo.png", "image/png");
    expect(api.status).toBe(400);
    expect(await api.json()).toEqual({ error: "image_too_large" });

    const form = new FormData();
    form.set("intent", "logo");
    form.set("logoFile", new File([bomb as BlobPart], "logo.png", { type: "image/png" }));
    const page = await fetchWorker(s.url("/admin/settings"), { method: "POST", headers: { cookie: `journal_session=${s.token}`, origin: `https://${s.host}` }, body: form });
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(FIELD_MESSAGES.logoPixels);
    expect(await objects(s)).toEqual([]);
    expect((await env.DB.prepare("SELECT logo FROM settings WHERE journal_id = ?").bind(s.id).first<{ logo: string }>())?.logo).toBe("");
  });

  it("stored directly in R2, is never decoded: every document renders with the seal, and the isolate remembers it", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 5, issue: 3 });
    const a = await makeArticle(s.id, issue, { pagenumber: "1-5" });
    await env.FILES.put(`journals/${s.id}/logo/logo-b0mb00000001.png`, bomb);
    await env.DB.prepare("UPDATE settings SET logo = 'logo-b0mb00000001.png' WHERE journal_id = ?").bind(s.id).run();
    const before = logoPreparations.count;
    const bypass = { authorization: "Bearer edge-cache-bypass" };
    for (const path of [`/api/pdf/certificate/${a.refnumber}/1`, `/api/pdf/coverpage/${a.id}`, "/api/pdf/editorialboard", `/api/pdf/certificate/${a.refnumber}/2`]) {
      const res = await fetchWorker(s.url(path), { headers: bypass });
      expect(res.status, path).toBe(200);
      // No image XObject: the seal (vector outlines) stands in for the logo.
      expect(await pageImages(res), path).toEqual([]);
    }
    expect(logoPreparations.count - before).toBe(0);
    // Remembered as unusable in this isolate: later documents neither read nor decode it again.
    expect(isUnusableLogo(`${s.id}/logo-b0mb00000001.png`)).toBe(true);
  });
});
