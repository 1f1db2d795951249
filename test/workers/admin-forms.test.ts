import { encodePng } from "../../app/lib/png";
import { describe, expect, it } from "vitest";
import { getArticleById } from "../../app/models/articles.server";
import { getEditor } from "../../app/models/editors.server";
import { findIssue, listIssues } from "../../app/models/issues.server";
import { getSettings } from "../../app/models/settings.server";
import { articleFieldErrors, MAX_PDF_BYTES } from "../../app/schemas/article";
import { MAX_PICTURE_BYTES } from "../../app/schemas/editor";
import { MAX_IMAGE_BYTES } from "../../app/storage/uploads.server";
import { articleForm, db, editArticle, fetchWorker as rawFetch, makeAdminSession, makeArticle, makeEditor, makeIssue, pdfBytes } from "../factories";

/** The admin pages' actions: validation messages, results, permissions and journal isolation. */

const fetchWorker = (url: string, init: RequestInit = {}) => rawFetch(url, { redirect: "manual", ...init });
type Session = Awaited<ReturnType<typeof makeAdminSession>>;
/** A cross-site post is refused by the Worker with 403 before any admin route runs. */
const REFUSED = [403];

function asCookie(s: Session) {
  return { cookie: `journal_session=${s.token}` };
}

function get(s: Session, path: string) {
  return fetchWorker(s.url(path), { headers: asCookie(s) });
}

function post(s: Session, path: string, body: FormData | Record<string, string | string[]>, headers: Record<string, string> = {}) {
  let payload: FormData | URLSearchParams;
  if (body instanceof FormData) payload = body;
  else {
    payload = new URLSearchParams();
    for (const [k, v] of Object.entries(body)) for (const one of Array.isArray(v) ? v : [v]) payload.append(k, one);
  }
  return fetchWorker(s.url(path), { method: "POST", headers: { ...asCookie(s), ...headers }, body: payload });
}

/** React escapes apostrophes and quotes in text; compare on the page's text form. */
async function text(res: Response): Promise<string> {
  return (await res.text()).replace(/<!-- -->/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
}

const YEAR = new Date().getUTCFullYear();

describe("archives: add issue", () => {
  it("creates an issue for the current year with 'Issue created successfully'", async () => {
    const s = await makeAdminSession();
    const res = await post(s, "/admin/archives", { volume: "4", issue: "2", frequency: "Apr-Jun", year: String(YEAR) });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Issue created successfully");
    const issue = await findIssue(db(), s.id, YEAR, 4, 2);
    expect(issue?.frequency).toBe("Apr-Jun");
    expect(issue?.createdby).toBe("staff");
    const list = await text(await get(s, "/admin/archives"));
    expect(list).toContain("Apr-Jun");
    expect(list).toMatch(/>000</); // article count, 3 digits
  });

  it("requires volume, issue and frequency, refuses negatives, other years and duplicates", async () => {
    const s = await makeAdminSession();
    const missing = await post(s, "/admin/archives", { volume: "", issue: "1", frequency: "" });
    expect(missing.status).toBe(400);
    const html = await text(missing);
    expect(html).toContain("This field is required");
    expect(html).toContain("Something went wrong");
    expect(await listIssues(db(), s.id)).toHaveLength(0);

    const negative = await post(s, "/admin/archives", { volume: "-1", issue: "1", frequency: "January" });
    expect(negative.status).toBe(400);
    expect(await text(negative)).toContain("Volume must be a number of 0 or more");
    const badFrequency = await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "Fortnightly" });
    expect(await text(badFrequency)).toContain("Choose a frequency from the list");
    const otherYear = await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "January", year: "1999" });
    expect(otherYear.status).toBe(400);

    expect((await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "January" })).status).toBe(200);
    const dup = await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "February" });
    expect(dup.status).toBe(409);
    const dupHtml = await text(dup);
    expect(dupHtml).toContain("Something went wrong");
    expect(dupHtml).toContain(`Volume 1, Issue 1 of ${YEAR} already exists.`);
    expect(await listIssues(db(), s.id)).toHaveLength(1);
  });

  it("refuses a cross-site add-issue post and an expired session", async () => {
    const s = await makeAdminSession();
    const foreign = await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "January" }, { origin: "https://evil.example" });
    expect(REFUSED).toContain(foreign.status);
    const crossSite = await post(s, "/admin/archives", { volume: "1", issue: "1", frequency: "January" }, { "sec-fetch-site": "cross-site" });
    expect(crossSite.status).toBe(403);
    const anon = await fetchWorker(s.url("/admin/archives"), {
      method: "POST",
      headers: { cookie: "journal_session=expired.token.here" },
      body: new URLSearchParams({ volume: "1", issue: "1", frequency: "January" }),
    });
    expect(anon.status).toBe(302);
    expect(anon.headers.get("location")).toBe("/admin/login?expired=1&next=%2Fadmin%2Farchives");
    expect(await listIssues(db(), s.id)).toHaveLength(0);
  });
});

describe("issue articles page", () => {
  it("lists every article of the issue (any status) with EDIT links and the bulk download buttons", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id, { year: 2025, volume: 7, issue: 3, frequency: "Jul-Sep" });
    const a = await makeArticle(s.id, issue, { pagenumber: "7-12" });
    // Added after page 12 (the add rule), then moved to pages 1-6 by an edit, as staff can.
    const b = await editArticle(s.id, await makeArticle(s.id, issue, { pagenumber: "13-18", status: "disabled" }), { pagenumber: "1-6" });
    const html = await text(await get(s, "/admin/archives/2025/7/3"));
    expect(html).toContain("Vol. 07, Issue 03");
    expect(html).toContain(`/admin/archives/${a.id}`);
    expect(html).toContain(`/admin/archives/${b.id}`);
    expect(html.indexOf(b.refnumber)).toBeLessThan(html.indexOf(a.refnumber)); // page order
    expect(html).toContain("Index Page");
    expect(html).toContain("Certificate");
    expect(html).toContain("/admin/archives/add/2025/7/3");
    expect(html).toContain("Select all articles");
    expect((await get(s, "/admin/archives/2025/7/9")).status).toBe(404);
  });
});

describe("add article", () => {
  async function setup() {
    const s = await makeAdminSession({ settings: { websitename: "Annals of Testing" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 2, issue: 1, frequency: "Jan-Mar" });
    return { s, issue, path: "/admin/archives/add/2025/2/1" };
  }

  it("publishes an article with its PDF and answers with the announcement to copy", async () => {
    const { s, issue, path } = await setup();
    const form = articleForm(issue, { refnumber: "555001", pagenumber: "1-8", authorname: "Dr. Anjali Sharma, Rahul Verma", doi: "https://doi.org/10.5555/annals.2025.001" });
    const res = await post(s, path, form);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("has been published in Annals of Testing, Volume 2, Issue 1");
    expect(html).toContain(`https://${s.host}/archives/2025/2/1/555001`);
    expect(html).toContain("Dr. Anjali Sharma, Rahul Verma");
    const rows = await db().query.articles.findMany({ where: (t, { eq }) => eq(t.refnumber, "555001") });
    expect(rows).toHaveLength(1);
    expect(rows[0].journalId).toBe(s.id);
    expect(rows[0].status).toBe("enabled");
    expect(rows[0].createdby).toBe("staff");
    expect(rows[0].frequency).toBe("Jan-Mar");
    expect(rows[0].doi).toBe("10.5555/annals.2025.001");
    const pdf = await fetchWorker(s.url("/assets/archives/2025/vol2issue1/555001.pdf"));
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toContain("application/pdf");
  });

  it("shows the spec's message at each invalid field and saves nothing", async () => {
    const { s, issue, path } = await setup();
    const cases: [Record<string, string | undefined>, string][] = [
      [{ authorname: Array.from({ length: 51 }, (_, i) => `Name${i}`).join(" ") }, "Author name should not exceed 50 words"],
      [{ authorname: "R2-D2, Robot" }, "Author name must contain only alphabets, spaces, commas, and periods"],
      [{ refnumber: "12AB" }, "Ref number must be a valid number"],
      [{ pagenumber: "1 to 6" }, "Page number format must be like 1-6"],
      [{ txnid: "!" }, "Invalid transaction id"],
      [{ pagenumber: "9-3" }, "Invalid page number"],
      [{ title: "<b></b>", txnid: undefined }, "This field is required"],
    ];
    for (const [fields, message] of cases) {
      const res = await post(s, path, articleForm(issue, fields));
      expect(res.status, message).toBe(400);
      expect(await text(res), message).toContain(message);
    }
    const noPdf = await post(s, path, articleForm(issue, {}, null));
    expect(noPdf.status).toBe(400);
    expect(await text(noPdf)).toContain("This field is required");
    expect(await db().query.articles.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(0);
  });

  it("requires the page range to start after the issue's last page (the spec's wording)", async () => {
    const { s, issue, path } = await setup();
    expect((await post(s, path, articleForm(issue, { pagenumber: "1-12" }))).status).toBe(200);
    const res = await post(s, path, articleForm(issue, { pagenumber: "10-14" }));
    expect(res.status).toBe(400);
    expect(await text(res)).toContain("The the first value of the page range should be one more than the last one. The last page was 12");
    expect((await post(s, path, articleForm(issue, { pagenumber: "13-20" }))).status).toBe(200);
  });

  it("answers duplicates with the §8 texts", async () => {
    const { s, issue, path } = await setup();
    const first = articleForm(issue, { refnumber: "777001", txnid: "TXN-777001", pagenumber: "1-4", title: "A unique title" });
    expect((await post(s, path, first)).status).toBe(200);
    const dupRef = await post(s, path, articleForm(issue, { refnumber: "777001", pagenumber: "5-6" }));
    expect(dupRef.status).toBe(409);
    expect(await text(dupRef)).toContain("Duplicate reference number");
    const dupTxn = await post(s, path, articleForm(issue, { txnid: "TXN-777001", pagenumber: "5-6" }));
    expect(await text(dupTxn)).toContain("Transaction ID Already Used");
    const dupTitle = await post(s, path, articleForm(issue, { title: "A unique title", pagenumber: "5-6" }));
    expect(await text(dupTitle)).toContain("Duplicate title");
  });

  it("refuses a PDF over 5 MB and a file that is not a PDF", async () => {
    const { s, issue, path } = await setup();
    const big = await post(s, path, articleForm(issue, {}, pdfBytes(MAX_PDF_BYTES + 1)));
    expect(big.status).toBe(413);
    expect(await text(big)).toContain("File size exceeds the limit of 5 MB.");
    const notPdf = await post(s, path, articleForm(issue, {}, new TextEncoder().encode("hello, not a pdf")));
    expect(notPdf.status).toBe(400);
    expect(await text(notPdf)).toContain("This file is not a PDF");
    expect(await db().query.articles.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(0);
  });

  it("refuses cross-site posts and answers 404 for an issue that does not exist", async () => {
    const { s, issue, path } = await setup();
    expect(REFUSED).toContain((await post(s, path, articleForm(issue), { origin: "https://evil.example" })).status);
    expect((await post(s, path, articleForm(issue), { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post(s, "/admin/archives/add/2025/99/9", articleForm(issue))).status).toBe(404);
    expect(await db().query.articles.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(0);
  });
});

describe("edit article", () => {
  it("updates fields without a new PDF and answers with the 'updated' announcement", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Annals of Testing" } });
    const issue = await makeIssue(s.id, { year: 2025, volume: 5, issue: 4, frequency: "January" });
    const a = await makeArticle(s.id, issue, { pagenumber: "3-9" });
    const page = await text(await get(s, `/admin/archives/${a.id}`));
    expect(page).toContain(`value="${a.refnumber}"`);
    expect(page).toContain(">Jan</option>"); // three-letter month names on the edit form
    expect(page).toContain('value="Jan" selected=""');

    const form = articleForm(issue, { refnumber: a.refnumber, txnid: a.txnid, pagenumber: "3-10", authorname: "Meera Iyer", frequency: "Feb" }, null);
    const res = await post(s, `/admin/archives/${a.id}`, form);
    expect(res.status).toBe(200);
    const html = await text(res);
    expect(html).toContain("has been updated");
    expect(html).toContain(`/archives/2025/5/4/${a.refnumber}`);
    const after = await getArticleById(db(), s.id, a.id);
    expect(after?.authorname).toBe("Meera Iyer");
    expect(after?.pagenumber).toBe("3-10");
    expect(after?.frequency).toBe("Feb");
    expect(after?.modifiedby).toBe("staff");
  });

  it("applies the author and page rules on edit too", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue);
    const res = await post(s, `/admin/archives/${a.id}`, articleForm(issue, { refnumber: a.refnumber, pagenumber: "x", authorname: "Ann 2" }, null));
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain("Page number format must be like 1-6");
    expect(html).toContain("Author name must contain only alphabets, spaces, commas, and periods");
    expect((await getArticleById(db(), s.id, a.id))?.pagenumber).toBe(a.pagenumber);
  });

  it("cannot open or change another journal's article (404 Not Found!, nothing changed)", async () => {
    const a = await makeAdminSession();
    const b = await makeAdminSession();
    const issueB = await makeIssue(b.id);
    const articleB = await makeArticle(b.id, issueB);
    const view = await get(a, `/admin/archives/${articleB.id}`);
    expect(view.status).toBe(404);
    expect(await text(view)).toContain("Not Found!");
    const change = await post(a, `/admin/archives/${articleB.id}`, articleForm(issueB, { refnumber: articleB.refnumber, authorname: "Intruder" }, null));
    expect(change.status).toBe(404);
    expect((await getArticleById(db(), b.id, articleB.id))?.authorname).toBe(articleB.authorname);
    // Nor see B's issue under A.
    expect((await get(a, `/admin/archives/${issueB.year}/${issueB.volume}/${issueB.issue}`)).status).toBe(404);
  });
});

describe("editors", () => {
  function png(): Uint8Array {
    return encodePng(2, 3, 6, new Uint8Array(3 * (1 + 2 * 4)));
  }
  function editorForm(fields: Record<string, string>, image?: Uint8Array) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ category: "associate editor", post: "Professor", name: "Dr. Kwame Mensah", content: "University of Ghana", ...fields })) form.set(k, v);
    if (image) form.set("imgFile", new File([image as BlobPart], "me.png", { type: "image/png" }));
    return form;
  }

  it("adds an editor with a picture, then shows 'Editor created successfully' on the list", async () => {
    const s = await makeAdminSession();
    const res = await post(s, "/admin/editors/add", editorForm({ name: "Dr. Lena Fischer", degree: "Ph.D." }, png()));
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/editors");
    const flash = res.headers.get("set-cookie") ?? "";
    expect(flash).toMatch(/^admin_flash=/);
    const list = await fetchWorker(s.url("/admin/editors"), { headers: { cookie: `journal_session=${s.token}; ${flash.split(";")[0]}` } });
    const html = await text(list);
    expect(html).toContain("Editor created successfully");
    expect(html).toContain("Dr. Lena Fischer");
    expect(list.headers.get("set-cookie")).toMatch(/^admin_flash=;.*Max-Age=0/);
    const rows = await db().query.editors.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) });
    expect(rows[0].picture).toMatch(/\.png$/);
  });

  it("requires category, post, name and content, and refuses a non-image picture", async () => {
    const s = await makeAdminSession();
    const res = await post(s, "/admin/editors/add", editorForm({ name: "", content: "" }));
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain("This field is required");
    expect(html).toContain("Something went wrong");
    const bad = new FormData();
    for (const [k, v] of Object.entries({ category: "chief editor", post: "Head", name: "X", content: "Y" })) bad.set(k, v);
    bad.set("imgFile", new File(["<svg/>"], "x.svg", { type: "image/svg+xml" }));
    const svg = await post(s, "/admin/editors/add", bad);
    expect(svg.status).toBe(400);
    expect(await text(svg)).toContain("Choose a JPEG, PNG or WebP picture of at most 2 MB.");
    expect(await db().query.editors.findMany({ where: (t, { eq }) => eq(t.journalId, s.id) })).toHaveLength(0);
  });

  it("edits an editor without touching its status, with 'Editor updated successfully'", async () => {
    const s = await makeAdminSession();
    const e = await makeEditor(s.id, { name: "Old Name", status: "disabled" });
    const page = await text(await get(s, `/admin/editors/${e.id}`));
    expect(page).toContain('value="Old Name"');
    const res = await post(s, `/admin/editors/${e.id}`, editorForm({ name: "New Name", category: "chief editor" }));
    expect(res.status).toBe(302);
    expect(res.headers.get("set-cookie")).toMatch(/^admin_flash=/);
    const after = await getEditor(db(), s.id, e.id);
    expect(after?.name).toBe("New Name");
    expect(after?.category).toBe("chief editor");
    expect(after?.status).toBe("disabled");
    const listed = await fetchWorker(s.url("/admin/editors"), { headers: { cookie: `journal_session=${s.token}; ${res.headers.get("set-cookie")!.split(";")[0]}` } });
    expect(await text(listed)).toContain("Editor updated successfully");
  });

  it("toggles status from the list and pins in bulk with 'List Sorted!'", async () => {
    const s = await makeAdminSession();
    const e1 = await makeEditor(s.id, { name: "First Editor" });
    const e2 = await makeEditor(s.id, { name: "Second Editor" });
    const off = await post(s, "/admin/editors", { intent: "status", id: String(e1.id), status: "disabled" });
    expect(off.status).toBe(200);
    expect((await getEditor(db(), s.id, e1.id))?.status).toBe("disabled");
    const pin = await post(s, "/admin/editors", { intent: "pin", ids: [String(e2.id)] });
    expect(await text(pin)).toContain("List Sorted!");
    expect((await getEditor(db(), s.id, e2.id))?.is_pinned).toBe(1);
    const html = await text(await get(s, "/admin/editors"));
    expect(html.indexOf("Second Editor")).toBeLessThan(html.indexOf("First Editor")); // pinned first
    const unpin = await post(s, "/admin/editors", { intent: "unpin", ids: [String(e2.id)] });
    expect(await text(unpin)).toContain("List Sorted!");
    expect((await getEditor(db(), s.id, e2.id))?.is_pinned).toBe(0);
    const none = await post(s, "/admin/editors", { intent: "pin" });
    expect(none.status).toBe(400);
  });

  it("cannot open, toggle or pin another journal's editor (404, nothing changed)", async () => {
    const a = await makeAdminSession();
    const b = await makeAdminSession();
    const eb = await makeEditor(b.id, { name: "B's Editor" });
    const view = await get(a, `/admin/editors/${eb.id}`);
    expect(view.status).toBe(404);
    expect(await text(view)).toContain("Not Found!");
    expect((await post(a, `/admin/editors/${eb.id}`, editorForm({ name: "Hijacked" }))).status).toBe(404);
    expect((await post(a, "/admin/editors", { intent: "status", id: String(eb.id), status: "disabled" })).status).toBe(404);
    expect((await post(a, "/admin/editors", { intent: "pin", ids: [String(eb.id)] })).status).toBe(404);
    const after = await getEditor(db(), b.id, eb.id);
    expect(after?.name).toBe("B's Editor");
    expect(after?.status).toBe("enabled");
    expect(after?.is_pinned).toBe(0);
    expect(await text(await get(a, "/admin/editors"))).not.toContain("B's Editor");
  });

  it("refuses cross-site editor posts", async () => {
    const s = await makeAdminSession();
    const e = await makeEditor(s.id);
    expect((await post(s, "/admin/editors", { intent: "status", id: String(e.id), status: "disabled" }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect(REFUSED).toContain((await post(s, "/admin/editors/add", editorForm({}), { origin: "https://evil.example" })).status);
    expect((await post(s, `/admin/editors/${e.id}`, editorForm({ name: "Changed" }), { "sec-fetch-site": "cross-site" })).status).toBe(403);
    const after = await getEditor(db(), s.id, e.id);
    expect(after?.status).toBe("enabled");
    expect(after?.name).toBe(e.name);
  });

  it("keeps the client picture limit equal to the server's", () => {
    expect(MAX_PICTURE_BYTES).toBe(MAX_IMAGE_BYTES);
  });
});

describe("settings", () => {
  it("saves every field, unticks a flag through the hidden '0', and the public site shows it", async () => {
    const s = await makeAdminSession({ settings: { show_subject_column: true, show_cover_image: true } });
    const page = await text(await get(s, "/admin/settings"));
    for (const key of ["websitename", "issn", "google_review_link", "impactfactor", "home_content", "show_subject_column", "show_cover_image", "show_editor_contacts"]) {
      expect(page, key).toContain(`name="${key}"`);
    }
    const res = await post(s, "/admin/settings", {
      websitename: "Renamed Annals",
      formatted_journal_name: "Renamed <i>Annals</i><script>x()</script>",
      issn: "9999-0000",
      google_review_link: "https://g.page/r/abc",
      home_content: "<p>Welcome <b>readers</b></p>",
      show_subject_column: ["0", "1"],
      show_cover_image: "0",
      show_editor_contacts: ["0", "1"],
    });
    expect(res.status).toBe(200);
    expect(await text(res)).toContain("Settings updated successfully");
    const saved = await getSettings(db(), s.id);
    expect(saved?.websitename).toBe("Renamed Annals");
    expect(saved?.formatted_journal_name).toBe("Renamed <i>Annals</i>");
    expect(saved?.issn).toBe("9999-0000");
    expect(saved?.show_subject_column).toBe(true);
    expect(saved?.show_cover_image).toBe(false);
    expect(saved?.show_editor_contacts).toBe(true);
    expect(await (await fetchWorker(s.url("/"))).text()).toContain("Renamed Annals");
  });

  it("refuses an empty site name and a non-https review link", async () => {
    const s = await makeAdminSession({ settings: { websitename: "Keep Me" } });
    const res = await post(s, "/admin/settings", { websitename: " ", google_review_link: "http://x" });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html).toContain("This field is required");
    expect(html).toContain("Enter a web address starting with https://");
    expect((await getSettings(db(), s.id))?.websitename).toBe("Keep Me");
    expect(REFUSED).toContain((await post(s, "/admin/settings", { websitename: "X" }, { origin: "https://evil.example" })).status);
    expect((await post(s, "/admin/settings", { websitename: "X" }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await getSettings(db(), s.id))?.websitename).toBe("Keep Me");
  });
});

describe("dashboard and search", () => {
  it("shows the journal's own counts", async () => {
    const s = await makeAdminSession();
    await makeIssue(s.id, { volume: 1 });
    await makeIssue(s.id, { volume: 2 });
    await makeEditor(s.id);
    const other = await makeAdminSession();
    await makeEditor(other.id);
    await makeEditor(other.id);
    const html = await text(await get(s, "/admin"));
    expect(html).toContain('aria-label="2 issues"');
    expect(html).toContain('aria-label="1 editors"');
  });

  it("finds articles by refnumber or title with EDIT links, else 'Not Found!'", async () => {
    const s = await makeAdminSession();
    const issue = await makeIssue(s.id);
    const a = await makeArticle(s.id, issue, { title: "Drought tolerance of <i>Sorghum bicolor</i>" });
    const byRef = await text(await get(s, `/admin/search?q=${a.refnumber}`));
    expect(byRef).toContain(`/admin/archives/${a.id}`);
    expect(byRef).toContain("EDIT");
    const byTitle = await text(await get(s, "/admin/search?q=sorghum"));
    expect(byTitle).toContain(`/admin/archives/${a.id}`);
    const none = await text(await get(s, "/admin/search?q=zzzz-nothing"));
    expect(none).toContain("Not Found!");
    // Another journal's admin does not find it.
    const other = await makeAdminSession();
    expect(await text(await get(other, `/admin/search?q=${a.refnumber}`))).toContain("Not Found!");
  });
});

describe("articleFieldErrors (instant form messages)", () => {
  const base = { refnumber: "1", txnid: "TXN1", ptype: "paid", publishdate: "2025-01-01", authorname: "A B", email: "a@b.c", pagenumber: "5-9", title: "T", abstract: "A" };
  it("reports the issue-order rule while other fields are still empty", () => {
    expect(articleFieldErrors({ pagenumber: "3-4" }, { mode: "add", lastPage: 8, hasPdf: false }).pagenumber).toBe(
      "The the first value of the page range should be one more than the last one. The last page was 8",
    );
    expect(articleFieldErrors({ ...base, pagenumber: "9-12" }, { mode: "add", lastPage: 8, hasPdf: true })).toEqual({});
    expect(articleFieldErrors({ ...base, txnid: "#" }, { mode: "edit", hasPdf: false }).txnid).toBe("Invalid transaction id");
    expect(articleFieldErrors({ ...base, pagenumber: "9-2" }, { mode: "edit", hasPdf: false }).pagenumber).toBe("Invalid page number");
    expect(articleFieldErrors(base, { mode: "add", hasPdf: false }).pdfFile).toBe("This field is required");
  });
});
