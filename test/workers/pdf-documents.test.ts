import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { documentBuilds } from "../../app/documents/canvas.server";
import { bumpJournalVersion } from "../../app/models/journals.server";
import { db, editArticle, fetchWorker, makeArticle, makeEditor, makeIssue, makeJournal, makeUser } from "../factories";
import { adminAuth, documentText, expectGlyphsMatchText, loadPdfResponse, pageLines, postJson } from "./pdf-helpers";

const settings = {
  websitename: "Bulletin of Printable Sciences",
  issn: "1111-2222",
  journal_essn: "3333-4444",
  publisher_name: "Printable Press",
  publisher_address: "7 Press Lane, Varanasi 221005, India",
};

describe("GET /api/pdf/coverpage/{id}", () => {
  it("serves the cover of the article's issue", async () => {
    const j = await makeJournal({ settings });
    const issue = await makeIssue(j.id, { year: 2024, volume: 9, issue: 4, frequency: "Oct-Dec" });
    const article = await makeArticle(j.id, issue);
    const doc = await loadPdfResponse(await fetchWorker(j.url(`/api/pdf/coverpage/${article.id}`)), `coverpage-${article.id}.pdf`);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(height).toBeGreaterThan(width);
    const text = documentText(doc);
    for (const expected of [
      "Bulletin of Printable Sciences",
      "ISSN: 1111-2222",
      "E-ISSN: 3333-4444",
      "VOLUME 9 · ISSUE 4",
      "October–December 2024",
      "Printable Press",
      "7 Press Lane, Varanasi 221005, India",
    ]) {
      expect(text.replace(/\s+/g, " ")).toContain(expected);
    }
    expect(doc.getTitle()).toContain("Volume 9, Issue 4");
    expectGlyphsMatchText(doc);
  });

  it("answers 404 for an unknown, malformed, disabled or foreign article id", async () => {
    const j = await makeJournal({ settings });
    const issue = await makeIssue(j.id);
    const disabled = await makeArticle(j.id, issue, { status: "disabled" });
    const other = await makeJournal();
    const foreign = await makeArticle(other.id, await makeIssue(other.id));
    for (const id of ["999999999", "abc", "0", String(disabled.id), String(foreign.id)]) {
      const res = await fetchWorker(j.url(`/api/pdf/coverpage/${id}`));
      expect(res.status, id).toBe(404);
      expect(await res.json()).toMatchObject({ error: "not_found" });
    }
  });
});

describe("GET /api/pdf/editorialboard", () => {
  it("groups enabled editors, pinned first, and hides contacts unless the journal shows them", async () => {
    const j = await makeJournal({ settings });
    await makeEditor(j.id, { name: "Dr. Associate Early", category: "associate editor", email: "early@x.example", phone: "+91 11111" });
    await makeEditor(j.id, { name: "Prof. Chief Person", category: "chief editor", post: "<em>Professor</em>", content: "Banaras Hindu University", country: "India" });
    await makeEditor(j.id, { name: "डॉ. विनोद कुमार", category: "assistant editor", country: "भारत" });
    await makeEditor(j.id, { name: "Dr. Pinned Associate", category: "associate editor", is_pinned: 1 });
    await makeEditor(j.id, { name: "Dr. Hidden Disabled", category: "associate editor", status: "disabled" });
    await makeEditor(j.id, { name: "Dr. Élodie Çelik", category: "assistant editor", country: "France" });

    const doc = await loadPdfResponse(await fetchWorker(j.url("/api/pdf/editorialboard")), "Editorial-Board.pdf");
    const text = documentText(doc);
    const order = ["EDITORIAL BOARD", "Editor-in-Chief", "Prof. Chief Person", "Professor", "Banaras Hindu University", "India", "Associate Editors", "Dr. Pinned Associate", "Dr. Associate Early", "Assistant Editors", "डॉ. विनोद कुमार", "भारत", "Dr. Élodie Çelik"];
    let at = -1;
    for (const item of order) {
      const next = text.indexOf(item, at + 1);
      expect(next, item).toBeGreaterThan(at);
      at = next;
    }
    expect(text).not.toContain("Dr. Hidden Disabled");
    expect(text).not.toContain("early@x.example");
    expect(text).not.toContain("+91 11111");
    expect(text).toContain("Page 1 of 1");
    expectGlyphsMatchText(doc);

    const shows = await makeJournal({ settings: { ...settings, show_editor_contacts: true } });
    await makeEditor(shows.id, { name: "Dr. Contactable", category: "associate editor", email: "c@x.example", phone: "+91 22222" });
    const withContacts = documentText(await loadPdfResponse(await fetchWorker(shows.url("/api/pdf/editorialboard")), "Editorial-Board.pdf"));
    expect(withContacts).toContain("E-mail: c@x.example");
    expect(withContacts).toContain("Phone: +91 22222");
  });

  it("continues over several pages for a large board, with page numbers", async () => {
    const j = await makeJournal({ settings });
    for (let i = 0; i < 60; i++) await makeEditor(j.id, { name: `Dr. Board Member ${i}`, category: i < 30 ? "associate editor" : "assistant editor", content: "Some University, Some City" });
    const doc = await loadPdfResponse(await fetchWorker(j.url("/api/pdf/editorialboard")), "Editorial-Board.pdf");
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(2);
    expect(documentText(doc)).toContain(`Page ${pages} of ${pages}`);
    for (let i = 0; i < 60; i++) expect(documentText(doc)).toContain(`Dr. Board Member ${i}\n`);
    // Every later page starts with its group's heading — again, "(continued)", when the group began pages back.
    for (let p = 1; p < pages; p++) {
      const lines = pageLines(doc, p).map((l) => l.text);
      const heading = lines.findIndex((t) => /^(Associate|Assistant) Editors/.test(t));
      const member = lines.findIndex((t) => t.startsWith("Dr. Board Member"));
      expect(heading, `page ${p + 1}: ${lines.slice(0, 5).join(" | ")}`).toBeGreaterThan(-1);
      expect(heading, `page ${p + 1}`).toBeLessThan(member);
    }
    expect(documentText(doc)).toMatch(/Associate Editors \(continued\)/);
  });

  it("is still a valid document when the board is empty", async () => {
    const j = await makeJournal({ settings });
    const doc = await loadPdfResponse(await fetchWorker(j.url("/api/pdf/editorialboard")), "Editorial-Board.pdf");
    expect(doc.getPageCount()).toBe(1);
    expect(documentText(doc)).toContain("The editorial board will be announced soon.");
  });
});

describe("public documents: deterministic bytes, ETags and 304s", () => {
  const latin1 = (u8: Uint8Array) => new TextDecoder("latin1").decode(u8);
  const dates = (u8: Uint8Array) => [...latin1(u8).matchAll(/\/(CreationDate|ModDate) \(D:(\d{14})Z\)/g)].map((m) => `${m[1]} ${m[2]}`).sort();
  /**
   * GET that reaches the route: requests with an Authorization header are never answered from
   * the edge cache (whose own 304s are tested in cache.test.ts).
   */
  async function get(url: string, _n: number, ifNoneMatch?: string) {
    const before = documentBuilds.count;
    const headers: Record<string, string> = { authorization: "Bearer edge-cache-bypass" };
    if (ifNoneMatch) headers["if-none-match"] = ifNoneMatch;
    const res = await fetchWorker(url, { headers });
    return { res, body: new Uint8Array(await res.arrayBuffer()), built: documentBuilds.count - before };
  }

  for (const [name, file] of [
    ["cover page", "coverpage"],
    ["editorial board", "Editorial-Board"],
  ] as const) {
    it(`${name}: the same bytes on every build, dated from its data; a 304 for the current ETag, without building`, async () => {
      const j = await makeJournal({ settings });
      const issue = await makeIssue(j.id, { year: 2024, volume: 9, issue: 4, frequency: "Oct-Dec" });
      const article = await makeArticle(j.id, issue, { publishdate: "2024-11-20" });
      const e1 = await makeEditor(j.id, { name: "Prof. Chief Person", category: "chief editor" });
      const e2 = await makeEditor(j.id, { name: "Dr. Associate One", category: "associate editor" });
      await env.DB.prepare("update editors set updated_at = ? where id = ?").bind("2024-03-02T09:15:00.123Z", e1.id).run();
      await env.DB.prepare("update editors set updated_at = ? where id = ?").bind("2024-07-08T10:20:30.456Z", e2.id).run();
      const url = file === "coverpage" ? j.url(`/api/pdf/coverpage/${article.id}`) : j.url("/api/pdf/editorialboard");
      const filename = file === "coverpage" ? `coverpage-${article.id}.pdf` : "Editorial-Board.pdf";

      const first = await get(url, 1);
      expect(first.res.status).toBe(200);
      expect(first.built).toBe(1);
      expect(first.res.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
      expect(first.res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      const etag = first.res.headers.get("etag")!;
      expect(etag).toMatch(/^"[!#-~]+"$/);
      // Cover page: the article's publish date; board: the latest change to the editors listed.
      const stamp = file === "coverpage" ? "20241120000000" : "20240708102030";
      expect(dates(first.body)).toEqual([`CreationDate ${stamp}`, `ModDate ${stamp}`]);

      await new Promise((r) => setTimeout(r, 1100));
      const again = await get(url, 2);
      expect(again.built).toBe(1);
      expect(again.body).toEqual(first.body);
      expect(again.res.headers.get("etag")).toBe(etag);

      const revalidated = await get(url, 3, etag);
      expect(revalidated.res.status).toBe(304);
      expect(revalidated.built).toBe(0);
      expect(revalidated.body.length).toBe(0);
      expect(revalidated.res.headers.get("etag")).toBe(etag);
      expect(revalidated.res.headers.get("server-timing")).toContain('desc="1 round trips"');

      // A staff write bumps the journal's version: the old ETag no longer matches.
      await bumpJournalVersion(db(), j.id);
      const stale = await get(url, 4, etag);
      expect(stale.res.status).toBe(200);
      expect(stale.built).toBe(1);
      expect(stale.res.headers.get("etag")).not.toBe(etag);
    });
  }

  it("the cover page answers 404, not 304, for an article that is gone", async () => {
    const j = await makeJournal({ settings });
    const res = await fetchWorker(j.url("/api/pdf/coverpage/999999999"), { headers: { "if-none-match": "*" } });
    expect(res.status).toBe(404);
  });
});

describe("POST /api/pdf/indexpage (admin)", () => {
  async function setup() {
    const j = await makeJournal({ settings });
    const user = await makeUser(j.id);
    const auth = await adminAuth(j, user);
    const issue = await makeIssue(j.id, { year: 2025, volume: 5, issue: 1, frequency: "January" });
    return { j, auth, issue };
  }

  it("needs a staff session", async () => {
    const { j } = await setup();
    const res = await postJson(j.url("/api/pdf/indexpage"), { refnumbers: ["1"] });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "unauthorized" });
  });

  it("lists the selected articles in page order with titles, authors and pages", async () => {
    const { j, auth, issue } = await setup();
    const late = await makeArticle(j.id, issue, { title: "Later article on <em>Zea mays</em>", authorname: "Dr. Late Author", pagenumber: "10-19" });
    // Added after page 19 (the add rule), then moved to pages 2-9 by an edit, as staff can.
    const added = await makeArticle(j.id, issue, { title: "Early article", authorname: "राजेश कुमार, Renée Ødegård", pagenumber: "20-21" });
    const early = await editArticle(j.id, added, { pagenumber: "2-9" });
    await makeArticle(j.id, issue, { title: "Not selected", pagenumber: "20-25" });
    const res = await postJson(j.url("/api/pdf/indexpage"), { refnumbers: [late.refnumber, early.refnumber] }, auth);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const doc = await loadPdfResponse(res, "Index-Page.pdf");
    expect(doc.getPageCount()).toBe(1);
    const text = documentText(doc);
    expect(text).toContain("TABLE OF CONTENTS");
    expect(text).toContain("Volume 5, Issue 1 · January 2025");
    expect(text).toContain("S.No.");
    expect(text.indexOf("Early article")).toBeLessThan(text.indexOf("Later article on Zea mays"));
    expect(text).toContain("राजेश कुमार, Renée Ødegård");
    expect(text).toContain("2–9");
    expect(text).toContain("10–19");
    expect(text).not.toContain("Not selected");
    const italic = pageLines(doc, 0).flatMap((l) => Object.entries(l.byFont).filter(([f]) => /NotoSerif-Italic$/.test(f) && l.text.includes("Zea")).map(([, t]) => t));
    expect(italic.join("").replace(/\s/g, "")).toBe("Zeamays");
    expectGlyphsMatchText(doc);
  });

  it("builds the same selection into the same bytes, dated by its newest publish date", async () => {
    const { j, auth, issue } = await setup();
    const a = await makeArticle(j.id, issue, { pagenumber: "1-5", publishdate: "2025-01-20" });
    const b = await makeArticle(j.id, issue, { pagenumber: "6-9", publishdate: "2025-02-03" });
    const build = async () => new Uint8Array(await (await postJson(j.url("/api/pdf/indexpage"), { refnumbers: [a.refnumber, b.refnumber] }, auth)).arrayBuffer());
    const first = await build();
    await new Promise((r) => setTimeout(r, 1100));
    expect(await build()).toEqual(first);
    expect(new TextDecoder("latin1").decode(first)).toContain("/CreationDate (D:20250203000000Z)");
  });

  it("groups a selection that spans issues under a heading per issue", async () => {
    const { j, auth, issue } = await setup();
    const later = await makeIssue(j.id, { year: 2025, volume: 5, issue: 2, frequency: "February" });
    const b = await makeArticle(j.id, later, { title: "From the second issue", pagenumber: "1-4" });
    const a = await makeArticle(j.id, issue, { title: "From the first issue", pagenumber: "30-34" });
    const doc = await loadPdfResponse(await postJson(j.url("/api/pdf/indexpage"), { refnumbers: [b.refnumber, a.refnumber] }, auth), "Index-Page.pdf");
    const text = documentText(doc);
    const order = ["2 issues", "Volume 5, Issue 1 · January 2025", "From the first issue", "Volume 5, Issue 2 · February 2025", "From the second issue"];
    let at = -1;
    for (const item of order) {
      const next = text.indexOf(item, at + 1);
      expect(next, item).toBeGreaterThan(at);
      at = next;
    }
  });

  it("repeats an issue's heading, marked continued, on a page that starts inside its rows", async () => {
    const { j, auth, issue } = await setup();
    const later = await makeIssue(j.id, { year: 2025, volume: 5, issue: 2, frequency: "February" });
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) refs.push((await makeArticle(j.id, issue, { title: `January entry ${i + 1}`, pagenumber: `${i * 10 + 1}-${i * 10 + 9}` })).refnumber);
    for (let i = 0; i < 40; i++) {
      const a = await makeArticle(j.id, later, { title: `February entry ${i + 1} on field trials of <i>Triticum aestivum</i> under irrigated conditions`, pagenumber: `${i * 10 + 1}-${i * 10 + 9}` });
      refs.push(a.refnumber);
    }
    const doc = await loadPdfResponse(await postJson(j.url("/api/pdf/indexpage"), { refnumbers: refs }, auth), "Index-Page.pdf");
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(1);
    for (let p = 1; p < pages; p++) {
      const lines = pageLines(doc, p).map((l) => l.text);
      // Right under the repeated table header, before any row.
      const header = lines.indexOf("Title and Authors");
      const body = lines.slice(header + 1).filter((t) => t !== "Pages" && t !== "S.No.");
      expect(body[0], `page ${p + 1}: ${lines.slice(0, 6).join(" | ")}`).toBe("Volume 5, Issue 2 · February 2025 (continued)");
    }
    // The first page names each issue once, not continued.
    const first = pageLines(doc, 0).map((l) => l.text);
    expect(first).toContain("Volume 5, Issue 1 · January 2025");
    expect(first).toContain("Volume 5, Issue 2 · February 2025");
    expect(first.some((t) => t.includes("(continued)"))).toBe(false);
    expectGlyphsMatchText(doc);
  });

  it("accepts a bare JSON array and numbers as refnumbers", async () => {
    const { j, auth, issue } = await setup();
    const a = await makeArticle(j.id, issue);
    const res = await postJson(j.url("/api/pdf/indexpage"), [Number(a.refnumber)], auth);
    await loadPdfResponse(res, "Index-Page.pdf");
  });

  it("runs over several pages when long, numbering rows and repeating the table header", async () => {
    const { j, auth, issue } = await setup();
    const refs: string[] = [];
    for (let i = 0; i < 45; i++) {
      const a = await makeArticle(j.id, issue, { title: `Entry number ${i + 1} on field trials of <i>Triticum aestivum</i> under irrigated conditions`, pagenumber: `${i * 10 + 1}-${i * 10 + 9}` });
      refs.push(a.refnumber);
    }
    const doc = await loadPdfResponse(await postJson(j.url("/api/pdf/indexpage"), { refnumbers: refs.reverse() }, auth), "Index-Page.pdf");
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(1);
    for (let p = 0; p < pages; p++) expect(pageLines(doc, p).some((l) => l.text === "Title and Authors")).toBe(true);
    const text = documentText(doc);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    let at = -1;
    for (let i = 1; i <= 45; i++) {
      const next = text.indexOf(`Entry number ${i} on`);
      expect(next, `entry ${i}`).toBeGreaterThan(at);
      at = next;
    }
  });

  it("refuses empty, oversized, malformed and non-JSON selections with a clear 400", async () => {
    const { j, auth } = await setup();
    const cases: [unknown, string, Record<string, string>?][] = [
      [{ refnumbers: [] }, "empty_selection"],
      [[], "empty_selection"],
      [{ refnumbers: Array.from({ length: 201 }, (_, i) => String(1000 + i)) }, "too_many"],
      ["{not json", "malformed_json"],
      [{ refnumbers: "123" }, "invalid_selection"],
      [{ refnumbers: [{ x: 1 }] }, "invalid_selection"],
      [{ refnumbers: ["12/../3"] }, "invalid_selection"],
    ];
    for (const [body, error] of cases) {
      const res = await postJson(j.url("/api/pdf/indexpage"), body, auth);
      expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(400);
      const json = (await res.json()) as { error: string; message: string };
      expect(json.error).toBe(error);
      expect(json.message.length).toBeGreaterThan(10);
    }
    const form = await fetchWorker(j.url("/api/pdf/indexpage"), { method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: "1,2" });
    expect(form.status).toBe(400);
    expect(await form.json()).toMatchObject({ error: "expected_json" });
  });

  it("answers 404 naming refnumbers this journal does not have", async () => {
    const { j, auth, issue } = await setup();
    const mine = await makeArticle(j.id, issue);
    const other = await makeJournal();
    const theirs = await makeArticle(other.id, await makeIssue(other.id));
    const res = await postJson(j.url("/api/pdf/indexpage"), { refnumbers: [mine.refnumber, theirs.refnumber] }, auth);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: "not_found", missing: [theirs.refnumber] });
  });
});
