/**
 * One PDF URL in every link, export, tag and feed (the stored-file form
 * names it as canonical and counts too); both ISSNs and ISO language codes in Scholar tags;
 * feed authors without titles; OAI-PMH subjects once, one spelling per identifier, and the
 * oai-identifier description; author pages with one canonical URL.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWorker, makeArticle, makeIssue, makeJournal } from "../factories";

function metas(html: string, key: string): string[] {
  const out: string[] = [];
  for (const m of html.slice(0, html.indexOf("</head>")).matchAll(/<meta\s+([^>]*)\/?>/g)) {
    const k = /(?:name|property)="([^"]*)"/.exec(m[1])?.[1];
    const content = /content="([^"]*)"/.exec(m[1])?.[1];
    if (k === key && content !== undefined) out.push(content.replace(/&amp;/g, "&"));
  }
  return out;
}

async function published() {
  const j = await makeJournal({
    settings: { websitename: "Metadata Journal", issn: "1111-2222", journal_essn: "3333-4444", publisher_name: "Meta Press", journal_language: "English" },
  });
  const issue = await makeIssue(j.id, { year: 2025, volume: 8, issue: 2 });
  const a = await makeArticle(j.id, issue, {
    title: "Yield of <i>Triticum aestivum</i> L.",
    authorname: "Dr. Anjali Sharma, Prof. Jan van der Berg",
    keywords: "Agronomy, wheat, yield",
    subject: "Agronomy",
    pagenumber: "3-9",
  }, { pdf: new TextEncoder().encode("%PDF-1.4 metadata") });
  return { j, a, page: j.url(`/archives/2025/8/2/${a.refnumber}`), pdf: j.url(`/archives/2025/8/2/${a.refnumber}.pdf`) };
}

describe("one URL per PDF", () => {
  it("every link, tag, export, feed and OAI record names the PDF beside the abstract page", async () => {
    const { j, a, page, pdf } = await published();
    const html = await (await fetchWorker(page)).text();
    const path = `/archives/2025/8/2/${a.refnumber}.pdf`;
    expect(metas(html, "citation_pdf_url")).toEqual([pdf]);
    // Visible links (Download, View PDF) and JSON-LD.
    const body = html.slice(html.indexOf("<body"));
    expect(body).toContain(`href="${path}" download=`);
    expect(body).toContain(`href="${path}" target="_blank"`);
    expect(body).not.toContain("/assets/archives/");
    expect(html).toContain(`"contentUrl":"${pdf}"`);
    // The issue page's table.
    const issuePage = await (await fetchWorker(j.url("/archives/2025/vol8/issue2"))).text();
    expect(issuePage).toContain(`href="${path}"`);
    expect(issuePage).not.toContain("/assets/archives/");
    // Exports, feed, OAI-PMH, JSON API.
    expect(await (await fetchWorker(j.url(`/api/cite/${a.refnumber}.ris`))).text()).toContain(`L1  - ${pdf}\r\n`);
    expect(await (await fetchWorker(j.url("/feed.xml"))).text()).toContain(`<link rel="enclosure" type="application/pdf" href="${pdf}"/>`);
    const oai = await (await fetchWorker(j.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.host}:article/${a.id}`))).text();
    expect(oai).toContain(`<dc:relation>${pdf}</dc:relation>`);
    expect(oai).not.toContain("/assets/archives/");
  });

  it("the stored-file form names the canonical URL, and downloads by either form count", async () => {
    const { j, a, pdf } = await published();
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" };
    const old = await fetchWorker(j.url(`/assets/archives/2025/vol8issue2/${a.file}`), { headers: browser });
    expect(old.status).toBe(200);
    expect(old.headers.get("link")).toBe(`<${pdf}>; rel="canonical"`);
    expect(await old.text()).toBe("%PDF-1.4 metadata");
    const canonical = await fetchWorker(pdf, { headers: browser });
    expect(canonical.status).toBe(200);
    expect(canonical.headers.get("link")).toBeNull();
    await canonical.arrayBuffer();
    await new Promise((r) => setTimeout(r, 50));
    const row = await env.DB.prepare("select downloads from article_stats where article_id = ?").bind(a.id).first<{ downloads: number }>();
    expect(row?.downloads).toBe(2);
  });
});

describe("metadata", () => {
  it("gives both ISSNs and the ISO 639-1 language in the Scholar tags", async () => {
    const { page } = await published();
    const html = await (await fetchWorker(page)).text();
    expect(metas(html, "citation_issn")).toEqual(["1111-2222", "3333-4444"]);
    expect(metas(html, "citation_language")).toEqual(["en"]);
  });

  it("drops titles from feed authors", async () => {
    const { j } = await published();
    const feed = await (await fetchWorker(j.url("/feed.xml"))).text();
    expect(feed).toContain("<author><name>Anjali Sharma</name></author><author><name>Jan van der Berg</name></author>");
    expect(feed).not.toMatch(/<name>(Dr|Prof)\./);
  });

  it("OAI-PMH: the subject once, identifiers with leading zeros unknown, Identify describes the identifiers", async () => {
    const { j, a } = await published();
    const id = `oai:${j.host}:article/${a.id}`;
    const rec = await (await fetchWorker(j.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${id}`))).text();
    expect([...rec.matchAll(/<dc:subject>([^<]*)<\/dc:subject>/g)].map((m) => m[1])).toEqual(["Agronomy", "wheat", "yield"]);
    for (const variant of [`oai:${j.host}:article/0${a.id}`, `oai:${j.host}:article/00${a.id}`]) {
      const res = await (await fetchWorker(j.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=${variant}`))).text();
      expect(res).toContain('<error code="idDoesNotExist">');
    }
    const identify = await (await fetchWorker(j.url("/oai?verb=Identify"))).text();
    expect(identify).toContain(
      `<description><oai-identifier xmlns="http://www.openarchives.org/OAI/2.0/oai-identifier" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/oai-identifier http://www.openarchives.org/OAI/2.0/oai-identifier.xsd"><scheme>oai</scheme><repositoryIdentifier>${j.host}</repositoryIdentifier><delimiter>:</delimiter><sampleIdentifier>oai:${j.host}:article/1</sampleIdentifier></oai-identifier></description></Identify>`,
    );
  });

  it("a subject that is not a keyword is still listed", async () => {
    const j = await makeJournal();
    const a = await makeArticle(j.id, await makeIssue(j.id), { keywords: "wheat, yield", subject: "Agronomy" });
    const rec = await (await fetchWorker(j.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${j.host}:article/${a.id}`))).text();
    expect([...rec.matchAll(/<dc:subject>([^<]*)<\/dc:subject>/g)].map((m) => m[1])).toEqual(["wheat", "yield", "Agronomy"]);
  });

  it("author pages: one canonical URL, variants answer 301 to it", async () => {
    const { j } = await published();
    const canonical = "/authors/Jan%20van%20der%20Berg";
    const res = await fetchWorker(j.url(canonical), { redirect: "manual" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`<link rel="canonical" href="${j.url(canonical)}"/>`);
    for (const variant of ["/authors/jan%20van%20der%20berg", "/authors/Prof.%20Jan%20van%20der%20Berg", "/authors/Dr.%20JAN%20VAN%20DER%20BERG", "/authors/Jan%20%20van%20der%20Berg"]) {
      const r = await fetchWorker(j.url(variant), { redirect: "manual" });
      expect(r.status, variant).toBe(301);
      expect(r.headers.get("location"), variant).toBe(canonical);
    }
    expect((await fetchWorker(j.url("/authors/Nobody%20Here"), { redirect: "manual" })).status).toBe(404);
  });
});
