import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { validateArticle } from "../../app/schemas/article";
import { validateEditor } from "../../app/schemas/editor";
import { validateIssue } from "../../app/schemas/issue";
import { validateSettings } from "../../app/schemas/settings";
import { forbiddenCharacter } from "../../app/schemas/text";
import { articleForm, fetchWorker, makeAdminSession, makeArticle, makeIssue } from "../factories";

/**
 * NUL and the other invisible control characters are refused at write time, field by field, with
 * one clear message — for the admin forms and the API alike (the same validators) — and migration
 * 0020 removed them from rows stored before (docs/decisions/022-backups.md).
 */

const message = (cp: string) => `This text contains an invisible control character (${cp}) that cannot be saved. Delete it, or type the text again if it was pasted.`;

describe("control characters", () => {
  it("a keyword with a NUL gets a clear 400 naming the field; nothing is stored", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 9, issue: 1 });
    for (const [field, value, cp] of [
      ["keywords", "rice,\u0000 wheat", "U+0000"],
      ["subject", "Agronomy\u0001", "U+0001"],
      ["country", "In\u001bdia", "U+001B"],
      ["title", "Title \u007f here", "U+007F"],
      ["abstract", "<p>x\uffff</p>", "U+FFFF"],
    ] as const) {
      const res = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: articleForm(issue, { [field]: value }) });
      expect(res.status, field).toBe(400);
      expect(await res.json(), field).toEqual({ error: "validation_failed", fields: { [field]: message(cp) } });
    }
    expect(await env.DB.prepare("select count(*) as n from articles where journal_id = ?").bind(s.id).first("n")).toBe(0);
    // Tabs and line breaks are ordinary text.
    const ok = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: articleForm(issue, { keywords: "rice,\tyield\r\nwheat" }) });
    expect(ok.status).toBe(201);
  });

  it("an update, an editor, settings and an issue are refused the same way", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 9, issue: 2 });
    const a = await makeArticle(s.id, issue);
    const edit = new FormData();
    edit.set("keywords", "nul\u0000");
    let res = await fetchWorker(s.url(`/api/archives/${a.id}`), { method: "POST", headers: s.auth, body: edit });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation_failed", fields: { keywords: message("U+0000") } });

    const editor = new FormData();
    for (const [k, v] of Object.entries({ category: "chief editor", post: "Professor", name: "Dr. A\u0000B", content: "Pune" })) editor.set(k, v);
    res = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: editor });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation_failed", fields: { name: message("U+0000") } });

    res = await fetchWorker(s.url("/api/settings"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ publisher_address: "1 Road\u0000", fee_rupee: "\u0008100" }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation_failed", fields: { publisher_address: message("U+0000"), fee_rupee: message("U+0008") } });

    res = await fetchWorker(s.url("/api/admin/create-issue"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ volume: 9, issue: 3, year: new Date().getUTCFullYear(), frequency: "January\u0000" }) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fields: Record<string, string> }).fields.frequency).toBe(message("U+0000"));
  });

  it("the shared validators (admin forms and API) name every field holding one, unpaired surrogates included", () => {
    expect(forbiddenCharacter("emoji 🌾 and राजेश and مرحبا\t\n\r")).toBeNull();
    expect(forbiddenCharacter("lone \ud800 surrogate")).toBe("U+D800");
    expect(forbiddenCharacter("lone \udc00")).toBe("U+DC00");
    const article = validateArticle({ refnumber: "1", txnid: "TXN1", ptype: "paid", publishdate: "2025-01-01", authorname: "A B", email: "a@b", pagenumber: "1-2", title: "T", abstract: "A", mobile: "9\u0000" }, { mode: "edit", hasPdf: false, original: { refnumber: "1", txnid: "TXN1" } });
    expect(article).toEqual({ ok: false, fields: { mobile: message("U+0000") } });
    expect(validateEditor({ category: "chief editor", post: "Professor", name: "N", content: "C", phone: "\u0002" })).toEqual({ ok: false, fields: { phone: message("U+0002") } });
    expect(validateSettings({ websitename: "\u0000" })).toEqual({ ok: false, fields: { websitename: message("U+0000") } });
    expect(validateIssue({ volume: "1", issue: "1", frequency: "January", year: "2025\u0000" }, 2025)).toMatchObject({ ok: false });
  });

  it("migration 0020 removes them from stored rows, keeping text that only spells \\u0000, and moves the OAI datestamp", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 9, issue: 4 });
    const a = await makeArticle(s.id, issue);
    const before = "2020-01-01T00:00:00.000Z";
    // Rows from before the rule (written straight to D1, as the old API let them through).
    await env.DB.prepare("update articles set keywords = ?, subject = ?, modification = ? where id = ?").bind("rice\u0000, wheat\u0001\u0000", "spelled \\u0000 stays 🌾", before, a.id).run();
    await env.DB.prepare("update settings set publisher_address = ? where journal_id = ?").bind("1 Road\u0000\u001f, Pune", s.id).run();
    const migration = env.TEST_MIGRATIONS.find((m) => m.name === "0020_control_characters.sql");
    expect(migration).toBeDefined();
    for (const q of migration!.queries) await env.DB.prepare(q).run();
    const row = await env.DB.prepare("select keywords, subject, modification from articles where id = ?").bind(a.id).first<Record<string, string>>();
    expect(row!.keywords).toBe("rice, wheat");
    expect(row!.subject).toBe("spelled \\u0000 stays 🌾");
    expect(row!.modification > before).toBe(true);
    expect(await env.DB.prepare("select publisher_address from settings where journal_id = ?").bind(s.id).first("publisher_address")).toBe("1 Road, Pune");
  });
});
