import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getArticleById } from "../../app/models/articles.server";
import { articleForm, db, editArticle, fetchWorker, insertRawIssueForTest, makeAdminSession, makeArticle, makeIssue, makeJournal, pdfBytes } from "../factories";

type Json = Record<string, any>;

async function addArticle(s: { url(p: string): string; auth: Record<string, string> }, form: FormData) {
  const res = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", headers: s.auth, body: form });
  return { status: res.status, body: (await res.json()) as Json };
}

async function objectsUnder(prefix: string): Promise<string[]> {
  return (await env.FILES.list({ prefix })).objects.map((o) => o.key);
}

describe("POST /api/admin/archives/ (add article)", () => {
  it("creates an enabled article, stores the PDF and serves it at the spec's URL", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 3, issue: 2, frequency: "Apr-Jun" });
    const form = articleForm(issue, { refnumber: " 3301 ", title: "Drip <b>irrigation</b> of <i>Zea mays</i>" });
    const { status, body } = await addArticle(s, form);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      refnumber: "3301",
      status: "enabled",
      file: "3301.pdf",
      title: "Drip irrigation of <i>Zea mays</i>",
      description: "Drip irrigation of <i>Zea mays</i>",
      createdby: "staff",
      modifiedby: "staff",
      year: 2025,
      volume: 3,
      issue: 2,
      frequency: "Apr-Jun",
    });
    const pdf = await fetchWorker(s.url("/assets/archives/2025/vol3issue2/3301.pdf"));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("requires every field of spec §5 and the PDF", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const form = articleForm(issue, { txnid: undefined, email: "", title: "<p> </p>", abstract: undefined }, null);
    const { status, body } = await addArticle(s, form);
    expect(status).toBe(400);
    expect(body.error).toBe("validation_failed");
    expect(Object.keys(body.fields).sort()).toEqual(["abstract", "email", "pdfFile", "title", "txnid"]);
  });

  it("shows the spec's messages for author, ref number and page format", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ authorname: Array(51).fill("Name").join(" ") }, "authorname", "Author name should not exceed 50 words"],
      [{ authorname: "Robert'); DROP TABLE" }, "authorname", "Author name must contain only alphabets, spaces, commas, and periods"],
      [{ authorname: "Anjali Sharma2" }, "authorname", "Author name must contain only alphabets, spaces, commas, and periods"],
      [{ refnumber: "12a" }, "refnumber", "Ref number must be a valid number"],
      [{ pagenumber: "1 to 6" }, "pagenumber", "Page number format must be like 1-6"],
      [{ pagenumber: "7" }, "pagenumber", "Page number format must be like 1-6"],
    ];
    for (const [fields, field, message] of cases) {
      const { status, body } = await addArticle(s, articleForm(issue, fields));
      expect(status, JSON.stringify(fields)).toBe(400);
      expect(body.fields[field]).toBe(message);
    }
  });

  it("accepts Devanagari and accented Latin author names", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const { status } = await addArticle(s, articleForm(issue, { authorname: "राजेश कुमार, José Martínez, Dr. Zoë Müller" }));
    expect(status).toBe(201);
  });

  it("requires the first page to come after the issue's last page", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    expect((await addArticle(s, articleForm(issue, { pagenumber: "1-12" }))).status).toBe(201);
    const clash = await addArticle(s, articleForm(issue, { pagenumber: "12-20" }));
    expect(clash.status).toBe(400);
    expect(clash.body.fields.pagenumber).toBe(
      "The the first value of the page range should be one more than the last one. The last page was 12",
    );
    expect((await addArticle(s, articleForm(issue, { pagenumber: "13-20" }))).status).toBe(201);
  });

  it("answers invalid_pagenumber for a backwards range and invalid_txnid for a bad transaction id", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    expect((await addArticle(s, articleForm(issue, { pagenumber: "9-3" }))).body).toEqual({ error: "invalid_pagenumber" });
    expect((await addArticle(s, articleForm(issue, { txnid: "<script>" }))).body).toEqual({ error: "invalid_txnid" });
  });

  it("refuses duplicates per journal with the spec's codes, but allows them in another journal", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    await addArticle(s, articleForm(issue, { refnumber: "9001", txnid: "TXN-9001", title: "First title", pagenumber: "1-5" }));
    const dupRef = await addArticle(s, articleForm(issue, { refnumber: "9001", txnid: "TXN-x1", title: "Other 1", pagenumber: "6-9" }));
    const dupTxn = await addArticle(s, articleForm(issue, { refnumber: "9002", txnid: "TXN-9001", title: "Other 2", pagenumber: "6-9" }));
    const dupTitle = await addArticle(s, articleForm(issue, { refnumber: "9003", txnid: "TXN-x3", title: "First title", pagenumber: "6-9" }));
    expect([dupRef.status, dupRef.body.error]).toEqual([409, "duplicate_reference_number"]);
    expect([dupTxn.status, dupTxn.body.error]).toEqual([409, "duplicate_txnid"]);
    expect([dupTitle.status, dupTitle.body.error]).toEqual([409, "duplicate_title"]);

    const other = await makeAdminSession();
    const otherIssue = await makeIssue(other.id);
    const same = await addArticle(other, articleForm(otherIssue, { refnumber: "9001", txnid: "TXN-9001", title: "First title" }));
    expect(same.status).toBe(201);
  });

  it("a failed article write leaves neither a row nor an object behind", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2024, volume: 8, issue: 1 });
    await addArticle(s, articleForm(issue, { refnumber: "7001", pagenumber: "1-4" }));
    const prefix = `journals/${s.id}/archives/2024/vol8issue1/`;
    const before = await objectsUnder(prefix);
    const dup = await addArticle(s, articleForm(issue, { refnumber: "7001", txnid: "TXN-other", title: "Different", pagenumber: "5-8" }));
    expect(dup.status).toBe(409);
    expect(await objectsUnder(prefix)).toEqual(before);
    const rows = await env.DB.prepare("select count(*) as n from articles where journal_id = ?").bind(s.id).first<{ n: number }>();
    expect(rows?.n).toBe(1);
  });

  it("accepts exactly 5,242,880 bytes and refuses one byte more with 413 before writing anything", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2024, volume: 9, issue: 1 });
    const ok = await addArticle(s, articleForm(issue, { pagenumber: "1-2" }, pdfBytes(5_242_880)));
    expect(ok.status).toBe(201);
    const prefix = `journals/${s.id}/archives/2024/vol9issue1/`;
    const before = await objectsUnder(prefix);
    const tooBig = await addArticle(s, articleForm(issue, { pagenumber: "3-4" }, pdfBytes(5_242_881)));
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error).toBe("file_too_large");
    expect(await objectsUnder(prefix)).toEqual(before);
  });

  it("refuses HTML renamed to .pdf (not_a_pdf, nothing stored)", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const html = new TextEncoder().encode("<html><script>alert(1)</script></html>");
    const res = await addArticle(s, articleForm(issue, {}, html, "evil.pdf"));
    expect(res).toEqual({ status: 400, body: { error: "not_a_pdf" } });
    expect(await db().query.articles.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(0);
    expect(await objectsUnder(`journals/${s.id}/`)).toEqual([]);
  });

  it("answers 404 issue_not_found when the issue does not exist", async () => {
    const s = await makeAdminSession();
    const res = await addArticle(s, articleForm({ year: 1999, volume: 1, issue: 1 }));
    expect(res.status).toBe(404);
    expect(res.body.error).toBe("issue_not_found");
  });

  it("needs a token (401 unauthorized) and refuses a malformed multipart body with 400", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const anon = await fetchWorker(s.url("/api/admin/archives/"), { method: "POST", body: articleForm(issue) });
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: "unauthorized" });
    const bad = await fetchWorker(s.url("/api/admin/archives/"), {
      method: "POST",
      headers: { ...s.auth, "content-type": "multipart/form-data; boundary=xyz" },
      body: "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nunterminated",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "malformed_multipart" });
  });
});

describe("POST /api/archives/{id} (update article)", () => {
  it("updates fields and replaces the PDF without leaving the old object behind", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2023, volume: 1, issue: 4 });
    const created = await addArticle(s, articleForm(issue, { refnumber: "555" }));
    const prefix = `journals/${s.id}/archives/2023/vol1issue4/`;
    const [oldKey] = await objectsUnder(prefix);

    const form = articleForm(issue, { refnumber: "555", txnid: created.body.txnid, title: "A better <em>title</em>", pagenumber: "1-9" }, pdfBytes(3000));
    const res = await fetchWorker(s.url(`/api/archives/${created.body.id}`), { method: "POST", headers: s.auth, body: form });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Json;
    expect(body).toMatchObject({ title: "A better <em>title</em>", pagenumber: "1-9", file: "555.pdf", modifiedby: "staff" });
    const keys = await objectsUnder(prefix);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe(oldKey);
    const served = await fetchWorker(s.url("/assets/archives/2023/vol1issue4/555.pdf"));
    expect((await served.arrayBuffer()).byteLength).toBe(3000);
  });

  it("keeps the PDF optional and applies the author and page rules", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const created = await addArticle(s, articleForm(issue, { refnumber: "556" }));
    const post = (fields: Record<string, string>) =>
      fetchWorker(s.url(`/api/archives/${created.body.id}/`), {
        method: "POST",
        headers: s.auth,
        body: articleForm(issue, { refnumber: "556", txnid: created.body.txnid, ...fields }, null),
      });
    expect((await post({ keywords: "new words" })).status).toBe(200);
    const bad = await post({ authorname: "Name with digits 123" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Json).fields.authorname).toBe("Author name must contain only alphabets, spaces, commas, and periods");
    expect(((await (await post({ pagenumber: "x" })).json()) as Json).fields.pagenumber).toBe("Page number format must be like 1-6");
  });

  it("a failed update keeps the old PDF served and removes the new upload", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2022, volume: 5, issue: 5 });
    await addArticle(s, articleForm(issue, { refnumber: "601", title: "Taken title", pagenumber: "1-3" }));
    const second = await addArticle(s, articleForm(issue, { refnumber: "602", pagenumber: "4-6" }, pdfBytes(2222)));
    const prefix = `journals/${s.id}/archives/2022/vol5issue5/`;
    const before = await objectsUnder(prefix);
    const res = await fetchWorker(s.url(`/api/archives/${second.body.id}`), {
      method: "POST",
      headers: s.auth,
      body: articleForm(issue, { refnumber: "602", txnid: second.body.txnid, title: "Taken title", pagenumber: "4-6" }, pdfBytes(9999)),
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "duplicate_title" });
    expect(await objectsUnder(prefix)).toEqual(before);
    const served = await fetchWorker(s.url("/assets/archives/2022/vol5issue5/602.pdf"));
    expect((await served.arrayBuffer()).byteLength).toBe(2222);
  });

  it("cannot read or change another journal's article by id (404, nothing changed)", async () => {
    const a = await makeAdminSession();
    const b = await makeAdminSession();
    const issueA = await makeIssue(a.id);
    const article = await makeArticle(a.id, issueA, { title: "Journal A original" });
    const res = await fetchWorker(b.url(`/api/archives/${article.id}`), {
      method: "POST",
      headers: b.auth,
      body: articleForm(issueA, { title: "Hijacked" }, null),
    });
    expect(res.status).toBe(404);
    expect((await getArticleById(db(), a.id, article.id))?.title).toBe("Journal A original");
    expect((await fetchWorker(b.url(`/api/admin/articles/${article.id}`), { headers: b.auth })).status).toBe(404);
    expect((await fetchWorker(b.url(`/api/archives/${article.id}`), { headers: b.auth })).status).toBe(404);
  });
});

describe("public archive reads", () => {
  it("lists year summaries of published issues only", async () => {
    const j = await makeJournal();
    const i1 = await makeIssue(j.id, { year: 2024, volume: 2, issue: 1, frequency: "January" });
    const i2 = await makeIssue(j.id, { year: 2024, volume: 2, issue: 2, frequency: "Jul-Dec" });
    await makeIssue(j.id, { year: 2025, volume: 3, issue: 1, frequency: "January" }); // empty: not listed
    // A legacy issue without a frequency (the add-issue form requires one).
    const i4 = await insertRawIssueForTest(j.id, { year: 2023, volume: 1, issue: 1, frequency: "" });
    await makeArticle(j.id, i1);
    await makeArticle(j.id, i2);
    await makeArticle(j.id, i4);
    const res = await fetchWorker(j.url("/api/archives/"));
    expect(await res.json()).toEqual([
      { year: 2024, volume: 2, total_issues: 2, issue_month: { "1": "January", "2": "Jul-Dec" } },
      { year: 2023, volume: 1, total_issues: 1, issue_month: {} },
    ]);
  });

  it("lists an issue's enabled articles by first page, and one by ref, without private fields", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 4, issue: 3 });
    await makeArticle(j.id, issue, { pagenumber: "10-12", refnumber: "10" });
    // Added after page 12 (the add rule), then moved to pages 2-9 by an edit, as staff can.
    await editArticle(j.id, await makeArticle(j.id, issue, { pagenumber: "13-14", refnumber: "2" }), { pagenumber: "2-9" });
    await makeArticle(j.id, issue, { pagenumber: "13-15", refnumber: "13", status: "disabled" });
    const list = (await (await fetchWorker(j.url("/api/archives/2025/4/3"))).json()) as Json[];
    expect(list.map((a) => a.refnumber)).toEqual(["2", "10"]);
    expect(list[0]).not.toHaveProperty("email");
    expect(list[0]).not.toHaveProperty("txnid");
    expect((await fetchWorker(j.url("/api/archives/ref/2"))).status).toBe(200);
    expect((await fetchWorker(j.url("/api/archives/ref/13"))).status).toBe(404);
    expect((await fetchWorker(j.url("/api/archives/ref/999999"))).status).toBe(404);
  });

  it("searches case-insensitively and never errors on odd input", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    await makeArticle(j.id, issue, { title: "Salinity stress in <i>Oryza sativa</i>", keywords: "salt, rice" });
    await makeArticle(j.id, issue, { title: "Something else", authorname: "Priya Nair" });
    const search = async (q: string) => {
      const res = await fetchWorker(j.url(`/api/search?keyword=${encodeURIComponent(q)}`));
      expect(res.status, q).toBe(200);
      return (await res.json()) as Json[];
    };
    expect((await search("ORYZA")).length).toBe(1);
    expect((await search("priya")).length).toBe(1);
    expect((await search("salt")).length).toBe(1);
    for (const odd of ['"', "%", "_", "'; drop table articles; --", "x".repeat(500), "🌾🧪", "(", "a*"]) {
      await search(odd);
    }
    expect((await search("%")).length).toBe(0);
  });
});

describe("optional DOI", () => {
  it("accepts a DOI (a pasted resolver URL is trimmed), refuses a malformed one, and keeps it when an update omits it", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const bad = await addArticle(s, articleForm(issue, { doi: "not a doi" }));
    expect(bad.status).toBe(400);
    expect(bad.body.fields.doi).toBe("Enter a DOI like 10.1234/journal.2025.001");
    const ok = await addArticle(s, articleForm(issue, { refnumber: "8801", doi: "https://doi.org/10.5555/ijt.2025.8801" }));
    expect(ok.status).toBe(201);
    const row = await getArticleById(db(), s.id, ok.body.id);
    expect(row?.doi).toBe("10.5555/ijt.2025.8801");
    const update = await fetchWorker(s.url(`/api/archives/${ok.body.id}`), {
      method: "POST",
      headers: s.auth,
      body: articleForm(issue, { refnumber: "8801", txnid: ok.body.txnid, title: "Renamed with DOI kept" }, null),
    });
    expect(update.status).toBe(200);
    expect((await getArticleById(db(), s.id, ok.body.id))?.doi).toBe("10.5555/ijt.2025.8801");
  });
});
