import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { cleanStoredHtml, d1Runner } from "../../app/models/html-cleanup.server";
import { updateSettings } from "../../app/models/settings.server";
import { HTML_FIELDS } from "../../app/schemas/html-fields";
import { db, fetchWorker, makeAdminSession, makeArticle, makeEditor, makeIssue, makeJournal, staffAs } from "../factories";

/** Every HTML field of every entity is cleaned when stored, whoever stores it. */

const XSS = `<img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:alert(3)">j</a><b onclick="alert(4)">Bold</b>`;

/** Markup that must never be stored. */
function hostile(value: string): string[] {
  return [/<script/i, /onerror/i, /onclick/i, /javascript:/i, /<img/i].filter((re) => re.test(value)).map(String);
}

async function row<T>(sql: string, ...params: unknown[]): Promise<T> {
  return (await env.DB.prepare(sql).bind(...params).first<T>())!;
}

describe("sanitise on every write", () => {
  it("editor name, post and content through the API are stored clean", async () => {
    const s = await makeAdminSession();
    const form = new FormData();
    form.set("name", `Dr. Evil ${XSS}`);
    form.set("post", `Professor ${XSS}`);
    form.set("content", `<p>Some University ${XSS}</p>`);
    form.set("category", "associate editor");
    const res = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: number };
    const stored = await row<{ name: string; post: string; content: string }>("SELECT name, post, content FROM editors WHERE id = ?", id);
    expect(stored.name).toBe("Dr. Evil jBold");
    expect(hostile(stored.post)).toEqual([]);
    expect(stored.content).toMatch(/^<p>Some University .*Bold.*<\/p>$/);
    expect(hostile(stored.content)).toEqual([]);
  });

  it("editor fields through the admin form, and through the model directly (factories, scripts), are stored clean", async () => {
    const s = await makeAdminSession();
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Dr. Form ${XSS}`, post: "Professor", content: `<p>Uni ${XSS}</p>`, category: "associate editor" })) form.set(k, v);
    const res = await fetchWorker(s.url("/admin/editors/add"), { method: "POST", headers: { cookie: `journal_session=${s.token}` }, body: form, redirect: "manual" });
    expect(res.status).toBeLessThan(400);
    const viaForm = await row<{ name: string; content: string }>("SELECT name, content FROM editors WHERE journal_id = ? ORDER BY id DESC", s.id);
    expect(viaForm.name).toBe("Dr. Form jBold");
    expect(hostile(viaForm.content)).toEqual([]);

    const direct = await makeEditor(s.id, { name: `Dr. Direct ${XSS}`, content: `<p>Uni ${XSS}</p>`, post: `Head ${XSS}` });
    expect(direct.name).toBe("Dr. Direct jBold");
    for (const value of [direct.content, direct.post]) expect(hostile(value)).toEqual([]);
  });

  it("article title and abstract written through the model are stored clean, with their search copies", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const a = await makeArticle(j.id, issue, { title: `Rice <i>sativa</i> ${XSS}`, abstract: `<p>Abstract ${XSS}</p>` });
    const stored = await row<{ title: string; abstract: string; description: string; search_title: string }>(
      "SELECT title, abstract, description, search_title FROM articles WHERE id = ?",
      a.id,
    );
    expect(stored.title).toBe("Rice <i>sativa</i> jBold");
    expect(stored.description).toBe(stored.title);
    expect(stored.search_title).toBe("Rice sativa jBold");
    expect(hostile(stored.abstract)).toEqual([]);
  });

  it("settings' HTML fields are stored clean through the model and the API", async () => {
    const s = await makeAdminSession();
    await updateSettings(db(), s.id, { home_content: `<p>Welcome ${XSS}</p>`, formatted_journal_name: `<i>J</i> ${XSS}` }, staffAs());
    let stored = await row<{ home_content: string; formatted_journal_name: string }>("SELECT home_content, formatted_journal_name FROM settings WHERE journal_id = ?", s.id);
    for (const value of Object.values(stored)) expect(hostile(value)).toEqual([]);
    const res = await fetchWorker(s.url("/api/settings"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ home_content: `<p>${XSS}</p>` }) });
    expect(res.status).toBe(200);
    stored = await row("SELECT home_content, formatted_journal_name FROM settings WHERE journal_id = ?", s.id);
    expect(hostile(stored.home_content)).toEqual([]);
  });

  it("rows stored raw before (migration 0012) are cleaned once by the cleanup, with the same function; a second run changes nothing", async () => {
    expect(Object.keys(HTML_FIELDS)).toEqual(["articles", "editors", "settings"]);
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const a = await makeArticle(j.id, issue);
    const e = await makeEditor(j.id);
    // Written behind the models' back, as rows from before the fix were.
    await env.DB.batch([
      env.DB.prepare("UPDATE articles SET title = ?, abstract = ?, description = ?, search_title = ? WHERE id = ?").bind(`Old ${XSS}`, `<p>${XSS}</p>`, `Old ${XSS}`, "stale", a.id),
      env.DB.prepare("UPDATE editors SET name = ?, content = ?, post = ? WHERE id = ?").bind(`Dr. Old ${XSS}`, `<p>Uni ${XSS}</p>`, `Head ${XSS}`, e.id),
      env.DB.prepare("UPDATE settings SET home_content = ?, formatted_journal_name = ? WHERE journal_id = ?").bind(`<p>${XSS}</p>`, `<i>J</i>${XSS}`, j.id),
    ]);
    const first = await cleanStoredHtml(d1Runner(env.DB), { force: true, journalId: j.id });
    expect(first).toEqual({ ran: true, changed: { articles: 1, editors: 1, settings: 1 }, failed: [] });
    const art = await row<{ title: string; description: string; search_title: string; abstract: string }>("SELECT title, description, search_title, abstract FROM articles WHERE id = ?", a.id);
    expect(art).toMatchObject({ title: "Old jBold", description: art.title, search_title: "Old jBold" });
    const ed = await row<{ name: string; content: string; post: string }>("SELECT name, content, post FROM editors WHERE id = ?", e.id);
    expect(ed.name).toBe("Dr. Old jBold");
    for (const value of [art.abstract, ed.content, ed.post]) expect(hostile(value)).toEqual([]);
    const again = await cleanStoredHtml(d1Runner(env.DB), { force: true, journalId: j.id });
    expect(again.changed).toEqual({ articles: 0, editors: 0, settings: 0 });
  });

  it("migration 0012 flags the cleanup job for existing databases", async () => {
    const job = await row<{ name: string }>("SELECT name FROM maintenance_jobs WHERE name = 'clean-html'");
    expect(job.name).toBe("clean-html");
  });
});
