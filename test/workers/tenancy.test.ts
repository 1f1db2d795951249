import { describe, expect, it } from "vitest";
import { hostFromHeader, normaliseHostname } from "../../app/lib/hosts";
import { resolveJournalByHost } from "../../app/models/journals.server";
import { db, fetchWorker, makeJournal } from "../factories";

const fetchPage = fetchWorker;

describe("tenancy by Host header", () => {
  it("normalises host headers: case, port, trailing dot", () => {
    expect(hostFromHeader("Journal.Example.COM:8443")).toBe("journal.example.com");
    expect(hostFromHeader("localhost:5173")).toBe("localhost");
    expect(hostFromHeader("localhost.:5173")).toBe("localhost");
    expect(hostFromHeader("example.org.")).toBe("example.org");
    expect(hostFromHeader("[::1]:8080")).toBe("[::1]");
    expect(hostFromHeader("127.0.0.1")).toBe("127.0.0.1");
  });

  it("refuses malformed host headers and hostnames", () => {
    for (const bad of [null, "", " ", "a b", "exa_mple.org", "example.org:99999", "example.org:", "-bad.org", "bad-.org", "a..b", "user@host", "host/path", "[::1", "[zz]", `${"a".repeat(64)}.org`, "ex%41mple.org"]) {
      expect(hostFromHeader(bad), String(bad)).toBeNull();
    }
    expect(normaliseHostname("Journal-C.Localhost.")).toBe("journal-c.localhost");
    for (const bad of ["http://x.org", "x.org:8080", "x.org/", "", "x_y.org"]) expect(normaliseHostname(bad), bad).toBeNull();
  });

  it("resolves a journal and its settings from any of its hostnames", async () => {
    const a = await makeJournal({ settings: { websitename: "Annals of Testing" } });
    const j = await resolveJournalByHost(db(), a.host);
    expect(j?.id).toBe(a.id);
    expect(j?.settings.websitename).toBe("Annals of Testing");
    expect(await resolveJournalByHost(db(), "nobody-owns-this.test")).toBeNull();
  });

  it("renders the home page on the server with the journal's own name", async () => {
    const a = await makeJournal({ settings: { websitename: "Annals of Server Rendering" } });
    const b = await makeJournal({ settings: { websitename: "Bulletin of Other Things" } });
    const resA = await fetchPage(a.url("/"));
    expect(resA.status).toBe(200);
    expect(resA.headers.get("content-type")).toContain("text/html");
    const htmlA = await resA.text();
    expect(htmlA).toContain("<title>Annals of Server Rendering</title>");
    expect(htmlA).toMatch(/<nav[^>]*aria-label="Main"/);
    expect(htmlA).not.toContain("Bulletin of Other Things");

    const htmlB = await (await fetchPage(b.url("/"), { headers: { host: `${b.host}:8787` } })).text();
    expect(htmlB).toContain("<title>Bulletin of Other Things</title>");
    expect(htmlB).not.toContain("Annals of Server Rendering");
  });

  it("answers an unknown host with a 404 page that names the host", async () => {
    await makeJournal();
    const res = await fetchPage("https://unknown-host.example/", { headers: { host: "Unknown-Host.example" } });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("No journal at this address");
    expect(html).toContain("<code>unknown-host.example</code>");
  });

  it("never echoes markup from the Host header (a malformed host is a 400)", async () => {
    const res = await fetchPage("https://x.example/", { headers: { host: "<script>alert(1)</script>" } });
    expect(res.status).toBe(400);
    expect(await res.text()).not.toContain("<script>alert(1)</script>");
  });

  it("answers unknown paths of a known journal with the error page and a real 404", async () => {
    const a = await makeJournal();
    const res = await fetchPage(a.url("/no/such/page"));
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("Oops! Sorry, an unexpected error has occurred.");
  });
});

describe("Server-Timing D1 round trips", () => {
  it("reports how many D1 round trips a page took (journal lookup + one batch for the home page)", async () => {
    const a = await makeJournal();
    const res = await fetchPage(a.url("/"));
    expect(res.headers.get("server-timing")).toMatch(/^d1;desc="2 round trips";dur=\d+(\.\d+)?$/);
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404, not the HTML error page", async () => {
    const a = await makeJournal();
    for (const path of ["/api/nope", "/api/pdf/etc/1", "/auth/whatever"]) {
      const res = await fetchPage(a.url(path));
      expect(res.status, path).toBe(404);
      expect(await res.json(), path).toEqual({ error: "not_found" });
    }
  });
});
