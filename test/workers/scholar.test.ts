import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fetchWorker, insertRawArticleForTest, makeArticle, makeIssue, makeJournal } from "../factories";

function metas(html: string, attr: "name" | "property", key: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<meta\s+([^>]*)\/?>/g)) {
    const attrs = m[1];
    const k = new RegExp(`${attr}="([^"]*)"`).exec(attrs)?.[1];
    const content = /content="([^"]*)"/.exec(attrs)?.[1];
    if (k === key && content !== undefined) out.push(content.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;/g, "'"));
  }
  return out;
}

function head(html: string): string {
  return html.slice(0, html.indexOf("</head>"));
}

/** `legacy`: the article is a row from before today's author rule (see insertRawArticleForTest). */
async function articlePage({ language = "English", legacy = false, ...opts }: { doi?: string; authorname?: string; language?: string; legacy?: boolean } = {}) {
  const j = await makeJournal({
    settings: { websitename: "Scholar Check Journal", issn: "1111-2222", journal_essn: "3333-4444", publisher_name: "Check Press", journal_language: language },
  });
  const issue = await makeIssue(j.id, { year: 2025, volume: 6, issue: 3 });
  const a = await (legacy ? insertRawArticleForTest : makeArticle)(j.id, issue, {
    title: "Salinity tolerance in <i>Oryza sativa</i> landraces",
    authorname: "Dr. Anjali Sharma, José Martínez, राजेश कुमार",
    abstract: "<p>We screened 40 landraces for <b>salinity</b> tolerance.</p>",
    keywords: "rice, salinity, landraces",
    pagenumber: "21-34",
    publishdate: "2025-07-09",
    ...opts,
  });
  if (opts.doi) await env.DB.prepare("update articles set doi = ? where id = ?").bind(opts.doi, a.id).run();
  const url = j.url(`/archives/2025/6/3/${a.refnumber}`);
  const res = await fetchWorker(url);
  return { j, a, url, res, html: await res.text() };
}

describe("Google Scholar inclusion rules on a rendered article page", () => {
  it("meets every rule", async () => {
    const { html, url, a, j } = await articlePage();
    const h = head(html);
    // Both ISSNs, print then electronic, as Google Scholar reads them.
    expect(metas(h, "name", "citation_issn")).toEqual(["1111-2222", "3333-4444"]);
    // One article per page: exactly one title, and one citation_author per author.
    expect(metas(h, "name", "citation_title")).toEqual(["Salinity tolerance in Oryza sativa landraces"]);
    expect(metas(h, "name", "citation_author")).toEqual(["Anjali Sharma", "José Martínez", "राजेश कुमार"]);
    // Dates as YYYY/MM/DD.
    expect(metas(h, "name", "citation_publication_date")).toEqual(["2025/07/09"]);
    for (const [key, value] of [
      ["citation_journal_title", "Scholar Check Journal"],
      ["citation_volume", "6"],
      ["citation_issue", "3"],
      ["citation_firstpage", "21"],
      ["citation_lastpage", "34"],
      ["citation_publisher", "Check Press"],
      ["citation_language", "en"],
      ["citation_keywords", "rice, salinity, landraces"],
      ["citation_abstract_html_url", url],
    ]) {
      expect(metas(h, "name", key), key).toEqual([value]);
    }
    // citation_pdf_url: absolute, in the same folder as the abstract page, and it serves the PDF.
    const [pdfUrl] = metas(h, "name", "citation_pdf_url");
    expect(pdfUrl).toBe(`${url}.pdf`);
    expect(pdfUrl.slice(0, pdfUrl.lastIndexOf("/"))).toBe(url.slice(0, url.lastIndexOf("/")));
    const pdf = await fetchWorker(pdfUrl);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    // The abstract is visible in the body (not only in metadata).
    const body = html.slice(html.indexOf("<body"));
    expect(body).toMatch(/<section id="abstract"[\s\S]*We screened 40 landraces for <b>salinity<\/b> tolerance\./);
    // No DOI set → no citation_doi.
    expect(metas(h, "name", "citation_doi")).toEqual([]);
    // Canonical link.
    expect(h).toContain(`<link rel="canonical" href="${url}"/>`);
  });

  it("adds citation_doi and a DOI link when the article has one", async () => {
    const { html } = await articlePage({ doi: "10.5555/scj.2025.0063" });
    expect(metas(head(html), "name", "citation_doi")).toEqual(["10.5555/scj.2025.0063"]);
    expect(html).toContain('href="https://doi.org/10.5555/scj.2025.0063"');
  });
});

describe("Dublin Core, JSON-LD, Open Graph and Twitter", () => {
  it("emits Dublin Core with an ISO-8601 issue date", async () => {
    const { html, url } = await articlePage();
    const h = head(html);
    expect(metas(h, "name", "DC.title")).toEqual(["Salinity tolerance in Oryza sativa landraces"]);
    // Without the honorific, as citation_author has it.
    expect(metas(h, "name", "DC.creator")).toEqual(["Anjali Sharma", "José Martínez", "राजेश कुमार"]);
    expect(metas(h, "name", "DC.date.issued")).toEqual(["2025-07-09"]);
    expect(metas(h, "name", "DC.identifier")).toEqual([url]);
    expect(metas(h, "name", "DC.source")[0]).toBe("Scholar Check Journal, Vol. 6, Issue 3 (2025), pp. 21-34");
    expect(metas(h, "name", "DC.rights")[0]).toContain("Copyright");
  });

  it("gives the language as ISO 639 codes in DC.language and JSON-LD, as OAI-PMH's dc:language does", async () => {
    const jsonLd = (html: string) => JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    const english = await articlePage();
    expect(metas(head(english.html), "name", "DC.language")).toEqual(["en"]);
    expect(jsonLd(english.html).inLanguage).toBe("en");
    const marathi = await articlePage({ language: "Marathi" });
    expect(metas(head(marathi.html), "name", "DC.language")).toEqual(["mr"]);
    expect(jsonLd(marathi.html).inLanguage).toBe("mr");
    const both = await articlePage({ language: "English & Hindi" });
    expect(metas(head(both.html), "name", "DC.language")).toEqual(["en", "hi"]);
    expect(jsonLd(both.html).inLanguage).toEqual(["en", "hi"]);
    const oai = await (await fetchWorker(both.j.url(`/oai?verb=GetRecord&metadataPrefix=oai_dc&identifier=oai:${both.j.host}:article/${both.a.id}`))).text();
    expect([...oai.matchAll(/<dc:language>([^<]*)<\/dc:language>/g)].map((m) => m[1])).toEqual(["en", "hi"]);
  });

  it("emits schema.org ScholarlyArticle JSON-LD nested in issue, volume and periodical", async () => {
    const { html, url } = await articlePage({ doi: "10.5555/x.1" });
    const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(json).toBeTruthy();
    const ld = JSON.parse(json!);
    expect(ld["@context"]).toBe("https://schema.org");
    expect(ld["@type"]).toBe("ScholarlyArticle");
    expect(ld.name).toBe("Salinity tolerance in Oryza sativa landraces");
    expect(ld.author).toEqual([
      { "@type": "Person", name: "Anjali Sharma", givenName: "Anjali", familyName: "Sharma" },
      { "@type": "Person", name: "José Martínez", givenName: "José", familyName: "Martínez" },
      { "@type": "Person", name: "राजेश कुमार", givenName: "राजेश", familyName: "कुमार" },
    ]);
    expect(ld.datePublished).toBe("2025-07-09");
    expect(ld.pageStart).toBe("21");
    expect(ld.url).toBe(url);
    expect(ld.identifier).toEqual({ "@type": "PropertyValue", propertyID: "DOI", value: "10.5555/x.1" });
    const issue = ld.isPartOf;
    expect(issue).toMatchObject({ "@type": "PublicationIssue", issueNumber: "3" });
    expect(issue.isPartOf).toMatchObject({ "@type": "PublicationVolume", volumeNumber: "6" });
    expect(issue.isPartOf.isPartOf).toMatchObject({ "@type": "Periodical", name: "Scholar Check Journal", issn: ["1111-2222", "3333-4444"] });
  });

  it("names each author the same way in citation_author, DC.creator and JSON-LD, honorifics dropped", async () => {
    // "(Dr)" only exists in rows from before the author rule, which refuses brackets.
    const { html } = await articlePage({ legacy: true, authorname: "Dr. Anjali Sharma, Prof.Dr.R.K. Singh, (Dr) José Martínez, Mrs.Priya Nair, डॉ. राजेश कुमार, Drew Barry" });
    const h = head(html);
    const expected = ["Anjali Sharma", "R.K. Singh", "José Martínez", "Priya Nair", "राजेश कुमार", "Drew Barry"];
    expect(metas(h, "name", "citation_author")).toEqual(expected);
    expect(metas(h, "name", "DC.creator")).toEqual(expected);
    const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]);
    expect(ld.author.map((p: { name: string }) => p.name)).toEqual(expected);
    // The reader-facing byline keeps the names as the authors gave them.
    expect(html).toContain(">Dr. Anjali Sharma<");
  });

  it("emits Open Graph and Twitter card tags", async () => {
    const { html, url } = await articlePage();
    const h = head(html);
    expect(metas(h, "property", "og:type")).toEqual(["article"]);
    expect(metas(h, "property", "og:url")).toEqual([url]);
    expect(metas(h, "property", "og:title")).toEqual(["Salinity tolerance in Oryza sativa landraces"]);
    // A large image card: the journal's 1200×630 preview image.
    expect(metas(h, "name", "twitter:card")).toEqual(["summary_large_image"]);
    expect(metas(h, "property", "og:image")).toHaveLength(1);
    expect(metas(h, "name", "twitter:image")).toEqual(metas(h, "property", "og:image"));
    expect(metas(h, "name", "twitter:title")).toEqual(["Salinity tolerance in Oryza sativa landraces"]);
  });
});

describe("cite box, author pages, search snippets and reader counts", () => {
  it("renders six citation styles and export links", async () => {
    const { html, a } = await articlePage();
    for (const label of ["APA", "MLA", "Chicago", "Harvard", "IEEE", "Vancouver"]) expect(html).toContain(`>${label}</button>`);
    // As citeproc-js prints APA: species in italics, a Devanagari name whole.
    expect(html).toContain("Sharma, A., Martínez, J., &amp; राजेश कुमार. (2025). Salinity tolerance in <i>Oryza sativa</i> landraces. <i>Scholar Check Journal</i>");
    for (const ext of ["ris", "bib", "json"]) expect(html).toContain(`href="/api/cite/${a.refnumber}.${ext}"`);
    expect(html).toContain("How to cite this article");
  });

  it("links each author to a page of their articles in this journal", async () => {
    const j = await makeJournal();
    const other = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2024, volume: 2, issue: 1 });
    const one = await makeArticle(j.id, issue, { authorname: "Dr. Priya Nair, Rahul Verma", title: "First by Priya" });
    const two = await makeArticle(j.id, issue, { authorname: "Priya Nair", title: "Second by Priya", pagenumber: "7-9" });
    await makeArticle(j.id, issue, { authorname: "Priya Nairobi", title: "Not hers", pagenumber: "10-12" });
    await makeArticle(other.id, await makeIssue(other.id), { authorname: "Priya Nair", title: "Elsewhere" });
    const res = await fetchWorker(j.url("/authors/Priya%20Nair"));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Articles by Priya Nair");
    expect(html).toContain(`/archives/2024/2/1/${one.refnumber}`);
    expect(html).toContain(`/archives/2024/2/1/${two.refnumber}`);
    expect(html).not.toContain("Not hers");
    expect(html).not.toContain("Elsewhere");
    expect((await fetchWorker(j.url("/authors/Nobody%20Here"))).status).toBe(404);
  });

  it("shows highlighted snippets, totals and year/volume filters on the search page", async () => {
    const j = await makeJournal();
    const y24 = await makeIssue(j.id, { year: 2024, volume: 3, issue: 1 });
    const y25 = await makeIssue(j.id, { year: 2025, volume: 4, issue: 1 });
    await makeArticle(j.id, y24, { title: "Sorghum yields", abstract: "<p>Drought lowers sorghum grain yield in dry years.</p>" });
    await makeArticle(j.id, y25, { title: "Sorghum pests", abstract: "<p>Shoot fly damages sorghum seedlings.</p>" });
    const html = (await (await fetchWorker(j.url("/search?keyword=sorghum"))).text()).replace(/<!-- -->/g, "");
    expect(html).toContain("<mark>Sorghum</mark> yields");
    expect(html).toMatch(/Drought lowers <mark>sorghum<\/mark> grain yield/);
    expect(html).toContain('<option value="2024">2024 (1)</option>');
    expect(html).toContain('<option value="4">Vol. 4 (1)</option>');
    const filtered = await (await fetchWorker(j.url("/search?keyword=sorghum&year=2025"))).text();
    expect(filtered).toContain("Sorghum pests");
    expect(filtered).not.toContain("Sorghum yields");
  });

  it("counts abstract views by readers (not bots) and shows them on the article page", async () => {
    const { j, a, url } = await articlePage();
    const browser = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/156" };
    await (await fetchWorker(`${url}?r=1`, { headers: browser })).text();
    await (await fetchWorker(`${url}?r=2`, { headers: { "user-agent": "Googlebot/2.1" } })).text();
    await (await fetchWorker(`${url}.data`, { headers: browser })).text();
    await new Promise((r) => setTimeout(r, 50));
    const row = await env.DB.prepare("select views from article_stats where article_id = ?").bind(a.id).first<{ views: number }>();
    // The articlePage() fetch had no user agent (a bot by our rule); the two browser fetches count.
    expect(row?.views).toBe(2);
    // The edge keeps article pages for minutes; a staff write (a new journal version) shows the
    // counts at once.
    await env.DB.prepare("UPDATE journals SET version = version + 1 WHERE id = ?").bind(j.id).run();
    const html = (await (await fetchWorker(url)).text()).replace(/<!-- -->/g, "");
    expect(html).toMatch(/2 views · 0 downloads/);
    expect(j.id).toBeGreaterThan(0);
  });
});
