import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, PARTNER_MESSAGES } from "../../app/schemas/messages";
import { loginToken, makeAdminSession, makeUser } from "../factories";
import { rgbaPng, tinyJpeg } from "../images";
import { adminGet, adminPost, browserSignIn, fetchWorker } from "./sign-in";

/**
 * Indexing partners from the admin and the staff API: add, logo (the editor pictures' rule),
 * edit, order, enable/disable — and /indexing and GET /api/indexing/ follow each step at once
 * (the edge cache keeps public answers; a staff write makes them stale). Every change is in the
 * journal's history.
 */

type Json = Record<string, any>;
const PASSWORD = "a long staff password";

function partnerForm(fields: Record<string, string>, image?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (image) form.set("image", new File([image.bytes as BlobPart], image.name, { type: image.type }));
  return form;
}

const png = () => ({ bytes: rgbaPng(200, 80), name: "index-logo.png", type: "image/png" });

/** What readers see: the titles of GET /api/indexing/ and of the /indexing page, in order. */
async function publicOrder(host: string) {
  const api = ((await (await fetchWorker(`https://${host}/api/indexing/`)).json()) as Json[]).map((p) => p.title);
  const html = await (await fetchWorker(`https://${host}/indexing`)).text();
  const page = [...html.matchAll(/<span class="partner-name">([^<]+)<\/span>/g)].map((m) => m[1]);
  return { api, page };
}

describe("indexing partners through the staff API", () => {
  it("POST /api/indexing (multipart + image), /{id}, /order: the public list and page follow each step", async () => {
    const s = await makeAdminSession();
    const post = (path: string, body: FormData | Json) =>
      fetchWorker(`https://${s.host}${path}`, {
        method: "POST",
        headers: body instanceof FormData ? s.auth : { ...s.auth, "content-type": "application/json" },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
    // Warm the edge cache: later answers must not be the cached ones.
    expect(await publicOrder(s.host)).toEqual({ api: [], page: [] });

    const a = (await (await post("/api/indexing", partnerForm({ title: "Google Scholar", link: "https://scholar.google.com/" }))).json()) as Json;
    expect(a).toMatchObject({ title: "Google Scholar", link: "https://scholar.google.com/", status: "enabled", sortnumber: 1, image: "" });
    const bRes = await post("/api/indexing", partnerForm({ title: "CAB Abstracts", link: "", sortnumber: "5", status: "enabled" }, png()));
    expect(bRes.status).toBe(201);
    const b = (await bRes.json()) as Json;
    expect(b.sortnumber).toBe(5);
    expect(b.image).toMatch(/^partner-[0-9a-f-]{12}\.png$/);
    expect(await publicOrder(s.host)).toEqual({ api: ["Google Scholar", "CAB Abstracts"], page: ["Google Scholar", "CAB Abstracts"] });
    // Its logo is served where the page links it, as uploaded.
    const logo = await fetchWorker(`https://${s.host}${b.image_url}`);
    expect(logo.status).toBe(200);
    expect(new Uint8Array(await logo.arrayBuffer())).toEqual(png().bytes);

    // A logo for the first one, then it goes last; the second goes first.
    const withLogo = (await (await post(`/api/indexing/${a.id}`, partnerForm({}, { bytes: tinyJpeg(), name: "gs.jpg", type: "image/jpeg" }))).json()) as Json;
    expect(withLogo.image).toMatch(/\.jpg$/);
    expect(withLogo.title, "fields not sent keep their values").toBe("Google Scholar");
    const ordered = (await (await post("/api/indexing/order", { ids: [b.id, a.id] })).json()) as Json[];
    expect(ordered.map((p) => [p.title, p.sortnumber])).toEqual([
      ["CAB Abstracts", 1],
      ["Google Scholar", 2],
    ]);
    expect(await publicOrder(s.host)).toEqual({ api: ["CAB Abstracts", "Google Scholar"], page: ["CAB Abstracts", "Google Scholar"] });

    // Disabled: gone from both; enabled again: back in its place.
    expect(((await (await post(`/api/indexing/${b.id}`, partnerForm({ status: "disabled" }))).json()) as Json).status).toBe("disabled");
    expect(await publicOrder(s.host)).toEqual({ api: ["Google Scholar"], page: ["Google Scholar"] });
    await post(`/api/indexing/${b.id}`, partnerForm({ status: "enabled", title: "CABI Abstracts" }));
    expect(await publicOrder(s.host)).toEqual({ api: ["CABI Abstracts", "Google Scholar"], page: ["CABI Abstracts", "Google Scholar"] });
    // The logo removed: the old object is gone from R2 and from the public URL.
    const removed = (await (await post(`/api/indexing/${a.id}`, partnerForm({ remove_image: "1" }))).json()) as Json;
    expect(removed.image).toBe("");
    expect((await fetchWorker(`https://${s.host}${withLogo.image_url}`)).status).toBe(404);
    expect(await env.FILES.head(`journals/${s.id}/indexing/${withLogo.image}`)).toBeNull();

    const history = await env.DB.prepare("select action, record_type, record_id, fields from history where journal_id = ? and record_type = 'partner' order by id").bind(s.id).all<Json>();
    expect(history.results.map((h) => [h.action, h.record_id, Object.keys(JSON.parse(h.fields)).sort().join(",")])).toEqual([
      ["create", String(a.id), "link,status,title,version"],
      ["create", String(b.id), "image,link,sortnumber,status,title,version"],
      ["update", String(a.id), "image,version"],
      // Each moved partner's position and version, then the order as a whole.
      ["reorder", String(a.id), "sortnumber,version"],
      ["reorder", String(b.id), "sortnumber,version"],
      ["reorder", "", "order"],
      ["update", String(b.id), "status,version"],
      ["update", String(b.id), "status,title,version"],
      ["update", String(a.id), "image,version"],
    ]);
    expect(JSON.parse(history.results[3].fields)).toEqual({ sortnumber: { before: 1, after: 2 }, version: { before: 2, after: 3 } });
    expect(JSON.parse(history.results[4].fields)).toEqual({ sortnumber: { before: 5, after: 1 }, version: { before: 1, after: 2 } });
    const reorder = JSON.parse(history.results[5].fields);
    expect(reorder).toEqual({ order: { before: "Google Scholar · CAB Abstracts", after: "CAB Abstracts · Google Scholar" } });
    // A logo is recorded by the sha256 of its bytes; the next change of it starts from that hash.
    const upload = JSON.parse(history.results[2].fields).image;
    expect(upload.after).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(history.results[8].fields).image).toEqual({ before: upload.after, after: "" });
  });

  it("refuses what the forms refuse; other journals' ids are not found; editors may, readers may not", async () => {
    const s = await makeAdminSession();
    const post = (path: string, form: FormData, auth: Record<string, string> = s.auth) => fetchWorker(`https://${s.host}${path}`, { method: "POST", headers: auth, body: form });
    const cases: [FormData, number, Json][] = [
      [partnerForm({ title: "" }), 400, { error: "validation_failed", fields: { title: PARTNER_MESSAGES.title } }],
      [partnerForm({ title: "X", link: "javascript:alert(1)" }), 400, { error: "validation_failed", fields: { link: FIELD_MESSAGES.webAddress } }],
      [partnerForm({ title: "X", sortnumber: "-1" }), 400, { error: "validation_failed", fields: { sortnumber: PARTNER_MESSAGES.sortnumber } }],
      [partnerForm({ title: "X", status: "hidden" }), 400, { error: "validation_failed", fields: { status: FIELD_MESSAGES.chooseStatus } }],
      [partnerForm({ title: "X" }, { bytes: new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>"), name: "x.svg", type: "image/svg+xml" }), 400, { error: "unsupported_image" }],
    ];
    for (const [form, status, body] of cases) {
      const res = await post("/api/indexing", form);
      expect(res.status).toBe(status);
      expect(await res.json()).toEqual(body);
    }
    expect((await (await fetchWorker(`https://${s.host}/api/indexing/`)).json())).toEqual([]);
    const other = await makeAdminSession();
    const theirs = (await (await fetchWorker(`https://${other.host}/api/indexing`, { method: "POST", headers: other.auth, body: partnerForm({ title: "Theirs" }) })).json()) as Json;
    // Posted to this journal's host with this journal's token: not found, nothing changed.
    expect((await post(`/api/indexing/${theirs.id}`, partnerForm({ title: "Mine now" }))).status).toBe(404);
    await fetchWorker(`https://${s.host}/api/indexing/order`, { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ ids: [theirs.id] }) });
    expect(((await (await fetchWorker(`https://${other.host}/api/indexing/`)).json()) as Json[]).map((p) => [p.title, p.sortnumber])).toEqual([["Theirs", 1]]);
    // Without a token: 401. An editor may manage partners.
    expect((await post("/api/indexing", partnerForm({ title: "Anon" }), {})).status).toBe(401);
    await makeUser(s.id, { username: "ed.itor", password: PASSWORD });
    await env.DB.prepare("update users set role = 'editor' where journal_id = ? and username = 'ed.itor'").bind(s.id).run();
    const editor = { authorization: `Bearer ${await loginToken(s.host, "ed.itor", PASSWORD)}` };
    expect((await post("/api/indexing", partnerForm({ title: "By an editor" }), editor)).status).toBe(201);
  });
});

describe("indexing partners on the admin screen", () => {
  it("add with a logo, edit, move first and disable through the page's forms; /indexing follows", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    for (const title of ["DOAJ", "Scopus"]) {
      const res = await adminPost(s.host, "/admin/indexing/add", cookie, partnerForm({ title, link: `https://${title.toLowerCase()}.example/`, status: "enabled" }));
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/admin/indexing");
    }
    const list = await (await adminGet(s.host, "/admin/indexing", cookie)).text();
    const ids = [...list.matchAll(/data-partner-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids).toHaveLength(2);
    // A logo on the second (Scopus); a too-big file is refused with the form's message.
    const big = await adminPost(s.host, `/admin/indexing/${ids[1]}`, cookie, partnerForm({}, { bytes: new Uint8Array(2 * 1024 * 1024 + 10), name: "big.png", type: "image/png" }));
    expect(big.status).toBe(413);
    expect(await big.text()).toContain(PARTNER_MESSAGES.image);
    expect((await adminPost(s.host, `/admin/indexing/${ids[1]}`, cookie, partnerForm({}, png()))).status).toBe(302);
    expect((await publicOrder(s.host)).page).toEqual(["DOAJ", "Scopus"]);
    const html = await (await fetchWorker(`https://${s.host}/indexing`)).text();
    expect(html).toMatch(/<img src="\/assets\/indexing\/partner-[0-9a-f-]{12}\.png"/);
    // Moved to first place (the list's order form), then disabled (the list's switch).
    expect((await adminPost(s.host, "/admin/indexing", cookie, new URLSearchParams([["intent", "order"], ["ids", String(ids[1])], ["ids", String(ids[0])]]))).status).toBe(200);
    expect((await publicOrder(s.host)).page).toEqual(["Scopus", "DOAJ"]);
    expect((await adminPost(s.host, "/admin/indexing", cookie, { intent: "status", id: String(ids[1]), status: "disabled" })).status).toBe(200);
    expect(await publicOrder(s.host)).toEqual({ api: ["DOAJ"], page: ["DOAJ"] });
    // The edit page sends only what changed: the disabled status made meanwhile on the list stays.
    const edit = new FormData();
    edit.set("title", "Scopus (Elsevier)");
    expect((await adminPost(s.host, `/admin/indexing/${ids[1]}`, cookie, edit)).status).toBe(302);
    const row = await env.DB.prepare("select title, status from indexing_partners where id = ?").bind(ids[1]).first<Json>();
    expect(row).toEqual({ title: "Scopus (Elsevier)", status: "disabled" });
    // Another journal's partner is "Not Found!" on this host.
    const other = await makeAdminSession();
    const theirs = (await (await fetchWorker(`https://${other.host}/api/indexing`, { method: "POST", headers: other.auth, body: partnerForm({ title: "Theirs" }) })).json()) as Json;
    expect((await adminGet(s.host, `/admin/indexing/${theirs.id}`, cookie)).status).toBe(404);
  });
});
