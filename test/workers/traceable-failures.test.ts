import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { app } from "../../workers/app";
import { fetchWorker, makeArticle, makeIssue, makeJournal } from "../factories";
import { failingReads } from "../faults";

/**
 * Failures you can trace: every response names its request (X-Request-Id), an error page and an
 * API 500 show that id, and the one log line of the error (JSON on the console, which Workers
 * Logs keeps) carries the same id with the route and the journal. /health tells an uptime
 * monitor whether D1 and R2 answer, uncached.
 */

/** The app with a database whose reads of `table` fail, as an outage would. */
async function fetchWithBrokenReads(url: string, table: string, init: RequestInit = {}): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.fetch(new Request(url, init), { ...env, DB: failingReads(env.DB, table) }, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** The JSON error lines logged while `fn` ran. */
async function logLines(fn: () => Promise<void>): Promise<Record<string, unknown>[]> {
  const spy = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    await fn();
    return spy.mock.calls
      .map((args) => String(args[0]))
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.level === "error");
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("traceable failures", () => {
  it("every response carries a request id: pages, JSON, files, redirects, 404s and unknown hosts", async () => {
    const j = await makeJournal({ aliases: [`www.${Math.random().toString(36).slice(2)}.test`] });
    const seen = new Set<string>();
    for (const url of [j.url("/"), j.url("/api/archives/"), j.url("/no-such-page"), j.url("/api/nothing"), "https://nobody.invalid/", j.url("/robots.txt")]) {
      const res = await fetchWorker(url, { redirect: "manual" });
      const id = res.headers.get("x-request-id");
      expect(id, url).toMatch(/^[0-9a-f]{16}$/);
      seen.add(id!);
      await res.arrayBuffer();
    }
    expect(seen.size).toBe(6);
    // Cloudflare's Ray ID is the id when the request came through Cloudflare; other values are not trusted.
    const ray = await fetchWorker(j.url("/"), { headers: { "cf-ray": "8f1e2d3c4b5a6978-LHR" } });
    expect(ray.headers.get("x-request-id")).toBe("8f1e2d3c4b5a6978-LHR");
    const forged = await fetchWorker(j.url("/"), { headers: { "cf-ray": "<script>alert(1)</script>" } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
  });

  it("a forced API failure answers 500 JSON {error: internal, request_id} and logs one line with that id, the route and the journal", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 2, issue: 1 });
    const a = await makeArticle(j.id, issue);
    let res!: Response;
    const lines = await logLines(async () => {
      res = await fetchWithBrokenReads(j.url(`/api/archives/ref/${a.refnumber}`), "articles", { headers: { authorization: "Bearer x" } });
    });
    expect(res.status).toBe(500);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = (await res.json()) as { error: string; request_id: string };
    const id = res.headers.get("x-request-id")!;
    expect(body).toEqual({ error: "internal", request_id: id });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: "error",
      request_id: id,
      route: "/api/archives/ref/:ref",
      method: "GET",
      path: `/api/archives/ref/${a.refnumber}`,
      journal: j.slug,
      status: 500,
    });
    expect((lines[0].error as { cause: string }).cause).toBe("injected D1 read failure on articles");
  });

  it("a forced page failure shows the spec's error page with the request id, logged on one line", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1 });
    const a = await makeArticle(j.id, issue);
    let res!: Response;
    const lines = await logLines(async () => {
      res = await fetchWithBrokenReads(j.url(`/archives/2025/3/1/${a.refnumber}`), "articles", { headers: { authorization: "Bearer x" } });
    });
    expect(res.status).toBe(500);
    const id = res.headers.get("x-request-id")!;
    const html = await res.text();
    expect(html).toContain("Oops! Sorry, an unexpected error has occurred.");
    expect(html).toContain(`Request ID: <code>${id}</code>`);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    for (const line of lines) expect(line).toMatchObject({ request_id: id, journal: j.slug, path: `/archives/2025/3/1/${a.refnumber}` });
  });

  it("GET /health answers 200 JSON naming D1, R2 and the build, never cached, on any host", async () => {
    for (const url of ["https://nobody.invalid/health", (await makeJournal()).url("/health")]) {
      const res = await fetchWorker(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f]{16}$/);
      const body = (await res.json()) as Record<string, string>;
      expect(body).toMatchObject({ status: "ok", d1: "ok", r2: "ok", build: "test" });
      expect(Number.isNaN(Date.parse(body.time))).toBe(false);
    }
    // D1 down: 503 and which part failed.
    const ctx = createExecutionContext();
    const broken = { ...env, DB: { prepare: () => { throw new Error("D1 unreachable"); } } as unknown as D1Database };
    const res = await app.fetch(new Request("https://nobody.invalid/health"), broken, ctx);
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "failing", d1: "unreachable", r2: "ok" });
  });
});
