import { env } from "cloudflare:workers";
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { blankPng, encodePng } from "../../app/lib/png";
import { fetchWorker, makeAdminSession, makeArticle, makeEditor, makeIssue } from "../factories";
import { rgbaPng } from "../images";

/** Staff upload a signature image and a stamp (PNGs with transparency), drawn on certificates. */

type Session = Awaited<ReturnType<typeof makeAdminSession>>;

function opaquePng(): Uint8Array {
  const w = 8;
  const raw = new Uint8Array(w * (1 + w * 3));
  return encodePng(w, w, 2, raw);
}

async function upload(s: Session, kind: "signature" | "stamp", bytes: Uint8Array, type = "image/png") {
  const form = new FormData();
  form.set(`${kind}File`, new File([bytes as BlobPart], `${kind}.png`, { type }));
  return fetchWorker(s.url(`/api/settings/${kind}`), { method: "POST", headers: s.auth, body: form });
}

/** Image XObjects on a PDF's first page: widths and whether each has a soft mask. */
async function pageImages(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const xobjects = doc.getPages()[0].node.Resources()?.lookupMaybe(PDFName.of("XObject"), PDFDict);
  const out: { width: number; smask: boolean }[] = [];
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = doc.context.lookup(ref) as PDFRawStream;
    if (stream.dict.get(PDFName.of("Subtype"))?.toString() !== "/Image") continue;
    out.push({ width: Number(String(stream.dict.get(PDFName.of("Width")))), smask: stream.dict.has(PDFName.of("SMask")) });
  }
  return out.sort((a, b) => a.width - b.width);
}

describe("certificate signature and stamp", () => {
  it("are uploaded through the API, drawn on every certificate, replaced and removed without orphans", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const article = await makeArticle(s.id, issue, { authorname: "Asha Rao" });
    await makeEditor(s.id, { name: "Prof. Chief", category: "chief editor" });
    const certificate = async () => new Uint8Array(await (await fetchWorker(s.url(`/api/pdf/certificate/${article.refnumber}/1`))).arrayBuffer());
    expect(await pageImages(await certificate())).toEqual([]);

    const sig = await upload(s, "signature", rgbaPng(120, 40));
    expect(sig.status).toBe(200);
    const { signature_image } = await sig.json<{ signature_image: string }>();
    expect(signature_image).toMatch(/^signature-[0-9a-f]{12}\.png$/);
    const stamp = await upload(s, "stamp", rgbaPng(90, 90));
    expect(stamp.status).toBe(200);
    const { stamp_image } = await stamp.json<{ stamp_image: string }>();
    expect(stamp_image).toMatch(/^stamp-[0-9a-f]{12}\.png$/);
    // Both drawn with their transparency (soft masks).
    expect(await pageImages(await certificate())).toEqual([
      { width: 90, smask: true },
      { width: 120, smask: true },
    ]);
    // The settings preview can show them.
    expect((await fetchWorker(s.url(`/assets/signature/${signature_image}`))).headers.get("content-type")).toBe("image/png");

    // Replaced: the old object is gone; removed: nothing left.
    const again = await (await upload(s, "signature", rgbaPng(130, 40))).json<{ signature_image: string }>();
    const list = async () => (await env.FILES.list({ prefix: `journals/${s.id}/signature/` })).objects.map((o) => o.key).sort();
    expect(await list()).toEqual([`journals/${s.id}/signature/${again.signature_image}`, `journals/${s.id}/signature/${stamp_image}`].sort());
    for (const kind of ["signature", "stamp"] as const) {
      const form = new FormData();
      form.set("remove", "1");
      const res = await fetchWorker(s.url(`/api/settings/${kind}`), { method: "POST", headers: s.auth, body: form });
      expect(res.status).toBe(200);
    }
    expect(await list()).toEqual([]);
    expect(await pageImages(await certificate())).toEqual([]);
  });

  it("refuses a PNG without transparency, a JPEG and a missing file, with the reason, changing nothing", async () => {
    const s = await makeAdminSession();
    const message = "Choose a PNG image with a transparent background, of at most 2 MB.";
    const opaque = await upload(s, "stamp", opaquePng());
    expect(opaque.status).toBe(400);
    expect(await opaque.json()).toEqual({ error: "not_transparent", message });
    const jpeg = await upload(s, "signature", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), "image/jpeg");
    expect(jpeg.status).toBe(400);
    const none = await fetchWorker(s.url("/api/settings/signature"), { method: "POST", headers: s.auth, body: new FormData() });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ error: "validation_failed", fields: { signatureFile: message } });
    expect((await env.FILES.list({ prefix: `journals/${s.id}/signature/` })).objects).toEqual([]);
  });

  it("refuses a decompression bomb by its pixel count before decoding it, storing nothing", async () => {
    const s = await makeAdminSession();
    // 6000×6000 RGBA, fully transparent: small on disk, 144 MB once decoded.
    const res = await upload(s, "signature", blankPng(6000, 6000));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "image_too_large", message: "Choose an image of at most 4 megapixels (for example 2000 × 2000 px)." });
    expect((await env.FILES.list({ prefix: `journals/${s.id}/signature/` })).objects).toEqual([]);
  });

  it("needs a staff session", async () => {
    const s = await makeAdminSession();
    const form = new FormData();
    form.set("signatureFile", new File([rgbaPng() as BlobPart], "s.png", { type: "image/png" }));
    const res = await fetchWorker(s.url("/api/settings/signature"), { method: "POST", body: form });
    expect(res.status).toBe(401);
  });

  it("are set, refused and removed through the Settings page's own forms", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Stamped Journal" } });
    const cookie = `journal_session=${s.token}`;
    const html = await (await fetchWorker(s.url("/admin/settings"), { headers: { cookie } })).text();
    expect(html).toContain("Signature on certificates");
    expect(html).toContain("Stamp on certificates");
    expect(html).toMatch(/<input[^>]*name="signatureFile"/);
    expect(html).toMatch(/<input[^>]*name="stampFile"/);

    const post = (form: FormData) => fetchWorker(s.url("/admin/settings"), { method: "POST", headers: { cookie, origin: `https://${s.host}` }, body: form, redirect: "manual" });
    const form = new FormData();
    form.set("intent", "stamp");
    form.set("stampFile", new File([rgbaPng(80, 80) as BlobPart], "stamp.png", { type: "image/png" }));
    const res = await post(form);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Stamp updated");
    const row = await env.DB.prepare("SELECT stamp_image, websitename FROM settings WHERE journal_id = ?").bind(s.id).first<{ stamp_image: string; websitename: string }>();
    expect(row?.stamp_image).toMatch(/^stamp-[0-9a-f]{12}\.png$/);
    expect(row?.websitename).toBe("Stamped Journal");
    const page = await (await fetchWorker(s.url("/admin/settings"), { headers: { cookie } })).text();
    expect(page).toContain(`src="/assets/signature/${row?.stamp_image}"`);

    const bad = new FormData();
    bad.set("intent", "signature");
    bad.set("signatureFile", new File([opaquePng() as BlobPart], "sig.png", { type: "image/png" }));
    const refused = await post(bad);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose a PNG image with a transparent background, of at most 2 MB.");

    const remove = new FormData();
    remove.set("intent", "stamp");
    remove.set("remove", "1");
    expect(await (await post(remove)).text()).toContain("Stamp removed");
  });
});
