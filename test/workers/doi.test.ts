import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../app/db/client.server";
import { getArticleById } from "../../app/models/articles.server";
import { assignDois } from "../../app/models/deposits.server";
import { getSettings } from "../../app/models/settings.server";
import { DOI_ASSIGN_MESSAGES, DOI_SETTING_MESSAGES } from "../../app/schemas/messages";
import { db, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeIssue, makeJournal, staffAs } from "../factories";

/** DOI settings, "Assign DOIs" (issue table and API): validation, all-or-nothing, clashes, permissions. */

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof makeAdminSession>>;
const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });

const DOI_SETTINGS = {
  doi_prefix: "10.55555",
  doi_suffix_pattern: "{slug}.{year}.v{volume}i{issue}.{refnumber}",
  doi_depositor_name: "Test Press",
  doi_depositor_email: "doi@press.example",
  doi_registrant: "Test Press",
};

function postJson(s: Session, path: string, body: unknown, headers: Record<string, string> = s.auth) {
  return fetchWorker(s.url(path), { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
}

function postForm(s: Session, path: string, body: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of Array.isArray(v) ? v : [v]) form.append(k, one);
  return fetchWorker(s.url(path), { method: "POST", headers: { cookie: `journal_session=${s.token}`, ...headers }, body: form });
}

async function text(res: Response): Promise<string> {
  return (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

const doiOf = async (id: number) => (await getArticleById(db(), (await getArticleRow(id)).journalId, id))!.doi;
async function getArticleRow(id: number) {
  const row = await env.DB.prepare("select journal_id as journalId from articles where id = ?").bind(id).first<{ journalId: number }>();
  return row!;
}

describe("DOI settings", () => {
  it("are saved through the API, with a pasted resolver prefix cleaned, and returned by GET", async () => {
    const s = await makeAdminSession();
    const res = await postJson(s, "/api/settings", { ...DOI_SETTINGS, doi_prefix: " https://doi.org/10.55555/ ", abbrev_title: "Ann. Test." });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body.doi_prefix).toBe("10.55555");
    const got = (await (await fetchWorker(s.url("/api/settings/"), { headers: s.auth })).json()) as Json;
    for (const [k, v] of Object.entries({ ...DOI_SETTINGS, abbrev_title: "Ann. Test." })) expect(got[k], k).toBe(v);
  });

  it("a new journal starts with the default suffix pattern and no prefix", async () => {
    const j = await makeJournal();
    const settings = await getSettings(db(), j.id);
    expect(settings?.doi_prefix).toBe("");
    expect(settings?.doi_suffix_pattern).toBe("{slug}.{year}.v{volume}i{issue}.{refnumber}");
  });

  it("refuses a malformed prefix, pattern or e-mail with the messages the form shows", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const cases: [Record<string, string>, string, string][] = [
      [{ doi_prefix: "10.123" }, "doi_prefix", DOI_SETTING_MESSAGES.prefix],
      [{ doi_prefix: "11.12345" }, "doi_prefix", DOI_SETTING_MESSAGES.prefix],
      [{ doi_prefix: "10.1234567890" }, "doi_prefix", DOI_SETTING_MESSAGES.prefix],
      [{ doi_suffix_pattern: "{slug}.{year}.{id}" }, "doi_suffix_pattern", DOI_SETTING_MESSAGES.patternUnknown(["id"])],
      [{ doi_suffix_pattern: "{slug}.{year}" }, "doi_suffix_pattern", DOI_SETTING_MESSAGES.patternRefnumber],
      [{ doi_suffix_pattern: "art {refnumber}" }, "doi_suffix_pattern", DOI_SETTING_MESSAGES.patternChars],
      [{ doi_suffix_pattern: "x<{refnumber}>" }, "doi_suffix_pattern", DOI_SETTING_MESSAGES.patternChars],
      [{ doi_suffix_pattern: "{refnumber" }, "doi_suffix_pattern", DOI_SETTING_MESSAGES.patternBrace],
      [{ doi_suffix_pattern: "" }, "doi_suffix_pattern", DOI_SETTING_MESSAGES.patternRequired],
      [{ doi_depositor_email: "not an address" }, "doi_depositor_email", DOI_SETTING_MESSAGES.email],
      [{ doi_depositor_name: "x".repeat(131) }, "doi_depositor_name", DOI_SETTING_MESSAGES.tooLong(130)],
      [{ abbrev_title: "x".repeat(151) }, "abbrev_title", DOI_SETTING_MESSAGES.tooLong(150)],
    ];
    for (const [body, field, message] of cases) {
      const res = await postJson(s, "/api/settings", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as Json).fields[field], JSON.stringify(body)).toBe(message);
    }
    const saved = await getSettings(db(), s.id);
    expect(saved?.doi_prefix).toBe(DOI_SETTINGS.doi_prefix);
    expect(saved?.doi_suffix_pattern).toBe(DOI_SETTINGS.doi_suffix_pattern);
  });

  it("the admin Settings form saves them and previews the pattern with the journal's newest article", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 2 });
    await makeArticle(s.id, issue, { refnumber: "770001", txnid: "T770001", title: "Older article" });
    await makeArticle(s.id, issue, { refnumber: "770002", txnid: "T770002", title: "Newest <i>article</i>" });
    const page = await text(await fetchWorker(s.url("/admin/settings"), { headers: { cookie: `journal_session=${s.token}` } }));
    for (const key of Object.keys(DOI_SETTINGS)) expect(page, key).toContain(`name="${key}"`);
    // The preview shows a real article's DOI with the default pattern (the prefix is not set yet).
    expect(page).toContain(`10.xxxxx/${s.slug}.2025.v7i2.770002`);
    expect(page).toContain("Newest article");

    const res = await postForm(s, "/admin/settings", { websitename: s.name, ...DOI_SETTINGS, doi_suffix_pattern: "{slug}-{refnumber}" });
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("Settings updated successfully");
    expect((await getSettings(db(), s.id))?.doi_suffix_pattern).toBe("{slug}-{refnumber}");
    const after = await text(await fetchWorker(s.url("/admin/settings"), { headers: { cookie: `journal_session=${s.token}` } }));
    expect(after).toContain(`10.55555/${s.slug}-770002`);

    const bad = await postForm(s, "/admin/settings", { websitename: s.name, doi_suffix_pattern: "{volume}" });
    expect(bad.status).toBe(400);
    expect(await text(bad)).toContain(DOI_SETTING_MESSAGES.patternRefnumber);
  });
});

describe("assign DOIs: POST /api/doi/assign", () => {
  it("needs a staff token (401) and a DOI set-up (400 doi_not_configured)", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue);
    expect((await postJson(s, "/api/doi/assign", { refnumbers: [a.refnumber] }, {})).status).toBe(401);
    const res = await postJson(s, "/api/doi/assign", { refnumbers: [a.refnumber] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "doi_not_configured", message: DOI_ASSIGN_MESSAGES.notConfigured });
    expect(await doiOf(a.id)).toBe("");
  });

  it("gives DOI-less articles a DOI from the pattern and never overwrites a typed one", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 12, issue: 3 });
    const a = await makeArticle(s.id, issue, { refnumber: "512001", txnid: "T512001" });
    const b = await makeArticle(s.id, issue, { refnumber: "512002", txnid: "T512002" });
    await env.DB.prepare("update articles set doi = ? where id = ?").bind("10.9999/typed-by-staff", b.id).run();
    const res = await postJson(s, "/api/doi/assign", { refnumbers: ["512001", "512002"] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      assigned: [{ refnumber: "512001", doi: `10.55555/${s.slug}.2025.v12i3.512001` }],
      kept: [{ refnumber: "512002", doi: "10.9999/typed-by-staff" }],
    });
    expect(await doiOf(a.id)).toBe(`10.55555/${s.slug}.2025.v12i3.512001`);
    expect(await doiOf(b.id)).toBe("10.9999/typed-by-staff");
    const row = await getArticleById(db(), s.id, a.id);
    expect(row?.modifiedby).toBe("staff");
    // Again: nothing left to assign.
    const again = (await (await postJson(s, "/api/doi/assign", { refnumbers: ["512001"] })).json()) as Json;
    expect(again.assigned).toEqual([]);
  });

  it("refuses a clash with a DOI the journal already uses (case-insensitively) and assigns nothing at all", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 13, issue: 1 });
    const a = await makeArticle(s.id, issue, { refnumber: "513001", txnid: "T513001" });
    const c = await makeArticle(s.id, issue, { refnumber: "513003", txnid: "T513003" });
    // Another article of the journal was typed the DOI that 513001 would get, in capitals.
    const holder = await makeArticle(s.id, issue, { refnumber: "513002", txnid: "T513002", title: "The holder" });
    await env.DB.prepare("update articles set doi = ? where id = ?").bind(`10.55555/${s.slug.toUpperCase()}.2025.V13I1.513001`, holder.id).run();
    const res = await postJson(s, "/api/doi/assign", { refnumbers: ["513001", "513003"] });
    expect(res.status).toBe(409);
    const body = (await res.json()) as Json;
    expect(body.error).toBe("doi_clash");
    expect(body.message).toBe(DOI_ASSIGN_MESSAGES.clash);
    expect(body.clashes).toEqual([{ refnumber: "513001", doi: `10.55555/${s.slug}.2025.v13i1.513001`, usedBy: { refnumber: "513002", title: "The holder" } }]);
    // All or nothing: 513003, which clashes with nothing, got no DOI either.
    expect(await doiOf(a.id)).toBe("");
    expect(await doiOf(c.id)).toBe("");
  });

  it("a clash created between the check and the write undoes the whole batch", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 14, issue: 1 });
    const a = await makeArticle(s.id, issue, { refnumber: "514001", txnid: "T514001" });
    const b = await makeArticle(s.id, issue, { refnumber: "514002", txnid: "T514002" });
    const other = await makeArticle(s.id, issue, { refnumber: "514003", txnid: "T514003", title: "Typed meanwhile" });
    // A D1 on which "another staff member" types 514002's future DOI on a third article after the
    // clash check (the model's second batch) and before the write (its third).
    let batches = 0;
    const racing = {
      prepare: (q: string) => env.DB.prepare(q),
      batch: async (statements: D1PreparedStatement[]) => {
        batches += 1;
        if (batches === 3) await env.DB.prepare("update articles set doi = ? where id = ?").bind(`10.55555/${s.slug}.2025.v14i1.514002`, other.id).run();
        return env.DB.batch(statements);
      },
    } as unknown as D1Database;
    const result = await assignDois(getDb(racing), s.id, { slug: s.slug, prefix: "10.55555", pattern: DOI_SETTINGS.doi_suffix_pattern }, ["514001", "514002"], staffAs());
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error).toBe("doi_clash");
    expect(result.ok === false && result.error === "doi_clash" && result.clashes.map((x) => x.refnumber)).toEqual(["514002"]);
    // The write batch failed on its guard, and the clashes were read again for the answer.
    expect(batches).toBe(4);
    expect(await doiOf(a.id)).toBe("");
    expect(await doiOf(b.id)).toBe("");
  });

  it("is scoped to the journal: another journal's refnumbers are 404, its DOIs are no clash", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 15, issue: 1 });
    const mine = await makeArticle(s.id, issue, { refnumber: "515001", txnid: "T515001" });
    const other = await makeJournal();
    const otherIssue = await makeIssue(other.id, { year: 2025, volume: 15, issue: 1 });
    const theirs = await makeArticle(other.id, otherIssue, { refnumber: "515099", txnid: "T515099" });
    // The other journal already uses exactly the DOI ours will get: not our clash.
    await env.DB.prepare("update articles set doi = ? where id = ?").bind(`10.55555/${s.slug}.2025.v15i1.515001`, theirs.id).run();
    const missing = await postJson(s, "/api/doi/assign", { refnumbers: ["515001", "515099"] });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: "not_found", message: "Unknown reference number(s): 515099", missing: ["515099"] });
    expect(await doiOf(mine.id)).toBe("");
    const ok = await postJson(s, "/api/doi/assign", { refnumbers: ["515001"] });
    expect(ok.status).toBe(200);
    expect(await doiOf(mine.id)).toBe(`10.55555/${s.slug}.2025.v15i1.515001`);
    // A token of one journal is refused on another's host.
    expect((await fetchWorker(other.url("/api/doi/assign"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: "[]" })).status).toBe(401);
  });

  it("refuses malformed selections like the document downloads do", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    expect(((await (await postJson(s, "/api/doi/assign", { refnumbers: [] })).json()) as Json).error).toBe("empty_selection");
    expect(((await (await postJson(s, "/api/doi/assign", { refnumbers: ["../x"] })).json()) as Json).error).toBe("invalid_selection");
  });

  it("makes the article page show the DOI at once (a staff write invalidates the edge cache)", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 16, issue: 1 });
    const a = await makeArticle(s.id, issue, { refnumber: "516001", txnid: "T516001" });
    const page = `/archives/2025/16/1/516001`;
    expect(await (await fetchWorker(s.url(page))).text()).not.toContain("10.55555/");
    expect((await postJson(s, "/api/doi/assign", { refnumbers: [a.refnumber] })).status).toBe(200);
    expect(await (await fetchWorker(s.url(page))).text()).toContain(`10.55555/${s.slug}.2025.v16i1.516001`);
  });
});

describe("assign DOIs: the issue table's action", () => {
  const path = (i: { year: number; volume: number; issue: number }) => `/admin/archives/${i.year}/${i.volume}/${i.issue}`;

  it("assigns and says so; the table then shows the DOIs", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 21, issue: 1 });
    const a = await makeArticle(s.id, issue, { refnumber: "521001", txnid: "T521001" });
    const b = await makeArticle(s.id, issue, { refnumber: "521002", txnid: "T521002", pagenumber: "7-9" });
    await env.DB.prepare("update articles set doi = ? where id = ?").bind("10.55555/kept", b.id).run();
    // The public article page, now in the edge cache without a DOI.
    expect(await (await fetchWorker(s.url("/archives/2025/21/1/521001"))).text()).not.toContain("10.55555/");
    const res = await postForm(s, path(issue), { intent: "assign-dois", refnumbers: ["521001", "521002"] });
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain(DOI_ASSIGN_MESSAGES.assigned(1));
    expect(html).toContain(DOI_ASSIGN_MESSAGES.kept(1));
    expect(await doiOf(a.id)).toBe(`10.55555/${s.slug}.2025.v21i1.521001`);
    // The action was a staff write: the cached page is stale and readers see the DOI at once.
    expect(await (await fetchWorker(s.url("/archives/2025/21/1/521001"))).text()).toContain(`10.55555/${s.slug}.2025.v21i1.521001`);
    const table = await text(await fetchWorker(s.url(path(issue)), { headers: { cookie: `journal_session=${s.token}` } }));
    expect(table).toContain(`10.55555/${s.slug}.2025.v21i1.521001`);
    expect(table).toContain("10.55555/kept");
    expect(table).toContain("Assign DOIs");
    expect(table).toContain("Crossref XML");
    expect(table).toContain("DOAJ XML");
  });

  it("shows the clash and assigns nothing", async () => {
    const s = await makeAdminSession({ settings: { ...DOI_SETTINGS, doi_suffix_pattern: "art.{refnumber}" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 22, issue: 1 });
    const a = await makeArticle(s.id, issue, { refnumber: "522001", txnid: "T522001" });
    const holder = await makeArticle(s.id, issue, { refnumber: "522002", txnid: "T522002", title: "Holder of the DOI", pagenumber: "7-9" });
    await env.DB.prepare("update articles set doi = ? where id = ?").bind("10.55555/art.522001", holder.id).run();
    const res = await postForm(s, path(issue), { intent: "assign-dois", refnumbers: ["522001"] });
    expect(res.status).toBe(409);
    const html = await text(res);
    expect(html).toContain(DOI_ASSIGN_MESSAGES.clash);
    expect(html).toContain("10.55555/art.522001 (for ref. 522001) is already the DOI of ref. 522002 “Holder of the DOI”");
    expect(await doiOf(a.id)).toBe("");
  });

  it("tells staff to set up DOIs first", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 23, issue: 1 });
    await makeArticle(s.id, issue, { refnumber: "523001", txnid: "T523001" });
    const res = await postForm(s, path(issue), { intent: "assign-dois", refnumbers: ["523001"] });
    expect(res.status).toBe(400);
    expect(await text(res)).toContain(DOI_ASSIGN_MESSAGES.notConfigured);
  });

  it("needs a session and a same-site form, and only touches this journal", async () => {
    const s = await makeAdminSession({ settings: DOI_SETTINGS });
    const issue = await makeIssue(s.id, { year: 2025, volume: 24, issue: 1 });
    const a = await makeArticle(s.id, issue, { refnumber: "524001", txnid: "T524001" });
    const anonymous = await fetchWorker(s.url(path(issue)), { method: "POST", body: new URLSearchParams({ intent: "assign-dois", refnumbers: "524001" }) });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
    expect((await postForm(s, path(issue), { intent: "assign-dois", refnumbers: "524001" }, { origin: "https://evil.example" })).status).toBe(403);
    expect(await doiOf(a.id)).toBe("");
    // Another journal's refnumber posted to this journal's page.
    const other = await makeAdminSession({ settings: DOI_SETTINGS });
    const res = await postForm(other, path(issue), { intent: "assign-dois", refnumbers: "524001" });
    expect(res.status).toBe(404);
    expect(await doiOf(a.id)).toBe("");
  });
});
