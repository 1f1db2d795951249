import { describe, expect, it } from "vitest";
import { getArticleById, getPublicArticleByRef, listIssueArticles } from "../../app/models/articles.server";
import { getEditor, listAllEditors } from "../../app/models/editors.server";
import { DuplicateIssueError, listIssues } from "../../app/models/issues.server";
import { db, editArticle, makeArticle, makeEditor, makeIssue, makeJournal, RefusedByApp } from "../factories";

describe("journal isolation of the model functions", () => {
  it("never returns another journal's rows, even by id", async () => {
    const a = await makeJournal();
    const b = await makeJournal();
    const issueA = await makeIssue(a.id, { year: 2025, volume: 7, issue: 2 });
    const articleA = await makeArticle(a.id, issueA, { refnumber: "4242" });
    const editorA = await makeEditor(a.id);

    expect((await getArticleById(db(), a.id, articleA.id))?.refnumber).toBe("4242");
    expect(await getArticleById(db(), b.id, articleA.id)).toBeUndefined();
    expect(await getPublicArticleByRef(db(), b.id, "4242")).toBeUndefined();
    expect(await listIssueArticles(db(), b.id, 2025, 7, 2)).toEqual([]);
    expect(await listIssues(db(), b.id)).toEqual([]);
    expect(await getEditor(db(), b.id, editorA.id)).toBeUndefined();
    expect(await listAllEditors(db(), b.id)).toEqual([]);
    expect((await listAllEditors(db(), a.id)).map((e) => e.id)).toEqual([editorA.id]);
  });
});

describe("schema uniqueness rules", () => {
  it("keeps refnumber, txnid and title unique per journal", async () => {
    const a = await makeJournal();
    const issue = await makeIssue(a.id);
    await makeArticle(a.id, issue, { refnumber: "501", txnid: "TXN-A", title: "A unique title" });

    const attempt = (o: Parameters<typeof makeArticle>[2]) =>
      makeArticle(a.id, issue, o).then(
        () => "created",
        (e) => (e instanceof RefusedByApp && e.status === 409 ? e.code : `other: ${e}`),
      );
    expect(await attempt({ refnumber: "501", txnid: "TXN-B", title: "Another title" })).toBe("duplicate_reference_number");
    expect(await attempt({ refnumber: "502", txnid: "TXN-A", title: "Another title" })).toBe("duplicate_txnid");
    expect(await attempt({ refnumber: "503", txnid: "TXN-C", title: "A unique title" })).toBe("duplicate_title");
    expect(await attempt({ refnumber: "504", txnid: "TXN-D", title: "Yet another title" })).toBe("created");
  });

  it("allows the same refnumber, txnid and title in another journal", async () => {
    const a = await makeJournal();
    const b = await makeJournal();
    const fields = { refnumber: "777", txnid: "TXN-777", title: "Shared title across journals" };
    await makeArticle(a.id, await makeIssue(a.id), fields);
    const inB = await makeArticle(b.id, await makeIssue(b.id), fields);
    expect(inB.journalId).toBe(b.id);
  });

  it("refuses a second issue with the same year, volume and number", async () => {
    const a = await makeJournal();
    await makeIssue(a.id, { year: 2026, volume: 4, issue: 3 });
    await expect(makeIssue(a.id, { year: 2026, volume: 4, issue: 3 })).rejects.toBeInstanceOf(DuplicateIssueError);
    const b = await makeJournal();
    await expect(makeIssue(b.id, { year: 2026, volume: 4, issue: 3 })).resolves.toMatchObject({ volume: 4 });
  });

  it("orders an issue's articles by first page as a number (2 before 10)", async () => {
    const a = await makeJournal();
    const issue = await makeIssue(a.id);
    await makeArticle(a.id, issue, { pagenumber: "10-14" });
    // Added after page 14 (the add rule), then moved to pages 2-9 by an edit, as staff can.
    await editArticle(a.id, await makeArticle(a.id, issue, { pagenumber: "15-16" }), { pagenumber: "2-9" });
    await makeArticle(a.id, issue, { pagenumber: "15-20", status: "disabled" });
    await makeArticle(a.id, issue, { pagenumber: "21-30" });
    const rows = await listIssueArticles(db(), a.id, issue.year, issue.volume, issue.issue);
    expect(rows.map((r) => r.pagenumber)).toEqual(["2-9", "10-14", "21-30"]);
  });
});
