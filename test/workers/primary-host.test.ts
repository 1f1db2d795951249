import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newJournalStatements, runStatements } from "../../app/models/journals.server";
import { publicOrigin } from "../../app/lib/urls";
import { articleForm, db, fetchWorker, makeArticle, makeIssue, makeJournal, makeUser, unique } from "../factories";
import { adminAuth, documentText, loadPdf } from "./pdf-helpers";

/**
 * A journal with a primary hostname and an alias. Every absolute URL the site emits must name
 * the primary host over the deployment's scheme (https in the tests), whatever host spelling,
 * port or scheme the request used.
 */
async function twoHostJournal() {
  const alias = `${unique("alias")}.test`;
  const j = await makeJournal({ aliases: [alias], settings: { websitename: "Annals of Addresses", issn: "2454-6127" } });
  const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 2 });
  const article = await makeArticle(j.id, issue);
  return { j, alias, issue, article };
}

/** A request URL that spells the primary host oddly: upper case, a trailing dot, another port, http. */
const oddly = (host: string, path: string) => `http://${host.toUpperCase()}.:8443${path}`;

/** Fails if the text names the request's host spelling, port or scheme, or the alias. */
function expectOnlyPrimary(text: string, primary: string, alias: string, what: string) {
  expect(text, what).not.toContain(alias);
  expect(text, what).not.toContain(":8443");
  expect(text, what).not.toContain(`http://${primary}`);
  expect(text, what).not.toContain(primary.toUpperCase());
}

describe("primary host", () => {
  it("a GET or HEAD on an alias answers 301 to the same path and query on the primary host", async () => {
    const { j, alias, article } = await twoHostJournal();
    for (const path of ["/", "/archives/2025/vol3/issue2?x=1", `/archives/2025/3/2/${article.refnumber}`, "/sitemap.xml", "/feed.xml", "/robots.txt", `/assets/archives/2025/vol3issue2/${article.refnumber}.pdf`, "/admin/login"]) {
      for (const method of ["GET", "HEAD"]) {
        const res = await fetchWorker(`https://${alias}${path}`, { method, redirect: "manual" });
        expect(res.status, `${method} ${path}`).toBe(301);
        expect(res.headers.get("location")).toBe(`https://${j.host}${path}`);
      }
    }
    // Also from an odd spelling of the alias, with a port.
    const odd = await fetchWorker(`http://${alias.toUpperCase()}.:8080/board?y=2`, { redirect: "manual" });
    expect(odd.headers.get("location")).toBe(`https://${j.host}/board?y=2`);
  });

  it("API calls and other methods are served where they arrive, never redirected", async () => {
    const { j, alias, article } = await twoHostJournal();
    const api = await fetchWorker(`https://${alias}/api/archives/ref/${article.refnumber}`);
    expect(api.status).toBe(200);
    expect(((await api.json()) as { refnumber: string }).refnumber).toBe(article.refnumber);
    const user = await makeUser(j.id, { username: "staff", password: "a long staff password" });
    const login = await fetchWorker(`https://${alias}/auth/login/`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    expect(login.status).toBe(200);
    const form = await fetchWorker(`https://${alias}/admin/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: `https://${alias}` },
      body: "username=staff&password=wrong-password-here",
      redirect: "manual",
    });
    expect(form.status).not.toBe(301);
  });

  it("renders every absolute URL from the primary host, whatever the request's host spelling, port or scheme", async () => {
    const { j, alias, article } = await twoHostJournal();
    const origin = `https://${j.host}`;
    const articlePath = `/archives/2025/3/2/${article.refnumber}`;
    const pages: [string, string[]][] = [
      [articlePath, [`<link rel="canonical" href="${origin}${articlePath}"`, `name="citation_pdf_url" content="${origin}${articlePath}.pdf"`, `"url":"${origin}${articlePath}"`, `property="og:url" content="${origin}${articlePath}"`]],
      ["/archives/2025/vol3/issue2", [`<link rel="canonical" href="${origin}/archives/2025/vol3/issue2"`]],
      ["/robots.txt", [`Sitemap: ${origin}/sitemap.xml`]],
      ["/.well-known/security.txt", [`Canonical: ${origin}/.well-known/security.txt`]],
      ["/sitemap.xml", [`<loc>${origin}/sitemaps/pages.xml</loc>`]],
      ["/sitemaps/pages.xml", [`<loc>${origin}/</loc>`]],
      ["/sitemaps/volume-3.xml", [`<loc>${origin}${articlePath}</loc>`]],
      ["/feed.xml", [`${origin}${articlePath}`, `<id>tag:${j.host},${new Date().toISOString().slice(0, 10)}:feed</id>`]],
      ["/feeds/latest-issue.xml", [`${origin}${articlePath}`]],
      ["/oai?verb=Identify", [`<baseURL>${origin}/oai</baseURL>`]],
      ["/oai?verb=ListRecords&metadataPrefix=oai_dc", [`<identifier>oai:${j.host}:article/${article.id}</identifier>`, `${origin}${articlePath}`]],
    ];
    for (const [path, expected] of pages) {
      const res = await fetchWorker(oddly(j.host, path));
      expect(res.status, path).toBe(200);
      const body = await res.text();
      for (const e of expected) expect(body, path).toContain(e);
      expectOnlyPrimary(body, j.host, alias, path);
    }
    // The API and exports are served on the alias itself, yet name the primary host.
    for (const path of [`/api/cite/${article.refnumber}.ris`, `/api/cite/${article.refnumber}.bib`, `/api/cite/${article.refnumber}.json`, "/api/cite/issue/2025/3/2.ris"]) {
      const res = await fetchWorker(`http://${alias}:8443${path}`);
      expect(res.status, path).toBe(200);
      const body = await res.text();
      expect(body, path).toContain(`${origin}${articlePath}`);
      expectOnlyPrimary(body, j.host, alias, path);
    }
  });

  it("certificates downloaded through an alias carry the primary host in their verification link", async () => {
    const { j, alias, article } = await twoHostJournal();
    const res = await fetchWorker(`http://${alias}:8443/api/pdf/certificate/${article.refnumber}/1`);
    expect(res.status).toBe(200);
    const text = documentText(await loadPdf(await res.arrayBuffer()));
    expect(text).toMatch(new RegExp(`https://${j.host.replace(/\./g, "\\.")}/verify/${article.refnumber}-1-`));
    expect(text).not.toContain(alias);
    expect(text).not.toContain(":8443");
    // The certificate page's per-author URL is a file like any other: an alias sends it to the primary host.
    const file = await fetchWorker(`http://${alias}:8443/pdf/${article.refnumber}/certificate-${article.refnumber}-1.pdf`, { redirect: "manual" });
    expect(file.status).toBe(301);
    expect(file.headers.get("location")).toBe(`https://${j.host}/pdf/${article.refnumber}/certificate-${article.refnumber}-1.pdf`);
  });

  it("the announcement staff copy after publishing names the primary host", async () => {
    const { j, alias, issue } = await twoHostJournal();
    const user = await makeUser(j.id, { username: "staff2", password: "a long staff password" });
    const token = (await adminAuth({ url: (p: string) => `https://${alias}${p}` }, user)).authorization.slice("Bearer ".length);
    const form = articleForm(issue, { refnumber: "770001", pagenumber: "30-34" });
    const res = await fetchWorker(`https://${alias}/admin/archives/add/${issue.year}/${issue.volume}/${issue.issue}`, {
      method: "POST",
      headers: { cookie: `journal_session=${token}` },
      body: form,
      redirect: "manual",
    });
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain(`https://${j.host}/archives/${issue.year}/${issue.volume}/${issue.issue}/770001`);
    expect(body).not.toContain(`https://${alias}/archives`);
  });

  it("the scheme and port come from the deployment: https and none in production, http and the port locally", () => {
    expect(publicOrigin("journal.example.org")).toBe("https://journal.example.org");
    expect(publicOrigin("journal.example.org", { PUBLIC_SCHEME: "https", PUBLIC_PORT: "443" })).toBe("https://journal.example.org");
    expect(publicOrigin("localhost", { PUBLIC_SCHEME: "http", PUBLIC_PORT: "5173" })).toBe("http://localhost:5173");
    expect(publicOrigin("localhost", { PUBLIC_SCHEME: "http", PUBLIC_PORT: "80" })).toBe("http://localhost");
    expect(publicOrigin("localhost", { PUBLIC_PORT: "not a port" })).toBe("https://localhost");
  });
});

describe("host handling", () => {
  it("a malformed Host gets a 400 page (or JSON on the API), never a 500", async () => {
    const j = await makeJournal();
    for (const host of ["a b", "-", "exa_mple.test", `${j.host}:99999`, "[::1", "bad..host", `user@${j.host}`]) {
      const page = await fetchWorker(j.url("/"), { headers: { host } });
      expect(page.status, JSON.stringify(host)).toBe(400);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(await page.text()).toContain("This request names no valid host");
      const api = await fetchWorker(j.url("/api/archives/"), { headers: { host } });
      expect(api.status).toBe(400);
      expect(await api.json()).toEqual({ error: "bad_host" });
    }
  });

  it("the Host header is normalised once: case, trailing dot and port", async () => {
    const j = await makeJournal({ settings: { websitename: "Annals of Spelling" } });
    for (const host of [j.host.toUpperCase(), `${j.host}.`, `${j.host}:8080`, `${j.host.toUpperCase()}.:5173`]) {
      const res = await fetchWorker(j.url("/"), { headers: { host } });
      expect(res.status, host).toBe(200);
      expect(await res.text()).toContain("Annals of Spelling");
    }
  });

  it("a disabled journal answers 503 on every host (a page, or journal_disabled on the API); nothing is deleted", async () => {
    const { j, alias, article } = await twoHostJournal();
    await runStatements(env.DB, [{ sql: "update journals set status = 'disabled' where id = ?", params: [j.id] }]);
    for (const host of [j.host, alias]) {
      const page = await fetchWorker(`https://${host}/archives/2025/3/2/${article.refnumber}`, { redirect: "manual" });
      expect(page.status).toBe(503);
      expect(await page.text()).toContain("This journal is currently not available on this site.");
      const api = await fetchWorker(`https://${host}/api/archives/`);
      expect(api.status).toBe(503);
      expect(await api.json()).toEqual({ error: "journal_disabled" });
      const auth = await fetchWorker(`https://${host}/auth/login/`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      expect(auth.status).toBe(503);
    }
    await runStatements(env.DB, [{ sql: "update journals set status = 'enabled' where id = ?", params: [j.id] }]);
    expect((await fetchWorker(`https://${j.host}/archives/2025/3/2/${article.refnumber}`)).status).toBe(200);
  });
});

describe("the publisher's journal list", () => {
  it("/journals lists the enabled, listed journals with their primary host, ISSN and logo, on every journal's host", async () => {
    const a = await makeJournal({ settings: { websitename: "Aardvark Studies Quarterly", issn: "1111-2222", publisher_name: "Test Press" } });
    const hidden = await makeJournal({ settings: { websitename: "Aardvark Unlisted Review" } });
    const off = await makeJournal({ settings: { websitename: "Aardvark Disabled Letters" } });
    await runStatements(env.DB, [
      { sql: "update journals set listed = 0 where id = ?", params: [hidden.id] },
      { sql: "update journals set status = 'disabled' where id = ?", params: [off.id] },
      { sql: "update settings set logo = 'logo-abc.png' where journal_id = ?", params: [a.id] },
    ]);
    await env.FILES.put(`journals/${a.id}/logo/logo-abc.png`, new Uint8Array([137, 80, 78, 71]), { httpMetadata: { contentType: "image/png" } });
    const other = await makeJournal();
    const res = await fetchWorker(other.url("/journals"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Aardvark Studies Quarterly");
    expect(html).toContain(`href="https://${a.host}/"`);
    expect(html).toContain("ISSN 1111-2222");
    expect(html).not.toContain("Aardvark Unlisted Review");
    expect(html).not.toContain("Aardvark Disabled Letters");
    const logo = /src="(\/journals\/logos\/\d+\/logo-abc\.png)"/.exec(html)?.[1];
    expect(logo).toBeTruthy();
    const img = await fetchWorker(other.url(logo!));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    // Only the current logo of a listed journal.
    expect((await fetchWorker(other.url(`/journals/logos/${a.id}/other.png`))).status).toBe(404);
    expect((await fetchWorker(other.url(`/journals/logos/${hidden.id}/logo-abc.png`))).status).toBe(404);
  });

  it("the home page's Journal List links to /journals", async () => {
    const j = await makeJournal();
    const html = await (await fetchWorker(j.url("/"))).text();
    expect(html).toMatch(/<h2>Journal List<\/h2>\s*<p><a href="\/journals"/);
  });

  it("a journal made like `npm run journal -- add` does is complete: its empty pages look finished", async () => {
    const slug = unique("new");
    const host = `${slug}.test`;
    await runStatements(env.DB, newJournalStatements({ slug, name: "Journal of Fresh Starts", hosts: [host] }));
    const home = await (await fetchWorker(`https://${host}/`)).text();
    expect(home).toContain("Journal of Fresh Starts");
    expect(home).toContain("publishes peer-reviewed research articles");
    const archives = await fetchWorker(`https://${host}/archives`);
    expect(await archives.text()).toContain("No published articles yet. Please come back later.");
    for (const path of ["/board", "/indexing", "/contact", "/instructions", "/journals", "/search?keyword=rice"]) {
      expect((await fetchWorker(`https://${host}${path}`)).status, path).toBe(200);
    }
    const settings = await db().query.settings.findFirst({ where: (s, { eq }) => eq(s.domain, host) });
    expect(settings?.websitename).toBe("Journal of Fresh Starts");
    expect(settings?.year_started).toBe(String(new Date().getUTCFullYear()));
  });

  it("creating a journal is all or nothing: a taken hostname leaves no journal row behind", async () => {
    const a = await makeJournal();
    const slug = unique("half");
    await expect(runStatements(env.DB, newJournalStatements({ slug, name: "Half", hosts: [`${slug}.test`, a.host] }))).rejects.toThrow();
    const row = await env.DB.prepare("select count(*) as n from journals where slug = ?").bind(slug).first<{ n: number }>();
    expect(row?.n).toBe(0);
    expect((await env.DB.prepare("select count(*) as n from journal_hosts where hostname = ?").bind(`${slug}.test`).first<{ n: number }>())?.n).toBe(0);
  });
});
