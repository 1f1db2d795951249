/**
 * The register of issued certificates (ADR 027): each certificate the site issues is recorded
 * once per code — however many downloads, at once or later — and /verify tells the truth in
 * every case: current, corrected since (printed name, date, today's name), withdrawn, or never
 * issued; editors' certificates have codes and the same page.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { articles, editors, issuedCertificates } from "../../app/db/schema";
import { certificateSecret } from "../../app/documents/verification.server";
import { bumpJournalVersion } from "../../app/models/journals.server";
import { longDate, journalToday } from "../../app/lib/dates";
import { certificateCodeV1 } from "../certificate-codes";
import { db, fetchWorker, insertRawArticleForTest, makeEditor, makeIssue, makeJournal, makeUser } from "../factories";
import { adminAuth, documentText, loadPdf, loadPdfResponse, postJson } from "./pdf-helpers";

async function setup(authorname = "Łukasz Żółć, Asha Rao") {
  const j = await makeJournal({ settings: { websitename: "Register Journal", issn: "1111-2222" } });
  const issue = await makeIssue(j.id, { year: 2025, volume: 4, issue: 1, frequency: "Jan-Mar" });
  const article = await insertRawArticleForTest(j.id, issue, { authorname, pagenumber: "1-9", publishdate: "2025-02-10" });
  await makeEditor(j.id, { name: "Prof. Chief Editor", category: "chief editor" });
  return { j, issue, article };
}

const rows = (journalId: number) => db().select().from(issuedCertificates).where(eq(issuedCertificates.journalId, journalId));

async function change(journalId: number, id: number, values: Partial<typeof articles.$inferInsert>) {
  await db().update(articles).set(values).where(eq(articles.id, id));
  await bumpJournalVersion(db(), journalId);
}

/** Downloads a certificate (past the edge cache) and returns its code as printed. */
async function download(j: { url(p: string): string }, ref: string, n: number, fresh: string): Promise<string> {
  const res = await fetchWorker(j.url(`/api/pdf/certificate/${ref}/${n}?fresh=${fresh}`), { headers: { authorization: "Bearer edge-cache-bypass" } });
  const doc = await loadPdfResponse(res, `certificate-${ref}.pdf`);
  return /Certificate ID: (\S+)/.exec(documentText(doc))![1];
}

const page = async (j: { url(p: string): string }, code: string) => {
  const res = await fetchWorker(j.url(`/verify/${code}`));
  return { status: res.status, html: (await res.text()).replace(/<!-- -->/g, "") };
};

describe("the register of issued certificates", () => {
  it("records a certificate once per code, with what it prints, however many downloads — at once or later", async () => {
    const { j, article } = await setup();
    // Five downloads at the same moment, then another: every one succeeds, one row results.
    const codes = await Promise.all([1, 2, 3, 4, 5].map((i) => download(j, article.refnumber, 1, `a${i}`)));
    expect(new Set(codes).size).toBe(1);
    await download(j, article.refnumber, 1, "later");
    const stored = await rows(j.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      code: codes[0],
      kind: "author",
      articleId: article.id,
      refnumber: article.refnumber,
      position: 1,
      printedName: "Łukasz Żółć",
      issuedOn: "2025-02-10",
    });
    expect(Date.now() - Date.parse(stored[0].firstIssuedAt)).toBeLessThan(120_000);
    // Another author's certificate is another row.
    await download(j, article.refnumber, 2, "b");
    expect(await rows(j.id)).toHaveLength(2);
  });

  it("a certificate zip registers every certificate in it, once", async () => {
    const { j, article } = await setup();
    const auth = await adminAuth(j, await makeUser(j.id));
    for (let i = 0; i < 2; i++) {
      const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [article.refnumber] }, auth);
      expect(res.status).toBe(200);
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(Object.keys(files)).toHaveLength(2);
    }
    const stored = await rows(j.id);
    expect(stored.map((r) => [r.position, r.printedName]).sort()).toEqual([
      [1, "Łukasz Żółć"],
      [2, "Asha Rao"],
    ]);
  });

  it("after the name is corrected, the old code's page names the printed name, the date and today's name: a correction, not a forgery", async () => {
    const { j, article } = await setup();
    const code = await download(j, article.refnumber, 1, "c");
    const issuedDate = longDate(journalToday(undefined, new Date()));
    await change(j.id, article.id, { authorname: "Lukasz Zolc, Asha Rao" });
    const { status, html } = await page(j, code);
    expect(status).toBe(200);
    expect(html).toContain("Certificate of Publication verified — the byline has since been corrected");
    expect(html).toContain(`Register Journal issued this certificate to <strong>Łukasz Żółć</strong> on <strong>${issuedDate}</strong>.`);
    expect(html).toContain("The byline now reads, in position 1: <strong>Lukasz Zolc</strong> (author 1 of 2).");
    expect(html).toContain("this is a correction, not a forgery");
    expect(html).not.toContain("This verification code is not valid");
    // "Dr." added: the same.
    await change(j.id, article.id, { authorname: "Dr. Łukasz Żółć, Asha Rao" });
    expect((await page(j, code)).html).toContain("The byline now reads, in position 1: <strong>Dr. Łukasz Żółć</strong>");
    // Corrected back: simply current again, dated by the register.
    await change(j.id, article.id, { authorname: "Łukasz Żółć, Asha Rao" });
    const current = await page(j, code);
    expect(current.html).toContain("Certificate of Publication verified</h1>");
    expect(current.html).toContain(`First issued on</dt><dd>${issuedDate}</dd>`);
  });

  it("a random code, and a forged one for a real article, are still never issued (404)", async () => {
    const { j, article } = await setup();
    const code = await download(j, article.refnumber, 1, "d");
    const forged = `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`;
    for (const c of ["123456-1-ABCDEFGHJK", forged, `${article.refnumber}-2-${code.slice(-10)}`, "E1-20250101-ABCDEFGHJK"]) {
      const { status, html } = await page(j, c);
      expect(status, c).toBe(404);
      expect(html).toContain("This verification code is not valid for this journal.");
    }
  });

  it("withdrawn: a registered certificate of an article since disabled or deleted says so (410), naming the printed name", async () => {
    const { j, article } = await setup();
    const code = await download(j, article.refnumber, 2, "e");
    await change(j.id, article.id, { status: "disabled", authorname: "Łukasz Żółć, Asha R. Rao" });
    const disabled = await page(j, code);
    expect(disabled.status).toBe(410);
    expect(disabled.html).toContain("This certificate was issued by this journal, but the article has since been withdrawn.");
    expect(disabled.html).toContain("<strong>Asha Rao</strong>");
    await db().delete(articles).where(eq(articles.id, article.id));
    await bumpJournalVersion(db(), j.id);
    const deleted = await page(j, code);
    expect(deleted.status).toBe(410);
    expect(deleted.html).toContain("<strong>Asha Rao</strong>");
  });

  it("a code keeps verifying after the article's reference number changes", async () => {
    const { j, article } = await setup();
    const code = await download(j, article.refnumber, 1, "f");
    await change(j.id, article.id, { refnumber: `${article.refnumber}9` });
    const { status, html } = await page(j, code);
    expect(status).toBe(200);
    expect(html).toContain("issued to <strong>Łukasz Żółć</strong>");
  });

  it("codes printed before the register keep verifying: v2 by their MAC, v1 as earlier certificates", async () => {
    const { j, article } = await setup();
    const code = await download(j, article.refnumber, 1, "g");
    await db().delete(issuedCertificates).where(eq(issuedCertificates.journalId, j.id));
    const v2 = await page(j, code);
    expect(v2.status).toBe(200);
    expect(v2.html).toContain("Certificate of Publication verified</h1>");
    const v1 = await page(j, await certificateCodeV1(certificateSecret(env)!, j.id, article.refnumber, 2));
    expect(v1.status).toBe(200);
    expect(v1.html).toContain("Certificate of Publication verified (earlier certificate)");
  });
});

describe("editors' certificates of appreciation", () => {
  it("carry a code and a QR link to /verify, are registered, and the page names the editor; a renamed editor reads as corrected", async () => {
    const { j } = await setup();
    const auth = await adminAuth(j, await makeUser(j.id));
    const e = await makeEditor(j.id, { name: "Dr. Hélène Dubois", category: "associate editor" });
    const res = await postJson(j.url("/api/pdf/editorscertificate"), { ids: [e.id] }, auth);
    expect(res.status).toBe(200);
    const [[, bytes]] = Object.entries(unzipSync(new Uint8Array(await res.arrayBuffer())));
    const text = documentText(await loadPdf(bytes));
    const today = journalToday(undefined);
    const code = new RegExp(`Certificate ID: (E${e.id}-${today.replace(/-/g, "")}-[0-9A-Z]{10})`).exec(text)?.[1];
    expect(code, text).toBeDefined();
    expect(text).toContain(j.url(`/verify/${code}`).replace(/^http:/, "https:"));
    expect(await rows(j.id)).toEqual([expect.objectContaining({ code, kind: "editor", editorId: e.id, role: "Associate Editor", printedName: "Dr. Hélène Dubois", issuedOn: today })]);

    const ok = await page(j, code!);
    expect(ok.status).toBe(200);
    expect(ok.html).toContain("Certificate of Appreciation verified");
    expect(ok.html).toContain(`Register Journal issued this certificate of appreciation to <strong>Dr. Hélène Dubois</strong>, Associate Editor, on <strong>${longDate(today)}</strong>.`);
    // Typed in lower case, it still verifies.
    expect((await page(j, code!.toLowerCase())).status).toBe(200);

    await db().update(editors).set({ name: "Dr. Hélène Dubois-Martin" }).where(eq(editors.id, e.id));
    await bumpJournalVersion(db(), j.id);
    const renamed = await page(j, code!);
    expect(renamed.status).toBe(200);
    expect(renamed.html).toContain("<strong>Dr. Hélène Dubois</strong>");
    expect(renamed.html).toContain("The editorial board now lists them as <strong>Dr. Hélène Dubois-Martin</strong>.");
    // A forged editor code is not valid.
    expect((await page(j, `${code!.slice(0, -1)}${code!.endsWith("A") ? "B" : "A"}`)).status).toBe(404);
  });
});
