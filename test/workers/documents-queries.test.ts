import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { articlesByRefnumbers } from "../../app/models/documents.server";
import { editArticle, makeArticle, makeIssue, makeJournal, recordingDb } from "../factories";

describe("document selections", () => {
  it("look each refnumber up in the unique index (never walk the journal) and come back in printed order", async () => {
    const j = await makeJournal();
    const late = await makeIssue(j.id, { year: 2025, volume: 2, issue: 1 });
    const early = await makeIssue(j.id, { year: 2024, volume: 1, issue: 3 });
    const b = await makeArticle(j.id, late, { pagenumber: "10-12" });
    // Added after page 12 (the add rule), then moved to pages 2-9 by an edit, as staff can.
    const c = await editArticle(j.id, await makeArticle(j.id, late, { pagenumber: "13-14" }), { pagenumber: "2-9" });
    const a = await makeArticle(j.id, early, { pagenumber: "40-44" });
    // Record the statements sent, then ask SQLite how it runs each of them.
    const { db: recorded, sent } = recordingDb();
    const rows = await articlesByRefnumbers(recorded, j.id, [b.refnumber, a.refnumber, c.refnumber, "999999"]);
    expect(rows.map((r) => r.refnumber)).toEqual([a.refnumber, c.refnumber, b.refnumber]);
    expect(sent.length).toBeGreaterThan(0);
    for (const { sql, params } of sent) {
      const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all<{ detail: string }>()).results.map((r) => r.detail);
      expect(plan.join(" | ")).toContain("USING INDEX articles_journal_refnumber_uq (journal_id=? AND refnumber=?)");
    }
  });
});

describe("OAI-PMH pages", () => {
  it("page through the journal on its (journal_id, id) index: no sort of the whole journal", async () => {
    const { oaiPage } = await import("../../app/models/oai.server");
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const made: number[] = [];
    for (let i = 0; i < 3; i++) made.push((await makeArticle(j.id, issue, { pagenumber: `${i * 5 + 1}-${i * 5 + 4}` })).id);
    const { db: recorded, sent } = recordingDb();
    const first = await oaiPage(recorded, j.id, { afterId: 0, limit: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.total).toBe(3);
    const next = await oaiPage(recorded, j.id, { afterId: first.rows[1].id, limit: 2 });
    expect([...first.rows, ...next.rows].map((r) => r.id)).toEqual(made.sort((x, y) => x - y));
    const pageQuery = sent.find((s) => /order by/i.test(s.sql))!;
    const plan = (await env.DB.prepare(`EXPLAIN QUERY PLAN ${pageQuery.sql}`).bind(...pageQuery.params).all<{ detail: string }>()).results.map((r) => r.detail);
    expect(plan.join(" | ")).toContain("USING INDEX articles_journal_id_idx (journal_id=? AND id>?)");
    expect(plan.join(" | ")).not.toContain("TEMP B-TREE");
  });
});
