import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEPOSIT_ARTICLE_PROBLEMS as A, DEPOSIT_JOURNAL_PROBLEMS as J, DEPOSIT_REFUSED } from "../../app/schemas/messages";
import { unique, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeIssue, makeJournal } from "../factories";

/**
 * The Crossref and DOAJ files and JATS as the Worker serves them: permissions,
 * journal scoping, the list of what is missing, file names, primary-host URLs, OAI-PMH's jats
 * format. Validity against the official XSDs is checked in Node (test/e2e/indexes-xsd.test.ts).
 */

type Json = Record<string, any>;
type Session = Awaited<ReturnType<typeof makeAdminSession>>;
const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });

const READY = {
  doi_prefix: "10.55555",
  doi_depositor_name: "Test Press",
  doi_depositor_email: "doi@press.example",
  doi_registrant: "Test Press",
  issn: "2583-1111",
  journal_essn: "2583-222x",
  publisher_name: "Test Press",
};

function post(s: Session, path: string, body: unknown, headers: Record<string, string> = s.auth) {
  return fetchWorker(s.url(path), { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function issueWithDois(s: Session, volume: number) {
  const issue = await makeIssue(s.id, { year: 2025, volume, issue: 2 });
  const a = await makeArticle(s.id, issue, { refnumber: `${volume}0001`, txnid: `T${volume}1`, pagenumber: "1-6", title: `Yield of <i>Oryza sativa</i> &amp; rain, trial ${volume}` });
  const b = await makeArticle(s.id, issue, { refnumber: `${volume}0002`, txnid: `T${volume}2`, pagenumber: "7-12", authorname: "राजेश कुमार, José Martínez", title: `Soil carbon, trial ${volume}` });
  for (const x of [a, b]) await env.DB.prepare("update articles set doi = ? where id = ?").bind(`10.55555/t.${x.refnumber}`, x.id).run();
  return { issue, a, b };
}

describe("Crossref file", () => {
  it("needs a staff token for GET and POST", async () => {
    const s = await makeAdminSession({ settings: READY });
    const { a } = await issueWithDois(s, 301);
    expect((await fetchWorker(s.url("/api/export/crossref/2025/301/2"))).status).toBe(401);
    expect((await post(s, "/api/export/crossref", { refnumbers: [a.refnumber] }, {})).status).toBe(401);
    expect((await post(s, "/api/export/doaj", { refnumbers: [a.refnumber] }, {})).status).toBe(401);
    expect((await fetchWorker(s.url("/api/export/doaj/2025/301/2"))).status).toBe(401);
  });

  it("POST with the selection: crossref-{year}-v{vol}-i{issue}.xml naming the primary host, <i> in titles", async () => {
    const alias = `${unique("alias")}.test`;
    const s = await makeAdminSession({ settings: READY, aliases: [alias] });
    const { a, b } = await issueWithDois(s, 302);
    // Asked on an alias: every URL in the file still names the primary host.
    const res = await fetchWorker(`https://${alias}/api/export/crossref`, {
      method: "POST",
      headers: { ...s.auth, "content-type": "application/json" },
      body: JSON.stringify({ refnumbers: [b.refnumber, a.refnumber] }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="crossref-2025-v302-i2.xml"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<doi_batch xmlns="http:\/\/www.crossref.org\/schema\/5.3.1"/);
    expect(xml).toContain("<title>Yield of <i>Oryza sativa</i> &amp; rain, trial 302</title>");
    expect(xml).toContain(`<resource>https://${s.host}/archives/2025/302/2/${a.refnumber}</resource>`);
    expect(xml).toContain(`<resource mime_type="application/pdf">https://${s.host}/archives/2025/302/2/${a.refnumber}.pdf</resource>`);
    expect(xml).not.toContain(alias);
    expect(xml).toContain("<depositor><depositor_name>Test Press</depositor_name><email_address>doi@press.example</email_address></depositor>");
    expect(xml).toContain(`<issn media_type="print">2583-1111</issn><issn media_type="electronic">2583-222X</issn>`);
    // Byline order, first author marked first, given then surname, honorific dropped.
    expect(xml).toContain(`<person_name sequence="first" contributor_role="author"><given_name>Anjali</given_name><surname>Sharma</surname></person_name>`);
    expect(xml).toContain(`<person_name sequence="first" contributor_role="author"><given_name>राजेश</given_name><surname>कुमार</surname></person_name>`);
    // Page order, whatever order the selection came in.
    expect(xml.indexOf(`t.${a.refnumber}`)).toBeLessThan(xml.indexOf(`t.${b.refnumber}`));
  });

  it("GET: the issue's published articles only", async () => {
    const s = await makeAdminSession({ settings: READY });
    const { a, b } = await issueWithDois(s, 303);
    await env.DB.prepare("update articles set status = 'disabled' where id = ?").bind(b.id).run();
    const res = await fetchWorker(s.url("/api/export/crossref/2025/303/2"), { headers: s.auth });
    expect(res.status).toBe(200);
    const xml = await res.text();
    expect(xml).toContain(`t.${a.refnumber}`);
    expect(xml).not.toContain(`t.${b.refnumber}`);
    expect((await fetchWorker(s.url("/api/export/crossref/2025/999/2"), { headers: s.auth })).status).toBe(404);
  });

  it("400 with each article and what it lacks; no file until fixed", async () => {
    const s = await makeAdminSession({ settings: { ...READY, doi_registrant: "" } });
    const { a, b } = await issueWithDois(s, 304);
    await env.DB.prepare("update articles set doi = '', pagenumber = '', first_page = 0, last_page = 0 where id = ?").bind(a.id).run();
    await env.DB.prepare("update articles set doi = '10.9999/elsewhere', status = 'disabled', publishdate = '' where id = ?").bind(b.id).run();
    const res = await post(s, "/api/export/crossref", { refnumbers: [a.refnumber, b.refnumber] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "incomplete_metadata",
      message: DEPOSIT_REFUSED.crossref,
      journal: [J.noRegistrant],
      articles: [
        { refnumber: a.refnumber, title: "Yield of Oryza sativa & rain, trial 304", missing: [A.noDoi, A.noPages] },
        { refnumber: b.refnumber, title: "Soil carbon, trial 304", missing: [A.disabled, A.noDate, A.foreignDoi("10.9999/elsewhere", "10.55555")] },
      ],
    });
  });

  it("one issue per file; another journal's articles are 404", async () => {
    const s = await makeAdminSession({ settings: READY });
    const first = await issueWithDois(s, 305);
    const second = await issueWithDois(s, 306);
    const mixed = await post(s, "/api/export/crossref", { refnumbers: [first.a.refnumber, second.a.refnumber] });
    expect(mixed.status).toBe(400);
    expect(((await mixed.json()) as Json).error).toBe("mixed_issues");
    const other = await makeJournal();
    const theirs = await makeArticle(other.id, await makeIssue(other.id, { volume: 305, issue: 2 }), { refnumber: "3059999", txnid: "T3059999" });
    const res = await post(s, "/api/export/crossref", { refnumbers: [first.a.refnumber, theirs.refnumber] });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found", message: "Unknown reference number(s): 3059999", missing: ["3059999"] });
    expect((await post(s, "/api/export/doaj", { refnumbers: [theirs.refnumber] })).status).toBe(404);
  });

  it("is a read: downloading does not make the journal's cached pages stale", async () => {
    const s = await makeAdminSession({ settings: READY, publicHost: true });
    const { a } = await issueWithDois(s, 307);
    const version = async () => (await env.DB.prepare("select version from journals where id = ?").bind(s.id).first<{ version: number }>())!.version;
    const before = await version();
    expect((await post(s, "/api/export/crossref", { refnumbers: [a.refnumber] })).status).toBe(200);
    expect((await post(s, "/api/export/doaj", { refnumbers: [a.refnumber] })).status).toBe(200);
    expect(await version()).toBe(before);
  });
});

describe("DOAJ file", () => {
  it("refuses links on a reserved host name: *.test, *.localhost, IP addresses", async () => {
    const s = await makeAdminSession({ settings: READY });
    const { a } = await issueWithDois(s, 310);
    const res = await post(s, "/api/export/doaj", { refnumbers: [a.refnumber] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).journal).toEqual([J.host(`https://${s.host}`)]);
  });

  it("plain-text titles, ISO 639-2/B language, doaj-{year}-v{vol}-i{issue}.xml", async () => {
    // DOAJ's links need the journal's public domain name (not a reserved one such as *.test).
    const s = await makeAdminSession({ settings: { ...READY, journal_language: "Marathi" }, publicHost: true });
    const { a } = await issueWithDois(s, 311);
    const res = await post(s, "/api/export/doaj", { refnumbers: [a.refnumber] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="doaj-2025-v311-i2.xml"`);
    const xml = await res.text();
    expect(xml).toContain("<language>mar</language>");
    expect(xml).toContain(`<title language="mar">Yield of Oryza sativa &amp; rain, trial 311</title>`);
    expect(xml).toContain(`<fullTextUrl format="pdf">https://${s.host}/archives/2025/311/2/${a.refnumber}.pdf</fullTextUrl>`);
    expect(xml).toContain("<authors><author><name>Anjali Sharma</name></author><author><name>Rahul Verma</name></author></authors>");
  });

  it("needs an ISSN and a PDF, but neither a DOI nor pages", async () => {
    const s = await makeAdminSession({ settings: { ...READY, issn: "", journal_essn: "" }, publicHost: true });
    const { a, b } = await issueWithDois(s, 312);
    await env.DB.prepare("update articles set doi = '', pagenumber = '' where id = ?").bind(a.id).run();
    await env.DB.prepare("update articles set file = '' where id = ?").bind(b.id).run();
    const res = await post(s, "/api/export/doaj", { refnumbers: [a.refnumber, b.refnumber] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Json;
    expect(body.message).toBe(DEPOSIT_REFUSED.doaj);
    expect(body.journal).toEqual([J.noIssn]);
    expect(body.articles).toEqual([{ refnumber: b.refnumber, title: "Soil carbon, trial 312", missing: [A.noPdf] }]);
  });
});

describe("JATS", () => {
  it("/archives/{y}/{v}/{i}/{ref}.jats.xml: published articles of that issue, for anyone", async () => {
    const s = await makeAdminSession({ settings: READY });
    const { a, b } = await issueWithDois(s, 321);
    const res = await fetchWorker(s.url(`/archives/2025/321/2/${a.refnumber}.jats.xml`));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(xml).toContain(`<article xmlns:xlink="http://www.w3.org/1999/xlink"`);
    expect(xml).toContain("<article-title>Yield of <italic>Oryza sativa</italic> &amp; rain, trial 321</article-title>");
    expect(xml).toContain(`<article-id pub-id-type="doi">10.55555/t.${a.refnumber}</article-id>`);
    expect(xml).toContain(`<self-uri xlink:href="https://${s.host}/archives/2025/321/2/${a.refnumber}"/>`);
    // A URL naming another issue (an old one: the article moved, or its issue was corrected) leads
    // to the article's own; a ref number no published article has is 404.
    const elsewhere = await fetchWorker(s.url(`/archives/2025/321/9/${a.refnumber}.jats.xml`), { redirect: "manual" });
    expect(elsewhere.status).toBe(301);
    expect(elsewhere.headers.get("location")).toBe(`https://${s.host}/archives/2025/321/2/${a.refnumber}.jats.xml`);
    expect((await fetchWorker(s.url(`/archives/2025/321/2/999999999.jats.xml`))).status).toBe(404);
    await env.DB.prepare("update articles set status = 'disabled' where id = ?").bind(b.id).run();
    expect((await fetchWorker(s.url(`/archives/2025/321/2/${b.refnumber}.jats.xml`))).status).toBe(404);
    // The article page and its PDF path are untouched by the new route.
    expect((await fetchWorker(s.url(`/archives/2025/321/2/${a.refnumber}`))).status).toBe(200);
  });

  it("GET /api/export/jats/{ref}: public for published articles, staff see any", async () => {
    const s = await makeAdminSession({ settings: READY });
    const { a, b } = await issueWithDois(s, 322);
    await env.DB.prepare("update articles set status = 'disabled' where id = ?").bind(b.id).run();
    expect((await fetchWorker(s.url(`/api/export/jats/${a.refnumber}`))).status).toBe(200);
    expect((await fetchWorker(s.url(`/api/export/jats/${b.refnumber}`))).status).toBe(404);
    const staff = await fetchWorker(s.url(`/api/export/jats/${b.refnumber}`), { headers: s.auth });
    expect(staff.status).toBe(200);
    expect(await staff.text()).toContain(`<article-id pub-id-type="publisher-id">${b.refnumber}</article-id>`);
    const other = await makeJournal({ settings: READY });
    expect((await fetchWorker(other.url(`/api/export/jats/${a.refnumber}`))).status).toBe(404);
  });

  it("a journal without an ISSN has no JATS (the tag set requires one)", async () => {
    const s = await makeAdminSession({ settings: { ...READY, issn: "", journal_essn: "" } });
    const { a } = await issueWithDois(s, 323);
    const res = await fetchWorker(s.url(`/archives/2025/323/2/${a.refnumber}.jats.xml`));
    expect(res.status).toBe(404);
    expect(((await res.json()) as Json).error).toBe("jats_unavailable");
  });
});

describe("OAI-PMH jats", () => {
  const oai = (s: { url(p: string): string }, q: string) => fetchWorker(s.url(`/oai?${q}`)).then((r) => r.text());

  it("is offered beside oai_dc and served by GetRecord and ListRecords", async () => {
    const s = await makeAdminSession({ settings: READY });
    const { a } = await issueWithDois(s, 331);
    const formats = await oai(s, "verb=ListMetadataFormats");
    expect([...formats.matchAll(/<metadataPrefix>([^<]+)</g)].map((m) => m[1])).toEqual(["oai_dc", "jats"]);
    const id = encodeURIComponent(`oai:${s.host}:article/${a.id}`);
    const record = await oai(s, `verb=GetRecord&metadataPrefix=jats&identifier=${id}`);
    // JATS in the namespace ListMetadataFormats announces for it (OAI-PMH admits no other).
    expect(formats).toContain("<metadataPrefix>jats</metadataPrefix><schema>https://jats.nlm.nih.gov/publishing/1.3/xsd/JATS-journalpublishing1-3-mathml3.xsd</schema><metadataNamespace>https://jats.nlm.nih.gov/ns/publishing/1.3/</metadataNamespace>");
    expect(record).toContain('<metadata><article xmlns="https://jats.nlm.nih.gov/ns/publishing/1.3/" ');
    expect(record).toContain("<article-title>Yield of <italic>Oryza sativa</italic> &amp; rain, trial 331</article-title>");
    const list = await oai(s, "verb=ListRecords&metadataPrefix=jats");
    expect((list.match(/<article /g) ?? []).length).toBe(2);
    const ids = await oai(s, "verb=ListIdentifiers&metadataPrefix=jats");
    expect((ids.match(/<header>/g) ?? []).length).toBe(2);
  });

  it("is not offered without an ISSN: cannotDisseminateFormat", async () => {
    const s = await makeAdminSession({ settings: { ...READY, issn: "", journal_essn: "" } });
    await issueWithDois(s, 332);
    expect(await oai(s, "verb=ListMetadataFormats")).not.toContain("<metadataPrefix>jats<");
    expect(await oai(s, "verb=ListRecords&metadataPrefix=jats")).toContain(`<error code="cannotDisseminateFormat">`);
  });
});
