import { describe, expect, it } from "vitest";
import { fetchWorker, makeAdminSession, makeJournal } from "../factories";

const nonceOf = (html: string) => /<script[^>]* nonce="([^"]+)"/.exec(html)?.[1];

describe("edge cache", () => {
  it("serves the second request for a public page from the cache, with a fresh CSP nonce", async () => {
    const j = await makeJournal();
    const first = await fetchWorker(j.url("/"));
    const firstHtml = await first.text();
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    await new Promise((r) => setTimeout(r, 20));
    const second = await fetchWorker(j.url("/"));
    const secondHtml = await second.text();
    expect(second.headers.get("x-edge-cache")).toBe("HIT");
    expect(second.headers.get("server-timing")).toContain('"1 round trips"');
    const csp = second.headers.get("content-security-policy") ?? "";
    const nonce = nonceOf(secondHtml);
    expect(nonce).toBeTruthy();
    expect(nonce).not.toBe(nonceOf(firstHtml));
    expect(csp).toContain(`'nonce-${nonce}'`);
    // Scripts and module preloads carry the new nonce; other links (stylesheets, icon, feeds)
    // carry an empty one on both requests: a value there would not match the client's render.
    const tags = (html: string) => [...html.matchAll(/<(?:script|link)\b[^>]* nonce="[^"]*"[^>]*>/g)].map((m) => m[0]);
    const scripted = (t: string) => t.startsWith("<script") || /rel="modulepreload"/.test(t);
    const fresh = tags(secondHtml);
    expect(fresh.some((t) => /rel="stylesheet"/.test(t))).toBe(true);
    expect(fresh.some((t) => t.startsWith("<script"))).toBe(true);
    for (const t of fresh) expect(t).toContain(scripted(t) ? `nonce="${nonce}"` : 'nonce=""');
    expect(tags(firstHtml).filter((t) => !scripted(t))).toEqual(fresh.filter((t) => !scripted(t)));
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("never serves one host's cached page to another host", async () => {
    const a = await makeJournal({ settings: { websitename: "Cache Alpha" } });
    const b = await makeJournal({ settings: { websitename: "Cache Beta" } });
    await (await fetchWorker(a.url("/"))).text();
    await new Promise((r) => setTimeout(r, 20));
    const html = await (await fetchWorker(b.url("/"))).text();
    expect(html).toContain("Cache Beta");
    expect(html).not.toContain("Cache Alpha");
  });

  it("a staff write makes the journal's cached pages stale at once", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Before Rename" } });
    await (await fetchWorker(s.url("/"))).text();
    await new Promise((r) => setTimeout(r, 20));
    expect((await fetchWorker(s.url("/"))).headers.get("x-edge-cache")).toBe("HIT");
    const res = await fetchWorker(s.url("/api/settings"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify({ websitename: "After Rename" }),
    });
    expect(res.status).toBe(200);
    const after = await fetchWorker(s.url("/"));
    expect(after.headers.get("x-edge-cache")).toBe("MISS");
    expect(await after.text()).toContain("After Rename");
  });

  it("does not cache admin pages, API calls with a token, or errors", async () => {
    const s = await makeAdminSession();
    const api = await fetchWorker(s.url("/api/archives/"), { headers: s.auth });
    expect(api.headers.get("x-edge-cache")).toBeNull();
    const missing = await fetchWorker(s.url("/archives/1999/1/1/424242"));
    expect(missing.status).toBe(404);
    await new Promise((r) => setTimeout(r, 20));
    expect((await fetchWorker(s.url("/archives/1999/1/1/424242"))).headers.get("x-edge-cache")).not.toBe("HIT");
    expect((await fetchWorker(s.url("/admin/login"))).headers.get("x-edge-cache")).toBeNull();
  });
});

describe("edge cache key", () => {
  it("ignores query parameters no page reads: junk parameters neither bypass nor fill the cache", async () => {
    const j = await makeJournal();
    await (await fetchWorker(j.url("/"))).text();
    await new Promise((r) => setTimeout(r, 20));
    for (const junk of ["/?utm_source=x", "/?u=1", "/?u=2&fbclid=abc"]) {
      expect((await fetchWorker(j.url(junk))).headers.get("x-edge-cache"), junk).toBe("HIT");
    }
  });

  it("keeps the parameters a page reads: different searches are different entries", async () => {
    const j = await makeJournal();
    const first = await fetchWorker(j.url("/search?keyword=rice"));
    await first.text();
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    await new Promise((r) => setTimeout(r, 20));
    expect((await fetchWorker(j.url("/search?keyword=rice&u=9"))).headers.get("x-edge-cache")).toBe("HIT");
    expect((await fetchWorker(j.url("/search?keyword=wheat"))).headers.get("x-edge-cache")).toBe("MISS");
    expect((await fetchWorker(j.url("/search?keyword=rice&page=2"))).headers.get("x-edge-cache")).toBe("MISS");
  });
});

describe("edge cache and conditional requests", () => {
  it("answers a browser's If-None-Match from the cache with 304 when the stored ETag matches", async () => {
    const j = await makeJournal();
    const editors = await fetchWorker(j.url("/api/pdf/editorialboard"));
    const etag = editors.headers.get("etag")!;
    expect(etag).toBeTruthy();
    await editors.arrayBuffer();
    await new Promise((r) => setTimeout(r, 20));
    const again = await fetchWorker(j.url("/api/pdf/editorialboard"), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-edge-cache")).toBe("HIT");
    expect(again.headers.get("etag")).toBe(etag);
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const other = await fetchWorker(j.url("/api/pdf/editorialboard"), { headers: { "if-none-match": '"not-this-one"' } });
    expect(other.status).toBe(200);
    expect(other.headers.get("x-edge-cache")).toBe("HIT");
  });

  it("serves one render for every scheme and host spelling (absolute URLs name the primary host only)", async () => {
    const j = await makeJournal();
    await (await fetchWorker(j.url("/"))).text();
    await new Promise((r) => setTimeout(r, 20));
    expect((await fetchWorker(j.url("/").replace(/^https:/, "http:"))).headers.get("x-edge-cache")).toBe("HIT");
    expect((await fetchWorker(j.url("/"), { headers: { host: `${j.host.toUpperCase()}.:8443` } })).headers.get("x-edge-cache")).toBe("HIT");
  });
});

describe("reader pages answer conditional requests", () => {
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it("a rendered page carries a weak ETag that its cached copies keep, whatever their nonce; a match is a 304 without a body", async () => {
    const j = await makeJournal();
    const first = await fetchWorker(j.url("/"));
    const firstHtml = await first.text();
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"r[0-9a-z]+"$/);
    await settle();
    const hit = await fetchWorker(j.url("/"));
    expect(hit.headers.get("x-edge-cache")).toBe("HIT");
    expect(nonceOf(await hit.text())).not.toBe(nonceOf(firstHtml));
    expect(hit.headers.get("etag")).toBe(etag);

    const again = await fetchWorker(j.url("/"), { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get("x-edge-cache")).toBe("HIT");
    expect(again.headers.get("etag")).toBe(etag);
    expect(again.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    // A 304's headers replace those stored with the browser's copy: no policy that is not the page's own.
    expect(again.headers.get("content-security-policy")).toBeNull();
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // Browsers send the tag back as they got it; a list, or the strong form, matches too.
    expect((await fetchWorker(j.url("/"), { headers: { "if-none-match": `"x", ${etag.slice(2)}` } })).status).toBe(304);
    const stale = await fetchWorker(j.url("/"), { headers: { "if-none-match": 'W/"pnot-this-page"' } });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toContain("<!DOCTYPE html>");
  });

  it("a page rendered afresh answers 304 when it is unchanged, and a new ETag once it changes", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Tagged Journal" } });
    // Two renders of the same page (the first one with credentials: never cached) have one ETag,
    // so the second, a cache miss, answers the browser's copy with 304 (and is stored in full).
    const first = await fetchWorker(s.url("/board"), { headers: s.auth });
    await first.text();
    const etag = first.headers.get("etag")!;
    const unchanged = await fetchWorker(s.url("/board"), { headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get("x-edge-cache")).toBe("MISS");
    expect(unchanged.headers.get("etag")).toBe(etag);
    await settle();
    const stored = await fetchWorker(s.url("/board"));
    expect(stored.headers.get("x-edge-cache")).toBe("HIT");
    expect(stored.headers.get("etag")).toBe(etag);
    expect(await stored.text()).toContain("Tagged Journal");

    const renamed = await fetchWorker(s.url("/api/settings"), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify({ websitename: "Renamed Journal" }) });
    expect(renamed.status).toBe(200);
    const changed = await fetchWorker(s.url("/board"), { headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("Renamed Journal");
  });

  it("every reader page has one, also when asked for with credentials (rendered, never cached)", async () => {
    const s = await makeAdminSession();
    for (const path of ["/", "/board", "/indexing", "/contact", "/search?keyword=rice", "/journals"]) {
      const res = await fetchWorker(s.url(path), { headers: s.auth });
      await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get("x-edge-cache"), path).toBeNull();
      const etag = res.headers.get("etag");
      expect(etag, path).toMatch(/^W\//);
      const again = await fetchWorker(s.url(path), { headers: { ...s.auth, "if-none-match": etag! } });
      expect(again.status, path).toBe(304);
    }
    // Staff pages are private: no validator, no 304.
    const admin = await fetchWorker(s.url("/admin"), { headers: s.auth });
    await admin.text();
    expect(admin.headers.get("etag")).toBeNull();
  });

  it("caches the publisher's journal list like the home page (for minutes: it names other journals)", async () => {
    const j = await makeJournal();
    const first = await fetchWorker(j.url("/journals"));
    await first.text();
    expect(first.status).toBe(200);
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    await settle();
    const second = await fetchWorker(j.url("/journals"));
    await second.text();
    expect(second.headers.get("x-edge-cache")).toBe("HIT");
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    // Its logos are files, not the page.
    expect((await fetchWorker(j.url("/journals/logos/1/x.png"))).headers.get("x-edge-cache")).toBeNull();
  });
});
