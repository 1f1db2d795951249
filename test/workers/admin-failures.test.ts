import { env } from "cloudflare:workers";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { appContext } from "../../app/context";
import * as articleAdd from "../../app/routes/admin/article-add";
import * as articleEdit from "../../app/routes/admin/article-edit";
import * as archives from "../../app/routes/admin/archives";
import * as settings from "../../app/routes/admin/settings";
import { articleForm, makeAdminSession, makeArticle, makeIssue } from "../factories";
import { failingPuts, failingWrites } from "../faults";

/**
 * When storage or the database fails mid-save, the admin forms answer 'Something went wrong'
 * (spec §8) with a 500 and stay on screen with what was typed; nothing is half-saved.
 */

type Session = Awaited<ReturnType<typeof makeAdminSession>>;
type Action = (args: never) => unknown;

async function runAction(action: Action, s: Session, path: string, body: FormData, params: Record<string, string>, faults: Partial<Env>) {
  const context = new RouterContextProvider();
  context.set(appContext, {
    env: { ...env, ...faults },
    ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext,
    journal: s.journal,
    nonce: "test",
    requestId: "test",
    state: { staffUserId: null },
  });
  const request = new Request(s.url(path), { method: "POST", body, headers: { cookie: `journal_session=${s.token}` } });
  const outcome = (await (action as (a: unknown) => unknown)({ request, params, context, unstable_pattern: path })) as {
    data: { ok: boolean; flash?: { kind: string; msg: string; detail?: string } };
    init: { status: number } | null;
  };
  return { status: outcome.init?.status ?? 200, body: outcome.data };
}

function fields(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) form.set(k, v);
  return form;
}

describe("admin forms when storage or the database fails", () => {
  it("adding an article while R2 is down says 'Something went wrong' and saves nothing", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 4, issue: 1 });
    const params = { year: "2025", vol: "4", issue: "1" };
    const res = await runAction(articleAdd.action as Action, s, "/admin/archives/add/2025/4/1", articleForm(issue, { refnumber: "4101" }), params, {
      FILES: failingPuts(env.FILES),
    });
    expect(res.status).toBe(500);
    expect(res.body.ok).toBe(false);
    expect(res.body.flash).toMatchObject({ kind: "error", msg: "Something went wrong" });
    expect(await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE journal_id = ?").bind(s.id).first("n")).toBe(0);
  });

  it("editing an article while D1 writes fail says 'Something went wrong' and keeps the old row", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 4, issue: 2 });
    const a = await makeArticle(s.id, issue, { pagenumber: "1-5" });
    const form = articleForm(issue, { refnumber: a.refnumber, txnid: a.txnid, title: "A new title that must not be saved" }, null);
    const res = await runAction(articleEdit.action as Action, s, `/admin/archives/${a.id}`, form, { id: String(a.id) }, {
      DB: failingWrites(env.DB, "articles"),
    });
    expect(res.status).toBe(500);
    expect(res.body.flash).toMatchObject({ kind: "error", msg: "Something went wrong" });
    expect(await env.DB.prepare("SELECT title FROM articles WHERE id = ?").bind(a.id).first("title")).toBe(a.title);
  });

  it("adding an issue or saving settings while D1 writes fail says 'Something went wrong'", async () => {
    const s = await makeAdminSession();
    const year = String(new Date().getUTCFullYear());
    const issueRes = await runAction(archives.action as Action, s, "/admin/archives", fields({ volume: "9", issue: "1", frequency: "January", year }), {}, {
      DB: failingWrites(env.DB, "issues"),
    });
    expect(issueRes.status).toBe(500);
    expect(issueRes.body.flash).toMatchObject({ kind: "error", msg: "Something went wrong" });
    const settingsRes = await runAction(settings.action as Action, s, "/admin/settings", fields({ websitename: "Not saved" }), {}, {
      DB: failingWrites(env.DB, "settings"),
    });
    expect(settingsRes.status).toBe(500);
    expect(settingsRes.body.flash).toMatchObject({ kind: "error", msg: "Something went wrong" });
  });
});
