import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { bodyRule } from "../../app/http/body";
import { MAX_ARTICLE_BODY } from "../../app/schemas/article";
import { BODY_TOO_LARGE, FIELD_MESSAGES } from "../../app/schemas/messages";
import { articleForm, fetchWorker, makeAdminSession, makeIssue, makeJournal, pdfBytes } from "../factories";

/**
 * Every body is bounded before it is read, on the stream. A chunked body (no
 * Content-Length) of `size` bytes, produced lazily so the test itself holds little of it; it
 * counts how much the Worker pulled.
 */
function chunked(size: number, chunk = 64 * 1024, prefix = new Uint8Array(0)) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= size) return controller.close();
      const part = sent === 0 && prefix.length ? prefix : new Uint8Array(Math.min(chunk, size - sent)).fill(0x61);
      sent += part.byteLength;
      controller.enqueue(part);
    },
  });
  return { stream, pulled: () => sent };
}

async function articleCount(journalId: number): Promise<number> {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM articles WHERE journal_id = ?").bind(journalId).first<{ n: number }>();
  return row?.n ?? 0;
}

describe("request bodies are bounded before they are read", () => {
  it("each route has a cap that fits it: sign-in and OAI a few KB, files their limit plus a margin", () => {
    expect(bodyRule("/admin/login").max).toBeLessThanOrEqual(8 * 1024);
    expect(bodyRule("/auth/login/").max).toBeLessThanOrEqual(8 * 1024);
    expect(bodyRule("/oai").max).toBeLessThanOrEqual(8 * 1024);
    expect(bodyRule("/api/admin/archives/").max).toBe(MAX_ARTICLE_BODY);
    expect(bodyRule("/admin/archives/add/2025/1/1.data").max).toBe(MAX_ARTICLE_BODY);
    expect(bodyRule("/api/editors").max).toBe(3 * 1024 * 1024);
    expect(bodyRule("/api/settings/logo").max).toBe(3 * 1024 * 1024);
    expect(bodyRule("/api/admin/create-issue").max).toBe(256 * 1024);
    expect(bodyRule("/search").max).toBeLessThanOrEqual(8 * 1024);
  });

  it("anonymous POST routes answer 413 to a declared 80 MB body without reading it", async () => {
    const j = await makeJournal();
    for (const [path, type] of [
      ["/admin/login", "application/x-www-form-urlencoded"],
      ["/auth/login/", "application/json"],
      ["/oai", "application/x-www-form-urlencoded"],
      ["/search", "application/x-www-form-urlencoded"],
    ] as const) {
      const body = chunked(80 * 1024 * 1024);
      const res = await fetchWorker(j.url(path), {
        method: "POST",
        headers: { "content-type": type, "content-length": String(80 * 1024 * 1024) },
        body: body.stream,
        duplex: "half",
      } as RequestInit);
      expect(res.status, path).toBe(413);
      expect(body.pulled(), path).toBeLessThan(1024 * 1024);
      if (path.startsWith("/auth")) expect(await res.json()).toEqual({ error: "payload_too_large" });
      else expect(await res.text(), path).toContain(BODY_TOO_LARGE.text);
    }
  });

  it("a chunked body without Content-Length is cut off at the cap: 413, and the rest is never pulled", async () => {
    const j = await makeJournal();
    for (const [path, type] of [
      ["/admin/login", "application/x-www-form-urlencoded"],
      ["/auth/login/", "application/json"],
      ["/oai", "application/x-www-form-urlencoded"],
    ] as const) {
      const body = chunked(80 * 1024 * 1024, 4096);
      const res = await fetchWorker(j.url(path), { method: "POST", headers: { "content-type": type }, body: body.stream, duplex: "half" } as RequestInit);
      expect(res.status, path).toBe(413);
      expect(body.pulled(), path).toBeLessThan(256 * 1024);
      if (path.startsWith("/auth")) expect(await res.json()).toEqual({ error: "payload_too_large" });
      else expect(await res.text(), path).toContain(BODY_TOO_LARGE.text);
    }
  });

  it("a chunked article upload over the file limit gets the API's 413 and stores nothing", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const form = articleForm(issue, {}, pdfBytes(MAX_ARTICLE_BODY + 1024));
    const encoded = new Response(form);
    const type = encoded.headers.get("content-type")!;
    const res = await fetchWorker(s.url("/api/admin/archives/"), {
      method: "POST",
      headers: { ...s.auth, "content-type": type },
      // Re-chunked so no Content-Length is sent.
      body: encoded.body!.pipeThrough(new TransformStream()),
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: "file_too_large" });
    expect(await articleCount(s.id)).toBe(0);
    const listed = await env.FILES.list({ prefix: `journals/${s.id}/` });
    expect(listed.objects).toEqual([]);
  });

  it("the admin article form answers its own message for a body over the cap, and stores nothing", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const res = await fetchWorker(s.url(`/admin/archives/add/${issue.year}/${issue.volume}/${issue.issue}`), {
      method: "POST",
      headers: { cookie: `journal_session=${s.token}`, "content-type": "multipart/form-data; boundary=x", "content-length": String(MAX_ARTICLE_BODY + 1) },
      body: chunked(MAX_ARTICLE_BODY + 1).stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(FIELD_MESSAGES.fileTooLarge);
    expect(await articleCount(s.id)).toBe(0);
  });

  it("a spoofed 'too large' marker from the client changes nothing", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/api/admin/create-issue"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json", "x-journal-body-too-large": "1" },
      body: JSON.stringify({ volume: 3, issue: 1, frequency: "January" }),
    });
    expect(res.status).toBe(201);
  });
});
