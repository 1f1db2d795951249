/**
 * Authors as people, references, licences and manuscript dates through the JSON API (spec §7's
 * article calls with the `authors`, `references`, `license_url`, `received_date` and
 * `accepted_date` fields), the article page and the conversion of bylines stored before
 * (migration 0029, scripts/structure-authors.ts) — against the real local D1 and R2.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getArticleById } from "../../app/models/articles.server";
import { structureStoredAuthors } from "../../app/models/author-conversion.server";
import { d1Runner } from "../../app/models/html-cleanup.server";
import { authorFromName, parseAuthors, serialiseAuthors } from "../../app/lib/authors";
import { AUTHOR_MESSAGES } from "../../app/schemas/messages";
import { THREE_SENT } from "../authors";
import { articleForm, db, editArticle, fetchWorker, insertRawArticleForTest, makeAdminSession, makeArticle, makeIssue } from "../factories";

type Json = Record<string, any>;

// The shared three, with the first two emails this file's pages are read for.
const THREE = [{ ...THREE_SENT[0], email: "anjali@cam.example" }, { ...THREE_SENT[1], email: "rahul@private.example" }, THREE_SENT[2]];

async function post(s: { url(p: string): string; auth: Record<string, string> }, path: string, form: FormData) {
  const res = await fetchWorker(s.url(path), { method: "POST", headers: s.auth, body: form });
  return { status: res.status, body: (await res.json()) as Json };
}

describe("the API's authors field", () => {
  it("adds an article with authors as people; authorname is made from them; a reader sees only the corresponding author's e-mail", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 1 });
    const { status, body } = await post(
      s,
      "/api/admin/archives/",
      articleForm(issue, {
        authorname: undefined,
        authors: JSON.stringify(THREE),
        references: "1. Alpha A. First. J. 2019. doi:10.5555/a.1\n2. Beta B. Second. J. 2020.",
        license_url: "https://creativecommons.org/licenses/by-nc/4.0/",
        received_date: "2025-01-05",
        accepted_date: "2025-02-20",
      }),
    );
    expect(status).toBe(201);
    expect(body.authorname).toBe("Dr. Anjali Sharma, Rahul Verma, Jan van der Berg");
    expect(body.authors.map((a: Json) => [a.given, a.family, a.orcid, a.email])).toEqual([
      ["Anjali", "Sharma", "https://orcid.org/0000-0002-1825-0097", "anjali@cam.example"],
      ["Rahul", "Verma", "", "rahul@private.example"],
      ["Jan", "van der Berg", "", ""],
    ]);
    expect(body.references).toBe("Alpha A. First. J. 2019. doi:10.5555/a.1\nBeta B. Second. J. 2020.");
    expect([body.license_url, body.received_date, body.accepted_date]).toEqual(["https://creativecommons.org/licenses/by-nc/4.0/", "2025-01-05", "2025-02-20"]);

    const pub = (await (await fetchWorker(s.url(`/api/archives/ref/${body.refnumber}`))).json()) as Json;
    expect(pub.authors.map((a: Json) => a.email)).toEqual(["anjali@cam.example", "", ""]);
    expect(JSON.stringify(pub)).not.toContain("rahul@private.example");
    expect(pub.authors[0].affiliations[0]).toEqual({ name: "University of Cambridge", ror: "https://ror.org/013meh722", country: "United Kingdom" });
  });

  it("refuses an invalid ORCID checksum and a malformed ROR ID with messages at the author's fields", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const authors = [
      { name: "Dr. Anjali Sharma", orcid: "0000-0002-1825-0098" },
      { name: "Rahul Verma", affiliations: [{ name: "Punjab Agricultural University", ror: "ror.org/12345" }] },
    ];
    const { status, body } = await post(s, "/api/admin/archives/", articleForm(issue, { authorname: undefined, authors: JSON.stringify(authors) }));
    expect(status).toBe(400);
    expect(body).toEqual({
      error: "validation_failed",
      fields: {
        "authors[0].orcid": "The ORCID iD 0000-0002-1825-0098 is not valid: its last character is a check digit that does not match the other 15. Copy the iD from the author's ORCID record.",
        "authors[1].affiliations[0].ror": AUTHOR_MESSAGES.rorFormat,
      },
    });
  });

  it("an update that sends only authorname (the spec's call) keeps each author's ORCID iD and affiliations", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue, { authorname: undefined, authors: JSON.stringify(THREE) });
    const form = new FormData();
    form.set("authorname", "Rahul Verma, Prof. Anjali Sharma");
    const { status, body } = await post(s, `/api/archives/${a.id}`, form);
    expect(status).toBe(200);
    expect(body.authors.map((x: Json) => [x.name, x.orcid, x.affiliations.length])).toEqual([
      ["Rahul Verma", "", 1],
      ["Prof. Anjali Sharma", "https://orcid.org/0000-0002-1825-0097", 2],
    ]);
    // And one that sends the list: authorname follows it.
    const list = new FormData();
    list.set("authors", JSON.stringify([{ name: "Priya Nair", orcid: "https://orcid.org/0000-0001-5109-3700" }]));
    const again = await post(s, `/api/archives/${a.id}`, list);
    expect(again.body.authorname).toBe("Priya Nair");
    const row = await getArticleById(db(), s.id, a.id);
    expect([row?.authorname, parseAuthors(row?.authors).map((x) => x.orcid)]).toEqual(["Priya Nair", ["https://orcid.org/0000-0001-5109-3700"]]);
  });
});

describe("the article page", () => {
  it("shows the byline with affiliations, the ORCID iD link, references with DOI links, the licence badge and the dates", async () => {
    const s = await makeAdminSession({ settings: { license_url: "https://creativecommons.org/licenses/by/4.0/" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 8, issue: 1 });
    const a = await makeArticle(s.id, issue, {
      authorname: undefined,
      authors: JSON.stringify(THREE),
      references: "Alpha A. First. J. 2019. https://doi.org/10.5555/a.1\nBeta B. Second. J. 2020.",
      received_date: "2025-01-05",
      accepted_date: "2025-01-10",
    });
    const html = await (await fetchWorker(s.url(`/archives/2025/8/1/${a.refnumber}`))).text();
    expect(html).toContain('href="https://orcid.org/0000-0002-1825-0097"');
    expect(html).toMatch(/<sup class="aff-ref">1,2<\/sup>/);
    expect(html).toContain("University of Cambridge, United Kingdom");
    expect(html).toContain('href="https://ror.org/013meh722"');
    expect(html).toContain('<a href="mailto:anjali@cam.example">anjali@cam.example</a>');
    expect(html).not.toContain("rahul@private.example");
    expect(html).toContain('<a href="https://doi.org/10.5555/a.1" rel="noopener">https://doi.org/10.5555/a.1</a>');
    expect(html).toMatch(/rel="license noopener"[^>]*>.*BY 4\.0/s);
    expect(html).toContain("<dt>Received</dt><dd>5 January 2025</dd>");
    expect(html).toContain('<meta name="citation_author_orcid" content="https://orcid.org/0000-0002-1825-0097"/>');
    expect(html).toContain('<meta name="citation_author_institution" content="University of Cambridge"/>');
    expect(html).toContain('<meta name="citation_reference" content="Beta B. Second. J. 2020."/>');

    // The author's page names them as their newest article does: affiliations, ORCID iD in full.
    const author = await (await fetchWorker(s.url("/authors/Anjali%20Sharma"))).text();
    expect(author).toContain("University of Cambridge, United Kingdom");
    expect(author).toMatch(/<a class="orcid-full" href="https:\/\/orcid\.org\/0000-0002-1825-0097"[^>]*>.*https:\/\/orcid\.org\/0000-0002-1825-0097<\/a>/s);
  });
});

describe("converting bylines stored before authors were people (migration 0029)", () => {
  it("stores each byline as people by the name rule, names kept as printed, and reports what it could not split", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const old = await insertRawArticleForTest(s.id, issue, { authorname: "Dr. Anjali Sharma, Madonna, Sharma R.K., Rahul Verma" });
    expect(old.authors).toBe("[]");
    const run = d1Runner(env.DB);
    const result = await structureStoredAuthors(run, { force: true, journalId: s.id });
    expect(result.ran).toBe(true);
    expect(result.converted).toBe(1);
    const stored = (await env.DB.prepare("select authors, authorname from articles where id = ?").bind(old.id).first<{ authors: string; authorname: string }>())!;
    expect(parseAuthors(stored.authors)).toEqual(["Dr. Anjali Sharma", "Madonna", "Sharma R.K.", "Rahul Verma"].map(authorFromName));
    expect(stored.authorname).toBe("Dr. Anjali Sharma, Madonna, Sharma R.K., Rahul Verma");
    // The conversion is a record write like any other: its history entry, its version moved on (ADR 019, 020).
    const entry = (await env.DB.prepare("select action, fields from history where record_type = 'article' and record_id = ? order by id desc").bind(String(old.id)).first<{ action: string; fields: string }>())!;
    expect(entry.action).toBe("structure_authors");
    expect(JSON.parse(entry.fields).version).toEqual({ before: old.version, after: old.version + 1 });
    expect(result.unsplit.map((u) => [u.refnumber, u.position, u.name])).toEqual([
      [old.refnumber, 2, "Madonna"],
      [old.refnumber, 3, "Sharma R.K."],
    ]);
    // Run again: nothing left to read.
    expect((await structureStoredAuthors(run, { force: true, journalId: s.id })).converted).toBe(0);
  });

  it("never overwrites a list staff saved meanwhile", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue, { authorname: undefined, authors: JSON.stringify(THREE) });
    await structureStoredAuthors(d1Runner(env.DB), { force: true, journalId: s.id });
    const after = (await env.DB.prepare("select authors from articles where id = ?").bind(a.id).first<{ authors: string }>())!;
    expect(parseAuthors(after.authors)[0].orcid).toBe("https://orcid.org/0000-0002-1825-0097");
    // An edit through the use-case writes the list it validated.
    const edited = await editArticle(s.id, a, { title: "New title for the test" });
    expect(edited.authors).toBe(after.authors);
    expect(serialiseAuthors(parseAuthors(edited.authors))).toBe(edited.authors);
  });
});
