import { env } from "cloudflare:workers";
import { SignJWT } from "jose";
import { rgbaPng } from "../images";
import { describe, expect, it } from "vitest";
import { audienceFor, TOKEN_ISSUER } from "../../app/auth/tokens.server";
import { BAD_REQUEST, LOGIN_DETAIL } from "../../app/schemas/messages";
import { articleForm, fetchWorker, makeAdminSession, makeIssue, makeJournal, makeUser, pdfBytes } from "../factories";

type Json = Record<string, any>;

/** One payload with every classic vector, each tagged so a test can say which one got through. */
const XSS = `Hostile <script>alert('x1')</script><img src=x onerror=alert('x2')><svg onload=alert('x3')></svg><a href="javascript:alert('x4')">j</a><a href="data:text/html,<script>alert('x5')</script>">d</a><iframe src="javascript:alert('x6')"></iframe><math><mtext><table><mglyph><style><img src=x onerror=alert('x7')>`;

/** Markup that would execute if it reached the page unescaped. */
function executable(html: string): string[] {
  const found: string[] = [];
  for (const re of [
    /<script>alert\('x\d'\)/,
    /<img[^>]*onerror/i,
    /<svg[^>]*onload/i,
    /href="javascript:/i,
    /href="data:text\/html/i,
    /<iframe/i,
    /<math/i,
    /<style>/i,
  ]) {
    const m = re.exec(html);
    if (m) found.push(m[0]);
  }
  return found;
}

async function json(res: Response): Promise<Json> {
  return (await res.json()) as Json;
}

describe("hostile input is shown as text or stripped, never executed", () => {
  it("article title, abstract, keywords, subject and country through the API", async () => {
    const s = await makeAdminSession({ settings: { show_subject_column: true } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 1 });
    const form = articleForm(issue, {
      refnumber: "31337",
      title: XSS,
      abstract: `<p>${XSS}</p>`,
      keywords: XSS,
      subject: XSS,
      country: XSS,
    });
    const created = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: form });
    expect(created.status).toBe(201);
    const body = await json(created);
    expect(executable(body.title)).toEqual([]);
    expect(executable(body.abstract)).toEqual([]);
    for (const path of ["/archives/2025/vol7/issue1", "/archives/2025/7/1/31337", "/search?keyword=Hostile", "/pdf?refno=31337"]) {
      const html = await (await fetchWorker(s.url(path))).text();
      expect(executable(html), path).toEqual([]);
    }
  });

  it("author names with markup are refused by validation", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const res = await fetchWorker(s.url("/api/admin/archives/"), {
      method: "POST",
      headers: s.auth,
      body: articleForm(issue, { authorname: `<img src=x onerror=alert(1)>` }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).fields.authorname).toBe("Author name must contain only alphabets, spaces, commas, and periods");
  });

  it("every editor field through the API, then the editorial board page", async () => {
    const s = await makeAdminSession({ settings: { show_editor_contacts: true } });
    const form = new FormData();
    for (const field of ["name", "post", "degree", "content", "email", "phone", "country"]) form.set(field, XSS);
    form.set("category", "chief editor");
    form.set("editor_website", "javascript:alert('x9')");
    const refused = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form });
    expect(refused.status).toBe(400);
    expect((await json(refused)).fields.editor_website).toMatch(/http/);
    form.set("editor_website", "https://example.org/profile");
    const created = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form });
    expect(created.status).toBe(201);
    const html = await (await fetchWorker(s.url("/board"))).text();
    expect(html).toContain("Hostile");
    expect(executable(html)).toEqual([]);
  });

  it("every setting, including the formatted journal name and home content", async () => {
    const s = await makeAdminSession();
    // Every free-text setting (the domain is the primary host, not text: test/workers/stable-identities.test.ts).
    const fields = [
      "websitename", "formatted_journal_name", "websiteemail", "whatsup_number", "issn", "journal_essn",
      "year_started", "journal_frequency", "journal_type", "journal_language", "nassScore", "nassScoreYear",
      "impactfactor", "fee_rupee", "fee_dollar", "home_content", "publisher_name", "publisher_address", "phone",
    ];
    const res = await fetchWorker(s.url("/api/settings"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify(Object.fromEntries(fields.map((f) => [f, XSS]))),
    });
    expect(res.status).toBe(200);
    for (const path of ["/", "/board", "/instructions", "/contact", "/indexing", "/archives", "/privacy-policy", "/no-such-page"]) {
      const html = await (await fetchWorker(s.url(path))).text();
      expect(executable(html), path).toEqual([]);
    }
  });
});

describe("hostile uploads", () => {
  it("stores a PNG named .jpg as what it is, under a server-built name", async () => {
    const s = await makeAdminSession();
    const png = rgbaPng(10, 10);
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: "associate editor", post: "Professor", name: "Pic Test", content: "Uni" })) form.set(k, v);
    form.set("imgFile", new File([png as BlobPart], '../../"evil\nname.jpg', { type: "image/jpeg" }));
    const res = await fetchWorker(s.url("/api/editors"), { method: "POST", headers: s.auth, body: form });
    expect(res.status).toBe(201);
    const editor = await json(res);
    expect(editor.picture).toMatch(/^editor-[0-9a-f-]+\.png$/);
    const keys = (await env.FILES.list({ prefix: `journals/${s.id}/` })).objects.map((o) => o.key);
    expect(keys).toEqual([`journals/${s.id}/editors/${editor.picture}`]);
    const served = await fetchWorker(s.url(editor.picture_url));
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("content-security-policy")).toBe("sandbox");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("ignores the client's PDF file name (../, quotes, newlines) and serves a safe Content-Disposition", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 2, issue: 2 });
    const res = await fetchWorker(s.url("/api/admin/archives/"), {
      method: "POST",
      headers: s.auth,
      // How browsers send such a name: quotes and newlines percent-escaped.
      body: articleForm(issue, { refnumber: "4040" }, pdfBytes(), "../../../etc/%22passwd%0D%0A.pdf"),
    });
    expect(res.status).toBe(201);
    // A raw CR/LF inside the multipart header is malformed: refused, nothing written.
    const raw = await fetchWorker(s.url("/api/admin/archives/"), {
      method: "POST",
      headers: s.auth,
      body: articleForm(issue, { refnumber: "4041", pagenumber: "50-60" }, pdfBytes(), '../x"\r\nContent-Type: text/html\r\n.pdf'),
    });
    expect(raw.status).toBe(400);
    const keys = (await env.FILES.list({ prefix: `journals/${s.id}/` })).objects.map((o) => o.key);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(new RegExp(`^journals/${s.id}/archives/2025/vol2issue2/4040-[0-9a-f-]+\\.pdf$`));
    const pdf = await fetchWorker(s.url("/assets/archives/2025/vol2issue2/4040.pdf"));
    expect(pdf.headers.get("content-disposition")).toBe('inline; filename="4040.pdf"');
    expect((await fetchWorker(s.url("/assets/archives/2025/vol2issue2/..%2F..%2Fsecret.pdf"))).status).toBe(404);
    expect((await fetchWorker(s.url("/assets/editors/..%2F..%2Fjournals"))).status).toBe(404);
  });
});

describe("hostile tokens and sessions", () => {
  it("refuses HS/RS algorithm confusion", async () => {
    const s = await makeAdminSession();
    const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    const now = Math.floor(Date.now() / 1000);
    const claims = { iss: TOKEN_ISSUER, aud: audienceFor(s.id), sub: String(s.user.id), iat: now, exp: now + 3600 };
    // An "RS256" token whose signature is an HMAC with the shared secret: a classic confusion attack.
    const header = b64({ alg: "RS256", typ: "JWT" });
    const payload = b64(claims);
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(env.JWT_SECRET), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const sig = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${header}.${payload}`)));
    const forged = `${header}.${payload}.${btoa(String.fromCharCode(...sig)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}`;
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: { authorization: `Bearer ${forged}` } })).status).toBe(401);
    const hs512 = await new SignJWT({}).setProtectedHeader({ alg: "HS512" }).setIssuer(TOKEN_ISSUER).setAudience(audienceFor(s.id)).setSubject(String(s.user.id)).setIssuedAt().setExpirationTime("1h").sign(new TextEncoder().encode(env.JWT_SECRET));
    expect((await fetchWorker(s.url("/auth/verify-token/"), { headers: { authorization: `Bearer ${hs512}` } })).status).toBe(401);
  });

  it("answers 20 wrong passwords with 429 once the limit is reached", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "brute", password: "the real password" });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await fetchWorker(j.url("/auth/login/"), {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": "192.0.2.99" },
        body: JSON.stringify({ username: "brute", password: `guess-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it("another journal's ids in admin API calls get 404 and change nothing", async () => {
    const a = await makeAdminSession();
    const b = await makeAdminSession();
    const issueA = await makeIssue(a.id, { year: 2025, volume: 3, issue: 3 });
    const created = await json(await fetchWorker(a.url("/api/admin/archives/"), { method: "POST", headers: a.auth, body: articleForm(issueA) }));
    const editorForm = new FormData();
    for (const [k, v] of Object.entries({ category: "associate editor", post: "Professor", name: "A's editor", content: "Uni" })) editorForm.set(k, v);
    const editor = await json(await fetchWorker(a.url("/api/editors"), { method: "POST", headers: a.auth, body: editorForm }));
    const calls: [string, RequestInit][] = [
      [`/api/archives/${created.id}`, { method: "POST", headers: b.auth, body: articleForm(issueA, { title: "pwned" }, null) }],
      [`/api/admin/articles/${created.id}`, { headers: b.auth }],
      [`/api/editors/${editor.id}`, { headers: b.auth }],
      [`/api/editors/${editor.id}`, { method: "POST", headers: b.auth, body: (() => { const f = new FormData(); f.set("status", "disabled"); return f; })() }],
    ];
    for (const [path, init] of calls) expect((await fetchWorker(b.url(path), init)).status, path).toBe(404);
    // B's issue list, search and pinning never reach A's rows.
    expect(await json(await fetchWorker(b.url("/api/admin/archives/2025/3/3"), { headers: b.auth }))).toEqual([]);
    expect(await json(await fetchWorker(b.url(`/api/admin/search?q=${created.refnumber}`), { headers: b.auth }))).toEqual([]);
    const pin = await json(await fetchWorker(b.url("/api/editors/pin"), { method: "POST", headers: { ...b.auth, "content-type": "application/json" }, body: JSON.stringify({ ids: [editor.id] }) }));
    expect(pin.changed).toBe(0);
    const after = await json(await fetchWorker(a.url(`/api/editors/${editor.id}`), { headers: a.auth }));
    expect([after.status, after.is_pinned]).toEqual(["enabled", 0]);
    expect((await json(await fetchWorker(a.url(`/api/admin/articles/${created.id}`), { headers: a.auth }))).title).toBe(created.title);
  });
});

describe("hostile queries and bodies", () => {
  it("search strings of 10 KB, SQL and FTS syntax never error", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const { makeArticle } = await import("../factories");
    await makeArticle(j.id, issue, { title: "Rice blast resistance" });
    for (const q of ["x".repeat(10_240), "' OR 1=1 --", '"; DROP TABLE articles; --', "rice NEAR/2 blast", "title:rice", "(((", "*", "%_%", "\u0000\u0001"]) {
      for (const path of [`/search?keyword=${encodeURIComponent(q)}`, `/api/search?keyword=${encodeURIComponent(q)}`]) {
        const res = await fetchWorker(j.url(path));
        expect(res.status, `${path.slice(0, 40)}`).toBe(200);
      }
    }
  });

  it("malformed JSON and multipart bodies get a clear 400", async () => {
    const s = await makeAdminSession();
    const jsonCalls = ["/api/settings", "/api/editors/pin", "/api/admin/create-issue"];
    for (const path of jsonCalls) {
      const res = await fetchWorker(s.url(path), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: '{"a":' });
      expect(res.status, path).toBe(400);
      expect(await json(res), path).toEqual({ error: "malformed_json" });
    }
    for (const path of ["/api/editors", "/api/admin/archives/"]) {
      const res = await fetchWorker(s.url(path), {
        method: "POST",
        headers: { ...s.auth, "content-type": "multipart/form-data; boundary=zzz" },
        body: "--zzz\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nno end",
      });
      expect(res.status, path).toBe(400);
      expect(await json(res), path).toEqual({ error: "malformed_multipart" });
    }
  });

  it("bulk selections of 10,000 ids get a clear 400", async () => {
    const s = await makeAdminSession();
    const res = await fetchWorker(s.url("/api/editors/pin"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify({ ids: Array.from({ length: 10_000 }, (_, i) => i + 1) }),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toMatch(/at most/);
    // The document bulk actions too, with refnumbers as the admin sends them (strings).
    const refs = Array.from({ length: 10_000 }, (_, i) => String(480000 + i));
    for (const [path, body] of [
      ["/api/pdf/indexpage", { refnumbers: refs }],
      ["/api/pdf/bulkcertificates", { refnumbers: refs }],
      ["/api/pdf/editorscertificate", { ids: Array.from({ length: 10_000 }, (_, i) => i + 1) }],
    ] as const) {
      const bulk = await fetchWorker(s.url(path), { method: "POST", headers: { ...s.auth, "content-type": "application/json" }, body: JSON.stringify(body) });
      expect(bulk.status, path).toBe(400);
      expect(await json(bulk), path).toMatchObject({ error: "too_many", message: expect.stringMatching(/^Select at most 200 /) });
    }
  });

  it("an unknown host gets 404, never a default journal and never another host's cached page", async () => {
    const j = await makeJournal({ settings: { websitename: "Only On My Host" } });
    await (await fetchWorker(j.url("/"))).text();
    await (await fetchWorker(j.url("/"))).text();
    const res = await fetchWorker("https://stranger.example/", { headers: { host: "stranger.example" } });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-edge-cache")).toBeNull();
    expect(await res.text()).not.toContain("Only On My Host");
    const api = await fetchWorker("https://stranger.example/api/archives/", { headers: { host: "stranger.example" } });
    expect(api.status).toBe(404);
  });
});

describe("malformed input answers 400, never 500", () => {
  const BAD = ["%E0%A4%A", "%ZZ", "%", "%C0%AF", "%ED%A0%80"];

  it("malformed percent-encoding in page, file, API and admin paths: a 400 page or JSON error (or 404), never 500", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 3, issue: 1 });
    const { makeArticle } = await import("../factories");
    const a = await makeArticle(s.id, issue);
    for (const bad of BAD) {
      for (const path of [
        `/authors/${bad}`,
        `/archives/2025/3/1/${bad}`,
        `/archives/2025/${bad}/1`,
        `/archives/2025/vol3issue1/${bad}`,
        `/archives/2025/3/1/${bad}.pdf`,
        `/assets/archives/2025/vol3issue1/${bad}`,
        `/assets/editors/${bad}`,
        `/assets/logo/${bad}`,
        `/verify/${bad}`,
        `/${bad}`,
        `/api/archives/${bad}`,
        `/api/cite/${bad}`,
        `/api/pdf/certificate/${a.refnumber}/${bad}`,
        `/api/pdf/coverpage/${bad}`,
        `/journals/logos/1/${bad}`,
      ]) {
        const res = await fetchWorker(s.url(path));
        await res.arrayBuffer();
        expect([400, 404], path).toContain(res.status);
      }
      for (const path of [`/admin/archives/${bad}`, `/admin/editors/${bad}`, `/api/editors/${bad}`, `/api/admin/articles/${bad}`, `/admin/files/articles/${bad}`]) {
        const res = await fetchWorker(s.url(path), { headers: { ...s.auth, cookie: `journal_session=${s.token}` } });
        await res.arrayBuffer();
        expect([400, 404], path).toContain(res.status);
      }
    }
  });

  it("malformed percent-encoding in query strings is read as text, never a 500", async () => {
    const s = await makeAdminSession();
    for (const bad of BAD) {
      for (const path of [`/search?keyword=${bad}`, `/api/search?keyword=${bad}`, `/pdf?refno=${bad}`, `/oai?verb=ListRecords&metadataPrefix=oai_dc&from=${bad}`, `/admin/search?q=${bad}`, `/?${bad}=${bad}`, `/admin/login?next=${bad}`, `/api/admin/issues?year=${bad}`]) {
        const res = await fetchWorker(s.url(path), { headers: { cookie: `journal_session=${s.token}` } });
        await res.arrayBuffer();
        expect(res.status, path).toBeLessThan(500);
      }
    }
  });

  it("multipart without a boundary: 400 on every form and API call that takes one", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const headers = { ...s.auth, cookie: `journal_session=${s.token}`, "content-type": "multipart/form-data" };
    const body = "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--\r\n";
    for (const path of ["/api/editors", "/api/admin/archives/", "/api/settings/logo"]) {
      const res = await fetchWorker(s.url(path), { method: "POST", headers, body });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toEqual({ error: "malformed_multipart" });
    }
    // The sign-in form takes only its own content type (415 before reading: another site's form cannot post to it).
    const login = await fetchWorker(s.url("/admin/login"), { method: "POST", headers: { "content-type": "multipart/form-data", origin: `https://${s.host}` }, body, redirect: "manual" });
    expect(login.status).toBe(415);
    expect(await login.text()).toContain(LOGIN_DETAIL.unsupported_media_type);
    const editorForm = await fetchWorker(s.url("/admin/editors/add"), { method: "POST", headers, body, redirect: "manual" });
    expect(editorForm.status).toBe(400);
    expect(await editorForm.text()).toContain("The form could not be read. Please try again.");
    const archives = await fetchWorker(s.url("/admin/archives"), { method: "POST", headers, body, redirect: "manual" });
    expect(archives.status).toBe(400);
    expect(await archives.text()).toContain(BAD_REQUEST.text);
    for (const path of ["/admin/archives", "/admin/editors", "/admin/editors/add", "/admin/settings", `/admin/archives/add/${issue.year}/${issue.volume}/${issue.issue}`, `/admin/archives/${issue.year}/${issue.volume}/${issue.issue}`]) {
      const res = await fetchWorker(s.url(path), { method: "POST", headers, body, redirect: "manual" });
      expect(res.status, path).toBe(400);
      await res.arrayBuffer();
    }
  });

  it("JSON with a byte-order mark is accepted like JSON without one", async () => {
    const j = await makeJournal();
    await makeUser(j.id, { username: "bom", password: "a long staff password" });
    const res = await fetchWorker(j.url("/auth/login/"), {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "203.0.113.90" },
      body: "\uFEFF" + JSON.stringify({ username: "bom", password: "a long staff password" }),
    });
    expect(res.status).toBe(200);
    const s = await makeAdminSession();
    const issue = await fetchWorker(s.url("/api/admin/create-issue"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(JSON.stringify({ volume: 4, issue: 1, frequency: "January" }))]),
    });
    expect(issue.status).toBe(201);
  });
});

describe("security headers", () => {
  it("sets CSP with a nonce, nosniff, referrer policy and frame protection on pages, API and files", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 1 });
    const form = articleForm(issue, { refnumber: "7701" });
    expect((await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: form })).status).toBe(201);
    const page = await fetchWorker(s.url("/"));
    const csp = page.headers.get("content-security-policy") ?? "";
    const directive = (name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";
    expect(directive("script-src")).toMatch(/^script-src 'self' 'nonce-[a-f0-9]{32}'$/);
    expect(directive("script-src")).not.toContain("unsafe-inline");
    expect(directive("object-src")).toBe("object-src 'none'");
    expect(directive("base-uri")).toBe("base-uri 'none'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    const file = await fetchWorker(s.url("/assets/archives/2025/vol7issue1/7701.pdf"));
    expect(file.status).toBe(200);
    for (const res of [page, await fetchWorker(s.url("/api/archives/")), await fetchWorker(s.url("/robots.txt")), file]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
    }
    expect((await fetchWorker(s.url("/api/archives/"))).headers.get("content-security-policy")).toContain("default-src 'none'");
    // An uploaded file can never run as a page of this site.
    expect(file.headers.get("content-security-policy")).toContain("sandbox");
    expect(file.headers.get("content-disposition")).toBe('inline; filename="7701.pdf"');
  });

  it("sends HSTS (1 year, subdomains) over https and never over plain http", async () => {
    const j = await makeJournal();
    const secure = await fetchWorker(j.url("/"));
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    expect((await fetchWorker(j.url("/api/archives/"))).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const plain = await fetchWorker(j.url("/").replace(/^https:/, "http:"));
    expect(plain.status).toBe(200);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
  });
});
