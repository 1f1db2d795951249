import { env } from "cloudflare:workers";
import { zlibSync } from "fflate";
import { encodePng, pngFile } from "../../app/lib/png";
import { describe, expect, it } from "vitest";
import { getEditor } from "../../app/models/editors.server";
import { db, fetchWorker, makeAdminSession, makeArticle, makeEditor, makeIssue, makeJournal, makePartner } from "../factories";

type Json = Record<string, any>;

/** A 2×3 PNG (valid header; content not decoded by the server). */
/**
 * A well-formed PNG (the upload check reads the whole structure): real pixels when small, and
 * for absurd dimensions a header with a token of image data (refused by its size before any
 * data is looked at).
 */
function png(width = 2, height = 3): Uint8Array {
  if (width * height > 4_000_000) return pngFile(width, height, 6, zlibSync(new Uint8Array(1)));
  return encodePng(width, height, 6, new Uint8Array(height * (1 + width * 4)));
}

function editorForm(fields: Record<string, string>, image?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  const base = { category: "associate editor", post: "Professor", name: "Dr. Kwame Mensah", content: "University of Ghana", ...fields };
  for (const [k, v] of Object.entries(base)) form.set(k, v);
  if (image) form.set("imgFile", new File([image.bytes as BlobPart], image.name, { type: image.type }));
  return form;
}

describe("settings API", () => {
  it("GET /api/settings/ needs a token and returns every settings field", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Annals", issn: "1111-2222", google_review_link: "https://g.page/x" } });
    expect((await fetchWorker(s.url("/api/settings/"))).status).toBe(401);
    const body = (await (await fetchWorker(s.url("/api/settings/"), { headers: s.auth })).json()) as Json;
    for (const key of [
      "websitename", "domain", "formatted_journal_name", "websiteemail", "whatsup_number", "journal_essn", "year_started",
      "journal_frequency", "journal_type", "journal_language", "nassScore", "nassScoreYear", "impactfactor", "fee_rupee",
      "fee_dollar", "home_content", "issn", "google_review_link", "show_subject_column", "show_cover_image", "show_editor_contacts",
    ]) {
      expect(body, key).toHaveProperty(key);
    }
    expect(body.issn).toBe("1111-2222");
  });

  it("POST /api/settings saves fields, sanitises HTML fields and shows on the public site", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/api/settings"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify({
        websitename: "Renamed Journal of Things",
        formatted_journal_name: 'Renamed <i>Journal</i><script>alert(1)</script><img src=x onerror=alert(1)>',
        home_content: '<p onclick="x()">Hello <a href="javascript:alert(1)">x</a></p>',
        show_subject_column: true,
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.formatted_journal_name).toBe("Renamed <i>Journal</i>");
    expect(body.home_content).toBe("<p>Hello <a>x</a></p>");
    expect(body.show_subject_column).toBe(true);
    const home = await (await fetchWorker(s.url("/"))).text();
    expect(home).toContain("Renamed Journal of Things");
    expect(home).not.toContain("alert(1)");
  });

  it("refuses an empty site name and malformed JSON", async () => {
    const s = await makeAdminSession();
    const post = (body: string) =>
      fetchWorker(s.url("/api/settings/"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body });
    const empty = await post(JSON.stringify({ websitename: "  " }));
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Json).fields.websitename).toBe("This field is required");
    const bad = await post("{");
    expect(await bad.json()).toEqual({ error: "malformed_json" });
  });
});

describe("editors API", () => {
  it("lists all editors of the journal (pinned first) with a token only", async () => {
    const s = await makeAdminSession();
    const e1 = await makeEditor(s.id, { name: "First" });
    const e2 = await makeEditor(s.id, { name: "Second", is_pinned: 1 });
    await makeEditor((await makeJournal()).id, { name: "Elsewhere" });
    expect((await fetchWorker(s.url("/api/editors/"))).status).toBe(401);
    const list = (await (await fetchWorker(s.url("/api/editors/"), { headers: s.auth })).json()) as Json[];
    expect(list.map((e) => e.id)).toEqual([e2.id, e1.id]);
  });

  it("creates an editor with a picture and requires category, post, name and content", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/api/editors"), {
      method: "POST",
      headers: s.auth,
      body: editorForm({ email: "not-validated", post: "Professor<script>x</script>" }, { bytes: png(), name: "me.png", type: "image/png" }),
    });
    expect(res.status).toBe(201);
    const editor = (await res.json()) as Json;
    expect(editor).toMatchObject({ name: "Dr. Kwame Mensah", post: "Professor", status: "enabled", is_pinned: 0, email: "not-validated" });
    expect(editor.picture).toMatch(/^editor-[0-9a-f-]+\.png$/);
    const pic = await fetchWorker(s.url(editor.picture_url));
    expect(pic.status).toBe(200);
    expect(pic.headers.get("content-type")).toBe("image/png");

    const missing = await fetchWorker(s.url("/api/editors"), {
      method: "POST",
      headers: s.auth,
      body: editorForm({ category: "", post: "", name: "", content: "" }),
    });
    expect(missing.status).toBe(400);
    expect(Object.keys(((await missing.json()) as Json).fields).sort()).toEqual(["category", "content", "name", "post"]);
  });

  it("refuses SVG, a PNG with absurd dimensions, and a non-image named .jpg", async () => {
    const s = await makeAdminSession();
    const post = (bytes: Uint8Array, name: string, type: string) =>
      fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: editorForm({}, { bytes, name, type }) });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect(await (await post(svg, "a.svg", "image/svg+xml")).json()).toEqual({ error: "unsupported_image" });
    expect(await (await post(png(100000, 100000), "big.png", "image/png")).json()).toEqual({ error: "image_too_large" });
    expect(await (await post(new TextEncoder().encode("<html>"), "x.jpg", "image/jpeg")).json()).toEqual({ error: "unsupported_image" });
    const count = await env.DB.prepare("select count(*) as n from editors where journal_id = ?").bind(s.id).first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("toggles status with a status-only post and updates other fields with a full one", async () => {
    const s = await makeAdminSession();
    const e = await makeEditor(s.id, { name: "Toggle Me" });
    const toggle = new FormData();
    toggle.set("status", "disabled");
    const res = await fetchWorker(s.url(`/api/editors/${e.id}`), { method: "POST", headers: s.auth, body: toggle });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Json).status).toBe("disabled");
    expect((await getEditor(db(), s.id, e.id))?.name).toBe("Toggle Me");

    const update = await fetchWorker(s.url(`/api/editors/${e.id}/`), {
      method: "POST",
      headers: s.auth,
      body: editorForm({ name: "Renamed Editor", category: "chief editor" }),
    });
    expect(update.status).toBe(200);
    expect(await update.json()).toMatchObject({ name: "Renamed Editor", category: "chief editor", status: "disabled" });
    expect(((await (await fetchWorker(s.url(`/api/editors/${e.id}`), { headers: s.auth })).json()) as Json).name).toBe("Renamed Editor");
  });

  it("pins and unpins in bulk, ignoring other journals' ids", async () => {
    const s = await makeAdminSession();
    const other = await makeJournal();
    const mine = await makeEditor(s.id);
    const theirs = await makeEditor(other.id);
    const pin = (body: unknown) =>
      fetchWorker(s.url("/api/editors/pin"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify(body) });
    const res = await pin({ ids: [mine.id, theirs.id] });
    expect(await res.json()).toEqual({ ok: true, pinned: true, changed: 1 });
    expect((await getEditor(db(), s.id, mine.id))?.is_pinned).toBe(1);
    expect((await getEditor(db(), other.id, theirs.id))?.is_pinned).toBe(0);
    await pin({ ids: [mine.id], pinned: false });
    expect((await getEditor(db(), s.id, mine.id))?.is_pinned).toBe(0);
    expect((await pin({ ids: [] })).status).toBe(400);
    expect((await pin({ ids: Array.from({ length: 10_000 }, (_, i) => i + 1) })).status).toBe(400);
  });

  it("cannot read or change another journal's editor (404, nothing changed)", async () => {
    const a = await makeAdminSession();
    const b = await makeAdminSession();
    const e = await makeEditor(a.id, { name: "Belongs to A" });
    expect((await fetchWorker(b.url(`/api/editors/${e.id}`), { headers: b.auth })).status).toBe(404);
    const res = await fetchWorker(b.url(`/api/editors/${e.id}`), { method: "POST", headers: b.auth, body: editorForm({ name: "Stolen" }) });
    expect(res.status).toBe(404);
    expect((await getEditor(db(), a.id, e.id))?.name).toBe("Belongs to A");
  });
});

describe("issues, dashboard and helper calls", () => {
  it("creates an issue for the current year and refuses a duplicate and missing fields", async () => {
    const s = await makeAdminSession();
    const year = new Date().getUTCFullYear();
    const post = (body: unknown) =>
      fetchWorker(s.url("/api/admin/create-issue"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify(body) });
    const ok = await post({ volume: 4, issue: 0, year, frequency: "Jan-Mar" });
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ year, volume: 4, issue: 0, frequency: "Jan-Mar", articles: 0 });
    expect(await (await post({ volume: 4, issue: 0, year, frequency: "Jan-Mar" })).json()).toEqual({ error: "duplicate_issue" });
    const missing = (await (await post({ volume: "", issue: -1 })).json()) as Json;
    expect(Object.keys(missing.fields).sort()).toEqual(["frequency", "issue", "volume"]);
    const wrongYear = (await (await post({ volume: 5, issue: 1, year: year - 1, frequency: "January" })).json()) as Json;
    expect(wrongYear.fields.year).toContain(String(year));
  });

  it("returns dashboard counts and the admin issue list with article counts", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 2, issue: 1 });
    await makeIssue(s.id, { year: 2025, volume: 2, issue: 2 });
    await makeArticle(s.id, issue);
    await makeArticle(s.id, issue, { status: "disabled" });
    await makeEditor(s.id);
    expect(await (await fetchWorker(s.url("/api/admin/"), { headers: s.auth })).json()).toEqual({ archives: 2, editors: 1 });
    const list = (await (await fetchWorker(s.url("/api/admin/archives/"), { headers: s.auth })).json()) as Json[];
    expect(list.map((i) => [i.issue, i.articles])).toEqual([[2, 0], [1, 2]]);
    expect((await fetchWorker(s.url("/api/admin/"))).status).toBe(401);
  });

  it("offers the spec's unnamed helper calls", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2024, volume: 6, issue: 1 });
    const a = await makeArticle(s.id, issue, { authorname: "Dr. Anjali Sharma, राजेश कुमार", title: "Findable title", email: "x@y.org" });
    await makeArticle(s.id, issue, { status: "disabled", pagenumber: "7-9" });
    const issues = (await (await fetchWorker(s.url("/api/admin/issues?year=2024"), { headers: s.auth })).json()) as Json[];
    expect(issues.map((i) => i.volume)).toEqual([6]);
    const found = (await (await fetchWorker(s.url("/api/admin/search?q=findable"), { headers: s.auth })).json()) as Json[];
    expect(found.map((f) => f.id)).toEqual([a.id]);
    const all = (await (await fetchWorker(s.url("/api/admin/archives/2024/6/1"), { headers: s.auth })).json()) as Json[];
    expect(all).toHaveLength(2);
    const cert = (await (await fetchWorker(s.url(`/api/certificate/${a.refnumber}`))).json()) as Json;
    expect(cert.authors).toEqual([
      { position: 1, name: "Dr. Anjali Sharma", certificate_url: `/api/pdf/certificate/${a.refnumber}/1` },
      { position: 2, name: "राजेश कुमार", certificate_url: `/api/pdf/certificate/${a.refnumber}/2` },
    ]);
    expect(cert.article).not.toHaveProperty("email");
    expect((await fetchWorker(s.url("/api/certificate/000"))).status).toBe(404);
  });

  it("lists enabled indexing partners by sortnumber without a token", async () => {
    const j = await makeJournal();
    await makePartner(j.id, { title: "Second", sortnumber: 2 });
    await makePartner(j.id, { title: "First", sortnumber: 1, link: "" });
    await makePartner(j.id, { title: "Hidden", sortnumber: 0, status: "disabled" });
    const list = (await (await fetchWorker(j.url("/api/indexing/"))).json()) as Json[];
    expect(list.map((p) => p.title)).toEqual(["First", "Second"]);
  });

  it("refuses cookie-authenticated cross-site writes with 403", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/api/admin/create-issue"), {
      method: "POST",
      headers: { cookie: `journal_session=${s.token}`, origin: "https://evil.example", "content-type": "application/json" },
      body: JSON.stringify({ volume: 1, issue: 1, frequency: "January" }),
    });
    expect(res.status).toBe(403);
    const same = await fetchWorker(s.url("/api/admin/create-issue"), {
      method: "POST",
      headers: { cookie: `journal_session=${s.token}`, origin: `https://${s.host}`, "content-type": "application/json" },
      body: JSON.stringify({ volume: 1, issue: 1, frequency: "January" }),
    });
    expect(same.status).toBe(201);
  });
});
