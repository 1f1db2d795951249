import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { documentBuilds } from "../../app/documents/canvas.server";
import { concat } from "../../app/lib/png";
import { MAX_SELECTION_BYTES } from "../../app/schemas/selection";
import { fetchWorker, insertRawArticleForTest, makeArticle, makeEditor, makeIssue, makeJournal, makeUser } from "../factories";
import { adminAuth, documentText, expectGlyphsMatchText, loadPdf, postJson } from "./pdf-helpers";

async function setup() {
  const j = await makeJournal({ settings: { websitename: "Journal of Zipped Results", issn: "5555-6666" } });
  const auth = await adminAuth(j, await makeUser(j.id));
  const issue = await makeIssue(j.id, { year: 2025, volume: 2, issue: 3, frequency: "Jul-Sep" });
  await makeEditor(j.id, { name: "Prof. Zip Chief", category: "chief editor" });
  return { j, auth, issue };
}

async function readZip(res: Response, filename: string): Promise<Record<string, Uint8Array>> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${filename}"`);
  // Streamed as it is built: no length known up front (the streaming itself is tested below).
  expect(res.headers.get("content-length")).toBeNull();
  return unzipSync(new Uint8Array(await res.arrayBuffer()));
}

describe("POST /api/pdf/bulkcertificates (admin)", () => {
  it("needs a staff session", async () => {
    const { j } = await setup();
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: ["1"] });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "unauthorized" });
  });

  it("zips one certificate per author of each article, with safe unique names", async () => {
    const { j, auth, issue } = await setup();
    // Legacy rows: today's author rule refuses '-', "'", '/' and '\\', but file names must be
    // safe for names stored before it.
    const a = await insertRawArticleForTest(j.id, issue, { authorname: "Dr. Anjali Sharma, José Müller-Łukasz, क्षितिज त्रिपाठी", pagenumber: "1-8" });
    const b = await insertRawArticleForTest(j.id, issue, { authorname: "Sharma, O'Brien/..\\Evil Name", pagenumber: "9-14" });
    const files = await readZip(await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [b.refnumber, a.refnumber, a.refnumber] }, auth), "Certificates.zip");
    const names = Object.keys(files);
    expect(names).toEqual([
      `${a.refnumber}-1-Sharma.pdf`,
      `${a.refnumber}-2-Muller-Lukasz.pdf`,
      `${a.refnumber}-3-Tripathi.pdf`,
      `${b.refnumber}-1-Sharma.pdf`,
      `${b.refnumber}-2-Name.pdf`,
    ]);
    for (const name of names) {
      // ASCII names (accents dropped, Devanagari romanised): every unzip tool shows them alike.
      expect(name).toMatch(/^\d+-\d+-[A-Za-z0-9-]+\.pdf$/);
      expect(name).not.toMatch(/[\\/:]|\.\./);
    }
    const expected: Record<string, string> = {
      [names[0]]: "Dr. Anjali Sharma",
      [names[1]]: "José Müller-Łukasz",
      [names[2]]: "क्षितिज त्रिपाठी",
      [names[3]]: "Sharma",
      [names[4]]: "O'Brien/..\\Evil Name",
    };
    for (const [name, author] of Object.entries(expected)) {
      const doc = await loadPdf(files[name]);
      expect(doc.getPageCount()).toBe(1);
      expect(doc.getTitle()).toBe(`Certificate of Publication — ${author}`);
      const text = documentText(doc);
      expect(text).toContain(`\n${author}\n`);
      expect(text).toContain("in Volume 2, Issue 3, July–September 2025");
      expect(text).toContain("Prof. Zip Chief");
      const position = name.split("-")[1];
      expect(text).toMatch(new RegExp(`/verify/${name.split("-")[0]}-${position}-[0-9A-Z]{10}`));
      expectGlyphsMatchText(doc);
    }
  });

  it("streams the zip as the client reads it, building entries only as fast as they are read", async () => {
    const { j, auth, issue } = await setup();
    const refs: string[] = [];
    for (let i = 0; i < 3; i++) {
      refs.push((await makeArticle(j.id, issue, { authorname: "Asha Rao, Bela Sen, Chitra Iyer, Devi Nair", pagenumber: `${i * 10 + 1}-${i * 10 + 9}` })).refnumber);
    }
    const base = documentBuilds.count;
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: refs }, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    const reader = res.body!.getReader();

    // The first bytes are the local file header of the first entry (articles go in page order).
    const first = await reader.read();
    expect(first.done).toBe(false);
    const head = first.value!;
    expect(Array.from(head.subarray(0, 4))).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const nameLength = head[26] | (head[27] << 8);
    expect(new TextDecoder().decode(head.subarray(30, 30 + nameLength))).toBe(`${refs[0]}-1-Rao.pdf`);

    // The build counter shows what the server did and when. The first chunk needs the first
    // certificate; a stream that built the zip up front (or ignored backpressure) would have
    // built all twelve by now, or would go on building while nobody reads.
    const builtForFirstChunk = documentBuilds.count - base;
    expect(builtForFirstChunk).toBeGreaterThanOrEqual(1);
    expect(builtForFirstChunk).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 500));
    const builtWhileIdle = documentBuilds.count - base;
    expect(builtWhileIdle, "entries built while the client was not reading").toBeLessThanOrEqual(3);

    // Reading on: builds follow the reads, never running more than a couple of entries ahead of
    // the bytes the client has taken (each entry is one certificate of several KB).
    const chunks = [head];
    const trail: number[] = [];
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      chunks.push(next.value);
      trail.push(documentBuilds.count - base);
    }
    const files = unzipSync(concat(chunks));
    const names = Object.keys(files);
    expect(names).toHaveLength(12);
    expect(documentBuilds.count - base).toBe(12);
    // Built one by one as the reads went on: the count rose in steps, from a few to all twelve.
    expect(trail[0]).toBeLessThanOrEqual(builtWhileIdle + 1);
    expect(new Set(trail).size, trail.join(" ")).toBeGreaterThanOrEqual(9);
    for (let i = 1; i < trail.length; i++) expect(trail[i] - trail[i - 1]).toBeLessThanOrEqual(1);
    // Every entry carries the selection's date (the newest publish date), not the clock's.
    for (const name of names) expect(new TextDecoder("latin1").decode(files[name])).toContain("/CreationDate (D:20250115000000Z)");
  });

  it("gives the same selection the same zip, byte for byte", async () => {
    const { j, auth, issue } = await setup();
    const a = await makeArticle(j.id, issue, { authorname: "Asha Rao, Bela Sen", pagenumber: "1-8", publishdate: "2025-02-01" });
    const b = await makeArticle(j.id, issue, { authorname: "Chitra Iyer", pagenumber: "9-12", publishdate: "2025-03-09" });
    const zip = async () => new Uint8Array(await (await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [a.refnumber, b.refnumber] }, auth)).arrayBuffer());
    const first = await zip();
    await new Promise((r) => setTimeout(r, 2100)); // past the 2-second resolution of zip times
    expect(await zip()).toEqual(first);
    // Entry times: the newest publish date of the selection (DOS time, local = UTC in workerd).
    const view = new DataView(first.buffer, first.byteOffset);
    const dosDate = view.getUint16(12, true);
    expect([(dosDate >> 9) + 1980, (dosDate >> 5) & 15, dosDate & 31]).toEqual([2025, 3, 9]);
  });

  it("refuses empty and oversized selections, and unknown refnumbers", async () => {
    const { j, auth } = await setup();
    const empty = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [] }, auth);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: "empty_selection" });
    const tooMany = await postJson(j.url("/api/pdf/bulkcertificates"), Array.from({ length: 250 }, (_, i) => i + 1), auth);
    expect(tooMany.status).toBe(400);
    expect(await tooMany.json()).toMatchObject({ error: "too_many" });
    const malformed = await postJson(j.url("/api/pdf/bulkcertificates"), "[1,2", auth);
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: "malformed_json" });
    const unknown = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: ["424242424"] }, auth);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "not_found", message: "Unknown reference number(s): 424242424", missing: ["424242424"] });
    // Many unknown: the message names the first 20, `missing` holds them all.
    const many = Array.from({ length: 25 }, (_, i) => String(424242400 + i));
    const unknownMany = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: many }, auth);
    expect(unknownMany.status).toBe(404);
    expect(await unknownMany.json()).toMatchObject({ error: "not_found", message: `Unknown reference number(s): ${many.slice(0, 20).join(", ")}`, missing: many });
  });

  it("answers a selection body over MAX_SELECTION_BYTES with the one 413, on every selection route", async () => {
    const { j, auth } = await setup();
    // 10,000 refnumbers fit the cap and are refused by count; a larger body is refused by size.
    const many = await postJson(j.url("/api/pdf/indexpage"), { refnumbers: Array.from({ length: 10_000 }, (_, i) => String(1_000_000_000 + i)) }, auth);
    expect(many.status).toBe(400);
    expect(await many.json()).toEqual({ error: "too_many", message: "Select at most 200 articles at a time (got 10000)" });
    const huge = JSON.stringify({ refnumbers: Array.from({ length: MAX_SELECTION_BYTES / 8 }, (_, i) => String(1_000_000 + i)) });
    expect(huge.length).toBeGreaterThan(MAX_SELECTION_BYTES);
    for (const path of ["/api/pdf/indexpage", "/api/pdf/bulkcertificates", "/api/pdf/editorscertificate", "/api/export/crossref", "/api/export/doaj", "/api/doi/assign"]) {
      const res = await postJson(j.url(path), huge, auth);
      expect(res.status, path).toBe(413);
      expect(await res.json(), path).toEqual({ error: "payload_too_large", message: "The selection is too large" });
    }
  });

  it("makes only certificates that verify: unpublished articles are left out and named, the others' certificates are made", async () => {
    const { j, auth, issue } = await setup();
    const live = await makeArticle(j.id, issue, { authorname: "Asha Rao, Dev Mehta", pagenumber: "1-4" });
    const off1 = await makeArticle(j.id, issue, { authorname: "Bela Sen", pagenumber: "5-8", status: "disabled", title: "Withdrawn note on <i>Zea mays</i>" });
    const off2 = await makeArticle(j.id, issue, { authorname: "Chitra Iyer", pagenumber: "9-12", status: "disabled" });
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [live.refnumber, off2.refnumber, off1.refnumber] }, auth);
    // Named for the admin's message, in page order…
    expect(res.headers.get("x-left-out-refnumbers")).toBe(`${off1.refnumber}, ${off2.refnumber}`);
    const files = await readZip(res, "Certificates.zip");
    // …and in the zip itself, first, beside the published article's certificates (none of theirs).
    expect(Object.keys(files)).toEqual(["README.txt", `${live.refnumber}-1-Rao.pdf`, `${live.refnumber}-2-Mehta.pdf`]);
    const note = new TextDecoder().decode(files["README.txt"]);
    expect(note).toContain("Certificates.zip was made without 2 unpublished articles");
    expect(note).toContain(
      `These articles are not published (disabled), so their certificates would not verify: ${off1.refnumber}, ${off2.refnumber}. The zip holds the certificates of the other selected articles.`,
    );
    expect(note).toContain(`Ref. No. ${off1.refnumber}: Withdrawn note on Zea mays (Vol. 2, Issue 3, 2025)`);
    expect(note).toContain(`Ref. No. ${off2.refnumber}: `);
    // The public download answers such an article 404, as ever.
    expect((await fetchWorker(j.url(`/api/pdf/certificate/${off1.refnumber}/1`))).status).toBe(404);
    // A published selection has no note and no header.
    const plain = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [live.refnumber] }, auth);
    expect(plain.headers.get("x-left-out-refnumbers")).toBeNull();
    expect(Object.keys(await readZip(plain, "Certificates.zip"))).toEqual([`${live.refnumber}-1-Rao.pdf`, `${live.refnumber}-2-Mehta.pdf`]);
  });

  it("refuses a selection of unpublished articles only, naming them, and builds nothing", async () => {
    const { j, auth, issue } = await setup();
    const off1 = await makeArticle(j.id, issue, { authorname: "Bela Sen", pagenumber: "5-8", status: "disabled" });
    const off2 = await makeArticle(j.id, issue, { authorname: "Chitra Iyer", pagenumber: "9-12", status: "disabled" });
    const before = documentBuilds.count;
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [off2.refnumber, off1.refnumber] }, auth);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: "not_published",
      message: `No certificates were made: these articles are not published (disabled), so their certificates would not verify: ${off1.refnumber}, ${off2.refnumber}`,
      disabled: [off1.refnumber, off2.refnumber],
    });
    expect(documentBuilds.count).toBe(before);
  });

  it("writes ASCII entry names, so no zip entry needs the UTF-8 name flag", async () => {
    const { j, auth, issue } = await setup();
    const a = await makeArticle(j.id, issue, { authorname: "शर्मा अमित, Zoë Ørsted, Dr.", pagenumber: "1-8" });
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [a.refnumber] }, auth);
    const zip = new Uint8Array(await res.arrayBuffer());
    const view = new DataView(zip.buffer);
    const entries: { name: string; utf8: boolean }[] = [];
    for (let i = 0; i + 46 <= zip.length; i++) {
      if (view.getUint32(i, true) !== 0x02014b50) continue; // central directory header
      const flags = view.getUint16(i + 8, true);
      const length = view.getUint16(i + 28, true);
      entries.push({ name: new TextDecoder("latin1").decode(zip.subarray(i + 46, i + 46 + length)), utf8: (flags & 0x800) !== 0 });
    }
    expect(entries).toEqual([
      { name: `${a.refnumber}-1-Amit.pdf`, utf8: false },
      { name: `${a.refnumber}-2-Orsted.pdf`, utf8: false },
      { name: `${a.refnumber}-3-author.pdf`, utf8: false },
    ]);
  });

  it("does not let one journal's staff take another journal's certificates", async () => {
    const { auth, j } = await setup();
    const other = await makeJournal();
    const theirs = await makeArticle(other.id, await makeIssue(other.id));
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [theirs.refnumber] }, auth);
    expect(res.status).toBe(404);
    // And a token of journal A is no good on journal B's host.
    const onB = await postJson(other.url("/api/pdf/bulkcertificates"), { refnumbers: [theirs.refnumber] }, auth);
    expect(onB.status).toBe(401);
  });
});

describe("POST /api/pdf/editorscertificate (admin)", () => {
  it("needs a staff session", async () => {
    const { j } = await setup();
    const res = await postJson(j.url("/api/pdf/editorscertificate"), { ids: [1] });
    expect(res.status).toBe(401);
  });

  it("zips one certificate of appreciation per selected editor", async () => {
    const { j, auth } = await setup();
    const e1 = await makeEditor(j.id, { name: "Dr. Hélène Dubois", category: "associate editor", post: "Professor", content: "Université de Lyon", country: "France" });
    const e2 = await makeEditor(j.id, { name: "डॉ. सुनीता देवी", category: "assistant editor", post: "Scientist", content: "ICAR, New Delhi" });
    const files = await readZip(await postJson(j.url("/api/pdf/editorscertificate"), { ids: [e2.id, String(e1.id)] }, auth), "Editors-Certificate.zip");
    expect(Object.keys(files)).toEqual([`editor-${e1.id}-Dubois.pdf`, `editor-${e2.id}-Devi.pdf`]);
    const first = documentText(await loadPdf(files[`editor-${e1.id}-Dubois.pdf`]));
    expect(first).toContain("CERTIFICATE OF APPRECIATION");
    expect(first).toContain("\nDr. Hélène Dubois\n");
    expect(first.replace(/\s+/g, " ")).toContain("as Associate Editor of the Editorial Board of Journal of Zipped Results.");
    expect(first).toContain("Prof. Zip Chief");
    const second = await loadPdf(files[`editor-${e2.id}-Devi.pdf`]);
    expect(documentText(second)).toContain("\nडॉ. सुनीता देवी\n");
    expect(documentText(second).replace(/\s+/g, " ")).toContain("as Assistant Editor of");
    expectGlyphsMatchText(second);
  });

  it("refuses empty selections and unknown or foreign editor ids", async () => {
    const { j, auth } = await setup();
    const empty = await postJson(j.url("/api/pdf/editorscertificate"), { ids: [] }, auth);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: "empty_selection" });
    const bad = await postJson(j.url("/api/pdf/editorscertificate"), { ids: ["x"] }, auth);
    expect(bad.status).toBe(400);
    const other = await makeJournal();
    const theirs = await makeEditor(other.id);
    const foreign = await postJson(j.url("/api/pdf/editorscertificate"), [theirs.id], auth);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toMatchObject({ error: "not_found", message: `Unknown editor id(s): ${theirs.id}`, missing: [theirs.id] });
  });
});
