/**
 * A character no font of the documents has is refused at the form, naming it, for every text
 * that reaches a document — never printed as a box or a look-alike. Every script the documents
 * draw passes.
 */
import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "../../app/schemas/messages";
import { fetchWorker, makeAdminSession, makeArticle, makeIssue } from "../factories";
import { SCRIPT_SAMPLES } from "../fixtures/scripts";

const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};

const LINEAR_B = "\u{10000}";

describe("texts printed on documents", () => {
  it("an editor's name, post or affiliation with a character no font has is refused, naming it; every script sample is taken", async () => {
    const s = await makeAdminSession();
    const base = { category: "associate editor", post: "Professor", name: "Dr. Kwame Mensah", content: "University of Ghana" };
    for (const [field, value] of [["name", `Dr. ${LINEAR_B} Mensah`], ["content", `University 😀 of Ghana`]] as const) {
      const res = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form({ ...base, [field]: value }) });
      expect(res.status, field).toBe(400);
      const ch = field === "name" ? LINEAR_B : "😀";
      expect(await res.json()).toEqual({ error: "validation_failed", fields: { [field]: FIELD_MESSAGES.unprintable(ch) } });
    }
    expect(FIELD_MESSAGES.unprintable("😀")).toBe(
      "The character “😀” (U+1F600) cannot be printed on certificates and other documents: no font has it. Please use another character or spelling.",
    );
    for (const sample of SCRIPT_SAMPLES) {
      const res = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form({ ...base, name: sample.text }) });
      expect(res.status, sample.script).toBe(201);
    }
  });

  it("an article title with such a character is refused on update; the journal's name in settings too", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue, { pagenumber: "1-4" });
    const res = await fetchWorker(s.url(`/api/archives/${a.id}`), { method: "POST", headers: s.auth, body: form({ title: `Yield of rice ${LINEAR_B}` }) });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation_failed", fields: { title: FIELD_MESSAGES.unprintable(LINEAR_B) } });
    const ok = await fetchWorker(s.url(`/api/archives/${a.id}`), { method: "POST", headers: s.auth, body: form({ title: "محمد عبد الله 2024: 水稻生长的研究" }) });
    expect(ok.status).toBe(200);
    const settings = await fetchWorker(s.url("/api/settings"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify({ websitename: `Annals ${LINEAR_B}` }),
    });
    expect(settings.status).toBe(400);
    expect(JSON.stringify(await settings.json())).toContain(FIELD_MESSAGES.unprintable(LINEAR_B).replace(/"/g, '\\"'));
  });
});
