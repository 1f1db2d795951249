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

describe("indexing partners name the version they started from (ADR 020)", () => {
  const row = (id: number) => env.DB.prepare("select title, link, status, image, sortnumber, version from indexing_partners where id = ?").bind(id).first<Json>();
  const entries = async (journalId: number, id: number) =>
    (await env.DB.prepare("select action, fields from history where journal_id = ? and record_type = 'partner' and record_id = ? order by id").bind(journalId, String(id)).all<Json>()).results;
  const logos = async (journalId: number) => (await env.FILES.list({ prefix: `journals/${journalId}/indexing/` })).objects.map((o) => o.key.split("/").pop());
  /** The notice the list shows after a redirect (the flash cookie: base64 of UTF-8 JSON). */
  const flashOf = (res: Response) => {
    const value = /admin_flash=([^;]+)/.exec(res.headers.getSetCookie().join("\n"))?.[1] ?? "";
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(value)), (ch) => ch.charCodeAt(0)))) as Json;
  };

  it("the API: a staff GET carries the ETag and version; a stale If-Match is 412 and a stale body version 409 edit_conflict, each changing nothing (row, history, R2)", async () => {
    const s = await makeAdminSession();
    const post = (path: string, form: FormData, headers: Record<string, string> = {}) => fetchWorker(`https://${s.host}${path}`, { method: "POST", headers: { ...s.auth, ...headers }, body: form });
    const created = await post("/api/indexing", partnerForm({ title: "Google Scholar", link: "https://scholar.google.com/" }));
    const a = (await created.json()) as Json;
    expect(created.headers.get("etag")).toBe(`"partner-${a.id}-v1"`);
    expect(a.version).toBe(1);
    const got = await fetchWorker(`https://${s.host}/api/indexing/${a.id}`, { headers: s.auth });
    expect(got.status).toBe(200);
    const v1 = got.headers.get("etag")!;
    expect(v1).toBe(`"partner-${a.id}-v1"`);
    expect(await got.json()).toMatchObject({ id: a.id, title: "Google Scholar", version: 1 });
    // Staff only, and only this journal's partners; the public list carries no versions.
    expect((await fetchWorker(`https://${s.host}/api/indexing/${a.id}`)).status).toBe(401);
    const other = await makeAdminSession();
    expect((await fetchWorker(`https://${other.host}/api/indexing/${a.id}`, { headers: other.auth })).status).toBe(404);
    expect(((await (await fetchWorker(`https://${s.host}/api/indexing/`)).json()) as Json[])[0]).not.toHaveProperty("version");

    const first = await post(`/api/indexing/${a.id}`, partnerForm({ title: "Google Scholar (citations)" }), { "if-match": v1 });
    expect(first.status).toBe(200);
    const v2 = first.headers.get("etag");
    expect(v2).toBe(`"partner-${a.id}-v2"`);
    expect(((await first.json()) as Json).version).toBe(2);
    const stored = await row(a.id);
    const history = await entries(s.id, a.id);
    const objects = await logos(s.id);

    // A client still holding v1, with a new logo: refused, and its logo is not left behind.
    const stale = await post(`/api/indexing/${a.id}`, partnerForm({ link: "https://lost.example/" }, png()), { "if-match": v1 });
    expect(stale.status).toBe(412);
    expect(stale.headers.get("etag")).toBe(v2);
    expect(await stale.json()).toEqual({ error: "precondition_failed", version: 2 });
    expect((await post(`/api/indexing/${a.id}`, partnerForm({ link: "https://lost.example/" }), { "if-match": `W/${v2}` })).status).toBe(412);

    const conflict = await post(`/api/indexing/${a.id}`, partnerForm({ title: "Stale title", version: "1" }, png()));
    expect(conflict.status).toBe(409);
    const body = (await conflict.json()) as Json;
    expect(body).toMatchObject({ error: "edit_conflict", version: 2, conflicting_fields: ["title", "image"] });
    expect(body.changes).toHaveLength(1);
    expect(body.changes[0]).toMatchObject({ actor: "staff", action: "update", type: "partner", id: String(a.id) });
    expect(body.changes[0].fields).toEqual({ title: { before: "Google Scholar", after: "Google Scholar (citations)" }, version: { before: 1, after: 2 } });
    // A stale version is strict on the API even for another field (the server cannot know what the client loaded).
    expect((await post(`/api/indexing/${a.id}`, partnerForm({ link: "https://lost.example/", version: "1" }))).status).toBe(409);
    expect((await post(`/api/indexing/${a.id}`, partnerForm({ link: "x", version: "two" }))).status).toBe(400);

    expect(await row(a.id)).toEqual(stored);
    expect(await entries(s.id, a.id)).toEqual(history);
    expect(await logos(s.id)).toEqual(objects);

    // The current version writes; neither header nor version: the fields sent, as before.
    expect((await post(`/api/indexing/${a.id}`, partnerForm({ link: "https://scholar.google.com/citations", version: "2" }))).status).toBe(200);
    expect((await post(`/api/indexing/${a.id}`, partnerForm({ status: "disabled" }))).status).toBe(200);
    expect(await row(a.id)).toMatchObject({ title: "Google Scholar (citations)", link: "https://scholar.google.com/citations", status: "disabled", version: 4 });
  });

  it("the edit form: a colleague's change of another field (or a move on the list) meanwhile is kept, and the page says whose change it kept", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const api = (path: string, body: FormData | Json) =>
      fetchWorker(`https://${s.host}${path}`, {
        method: "POST",
        headers: body instanceof FormData ? s.auth : { ...s.auth, "content-type": "application/json" },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
    const a = (await (await api("/api/indexing", partnerForm({ title: "DOAJ", link: "https://doaj.example/" }))).json()) as Json;
    const b = (await (await api("/api/indexing", partnerForm({ title: "Scopus" }))).json()) as Json;
    // The form of DOAJ as loaded: version 1.
    const page = await (await adminGet(s.host, `/admin/indexing/${a.id}`, cookie)).text();
    expect(page).toContain('name="version" value="1"');
    // Meanwhile a colleague changes the link and moves DOAJ below Scopus.
    expect((await api(`/api/indexing/${a.id}`, partnerForm({ link: "https://doaj.org/" }))).status).toBe(200);
    expect((await api("/api/indexing/order", { ids: [b.id, a.id] })).status).toBe(200);
    expect((await row(a.id))!.version).toBe(3);

    // This person changed the name only; the form sends every field, the old link among them.
    const saved = await adminPost(s.host, `/admin/indexing/${a.id}`, cookie, partnerForm({ title: "DOAJ (Directory of Open Access Journals)", link: "https://doaj.example/", status: "enabled", version: "1", _changed: "title" }));
    expect(saved.status).toBe(302);
    expect(flashOf(saved)).toMatchObject({ kind: "success", msg: PARTNER_MESSAGES.updated, detail: "Saved together with the changes staff made meanwhile (different fields: nothing was overwritten)." });
    expect(await row(a.id)).toMatchObject({ title: "DOAJ (Directory of Open Access Journals)", link: "https://doaj.org/", sortnumber: 2, version: 4 });
    expect((await entries(s.id, a.id)).map((e) => [e.action, Object.keys(JSON.parse(e.fields)).sort().join(",")])).toEqual([
      ["create", "link,status,title,version"],
      ["update", "link,version"],
      ["reorder", "sortnumber,version"],
      ["update", "title,version"],
    ]);
  });

  it("the edit form: both changed the same field — 409, nothing written, the page shows their change beside the typed value; the list's switch likewise", async () => {
    const s = await makeAdminSession();
    const { cookie } = await browserSignIn(s.host, "staff", PASSWORD);
    const a = (await (await fetchWorker(`https://${s.host}/api/indexing`, { method: "POST", headers: s.auth, body: partnerForm({ title: "CAB Abstracts" }) })).json()) as Json;
    expect((await fetchWorker(`https://${s.host}/api/indexing/${a.id}`, { method: "POST", headers: s.auth, body: partnerForm({ title: "CABI Abstracts" }) })).status).toBe(200);
    const stored = await row(a.id);
    const history = await entries(s.id, a.id);
    const objects = await logos(s.id);

    const mine = await adminPost(s.host, `/admin/indexing/${a.id}`, cookie, partnerForm({ title: "CAB Direct", link: "https://cabdirect.example/", status: "enabled", version: "1", _changed: "title,link,image" }, png()));
    expect(mine.status).toBe(409);
    const html = (await mine.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("Someone else saved this while you were editing");
    // Their name in the table beside what was typed; the typed values stay in the form, which moves onto version 2.
    expect(html).toMatch(/<th scope="row">Name<\/th><td>CABI Abstracts<\/td><td>CAB Direct<\/td>/);
    expect(html).toContain('value="CAB Direct"');
    expect(html).toContain('value="https://cabdirect.example/"');
    expect(html).toContain('name="version" value="2"');
    expect(await row(a.id)).toEqual(stored);
    expect(await entries(s.id, a.id)).toEqual(history);
    expect(await logos(s.id), "the refused save's logo is not left in R2").toEqual(objects);

    // Saving again on top of version 2 — knowingly — writes.
    expect((await adminPost(s.host, `/admin/indexing/${a.id}`, cookie, partnerForm({ title: "CAB Direct", link: "", status: "enabled", version: "2", _changed: "title" }))).status).toBe(302);
    expect(await row(a.id)).toMatchObject({ title: "CAB Direct", version: 3 });

    // The list's switch loaded at version 3; a colleague disables it meanwhile: the stale switch is refused.
    expect((await fetchWorker(`https://${s.host}/api/indexing/${a.id}`, { method: "POST", headers: s.auth, body: partnerForm({ status: "disabled" }) })).status).toBe(200);
    const sw = await adminPost(s.host, "/admin/indexing", cookie, { intent: "status", id: String(a.id), status: "enabled", version: "3", _changed: "status" });
    expect(sw.status).toBe(409);
    expect(await row(a.id)).toMatchObject({ status: "disabled", version: 4 });
    // A rename meanwhile does not stop a switch.
    expect((await fetchWorker(`https://${s.host}/api/indexing/${a.id}`, { method: "POST", headers: s.auth, body: partnerForm({ title: "CAB Direct (CABI)" }) })).status).toBe(200);
    expect((await adminPost(s.host, "/admin/indexing", cookie, { intent: "status", id: String(a.id), status: "enabled", version: "4", _changed: "status" })).status).toBe(200);
    expect(await row(a.id)).toMatchObject({ title: "CAB Direct (CABI)", status: "enabled", version: 6 });
  });

  it("races: four logo uploads at once leave one object, the one the row names, with a chain of hashes; two reorders at once never share a position", async () => {
    const s = await makeAdminSession();
    const post = (path: string, body: FormData | Json) =>
      fetchWorker(`https://${s.host}${path}`, {
        method: "POST",
        headers: body instanceof FormData ? s.auth : { ...s.auth, "content-type": "application/json" },
        body: body instanceof FormData ? body : JSON.stringify(body),
      });
    const ids: number[] = [];
    for (const title of ["A", "B", "C", "D"]) ids.push(((await (await post("/api/indexing", partnerForm({ title }))).json()) as Json).id);
    const uploads = await Promise.all([0, 1, 2, 3].map((i) => post(`/api/indexing/${ids[0]}`, partnerForm({}, { bytes: rgbaPng(40 + i, 20), name: `l${i}.png`, type: "image/png" }))));
    expect(uploads.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const now = (await row(ids[0]))!;
    expect(now.version).toBe(5);
    expect(await logos(s.id)).toEqual([now.image]);
    const chain = (await entries(s.id, ids[0])).slice(1).map((e) => JSON.parse(e.fields).image);
    expect(chain).toHaveLength(4);
    expect(chain[0].before).toBeNull();
    for (let i = 1; i < chain.length; i++) expect(chain[i].before).toBe(chain[i - 1].after);

    // Each keeps some partners where they are (B and C; C and D), so a reorder that decided what
    // moves on its own earlier read would skip a row the other one moved.
    const orders = await Promise.all([post("/api/indexing/order", { ids: [ids[3], ids[1], ids[2], ids[0]] }), post("/api/indexing/order", { ids: [ids[1], ids[0], ids[2], ids[3]] })]);
    expect(orders.map((r) => r.status)).toEqual([200, 200]);
    const positions = (await env.DB.prepare("select sortnumber from indexing_partners where journal_id = ? order by sortnumber").bind(s.id).all<Json>()).results.map((r) => r.sortnumber);
    expect(positions).toEqual([1, 2, 3, 4]);
  });
});
