import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { articleFileKey } from "../../app/storage/keys.server";
import { makeArticle, makeEditor, makeIssue, makeJournal, RefusedByApp, unique } from "../factories";

/** The factories write through the app's own write path, with deterministic values. */

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RefusedByApp);
  const { status, code, fields } = error as RefusedByApp;
  return { status, code, fields };
}

describe("factories go through the staff use-cases", () => {
  it("refuse an article the add form would refuse, with the form's own message, and store nothing", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    expect(await refusal(makeArticle(j.id, issue, { authorname: "R2-D2, Robot" }))).toEqual({
      status: 400,
      code: undefined,
      fields: { authorname: "Author name must contain only alphabets, spaces, commas, and periods" },
    });
    expect((await refusal(makeArticle(j.id, issue, { txnid: "!" }))).code).toBe("invalid_txnid");
    await makeArticle(j.id, issue, { pagenumber: "1-12" });
    expect((await refusal(makeArticle(j.id, issue, { pagenumber: "10-14" }))).fields).toEqual({
      pagenumber: "The the first value of the page range should be one more than the last one. The last page was 12",
    });
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE journal_id = ?").bind(j.id).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("store the article's PDF as an upload does, and switch a disabled one off by an edit", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1 });
    const pdf = new TextEncoder().encode("%PDF-1.4 factory upload\n%%EOF\n");
    const a = await makeArticle(j.id, issue, { status: "disabled" }, { pdf });
    expect(a).toMatchObject({ status: "disabled", file: `${a.refnumber}.pdf`, createdby: "staff", pagenumber: "1-6" });
    const object = await env.FILES.get(articleFileKey(j.id, 2025, 3, 1, a.fileKey));
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(pdf);
    // Without a page range the next article takes the next pages of the issue.
    expect((await makeArticle(j.id, issue)).pagenumber).toBe("7-12");
  });

  it("refuse an issue, editor or setting the staff forms would refuse", async () => {
    const j = await makeJournal();
    expect((await refusal(makeIssue(j.id, { frequency: "" }))).fields).toEqual({ frequency: "This field is required" });
    expect((await refusal(makeEditor(j.id, { category: "janitor" }))).fields).toEqual({ category: "Choose a category from the list" });
    expect((await refusal(makeJournal({ settings: { timezone: "Mars/Olympus" } }))).fields).toHaveProperty("timezone");
  });
});

describe("factory values", () => {
  it("are named by a hash of this file's path and a counter: the same on every run", () => {
    let h = 0x811c9dc5;
    for (const ch of "test/workers/factories.test.ts") h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    const tag = h.toString(16).padStart(8, "0");
    const a = unique("x");
    const b = unique("x");
    expect(a).toMatch(new RegExp(`^x${tag}\\d+$`));
    expect(Number(b.slice(1 + tag.length))).toBe(Number(a.slice(1 + tag.length)) + 1);
  });
});
