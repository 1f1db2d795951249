import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { makeArticle, makeEditor, makeIssue, makeJournal, makeUser } from "../factories";
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

/** When a generated PDF was built: its /CreationDate, 'YYYYMMDDHHmmSS' (UTC). */
function builtAt(pdf: Uint8Array): string {
  const date = /\/CreationDate \(D:(\d{14})Z\)/.exec(new TextDecoder("latin1").decode(pdf))?.[1];
  expect(date).toBeDefined();
  return date!;
}

/** A clock reading in the same form, to the second. */
function stamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\D/g, "").slice(0, 14);
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
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
    const a = await makeArticle(j.id, issue, { authorname: "Dr. Anjali Sharma, José Müller-Łukasz, क्षितिज त्रिपाठी", pagenumber: "1-8" });
    const b = await makeArticle(j.id, issue, { authorname: "Sharma, O'Brien/..\\Evil Name", pagenumber: "9-14" });
    const files = await readZip(await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: [b.refnumber, a.refnumber, a.refnumber] }, auth), "Certificates.zip");
    const names = Object.keys(files);
    expect(names).toEqual([
      `${a.refnumber}-1-Sharma.pdf`,
      `${a.refnumber}-2-Müller-Łukasz.pdf`,
      `${a.refnumber}-3-त्रिपाठी.pdf`,
      `${b.refnumber}-1-Sharma.pdf`,
      `${b.refnumber}-2-Name.pdf`,
    ]);
    for (const name of names) {
      expect(name).toMatch(/^\d+-\d+-[\p{L}\p{M}\p{N}-]+\.pdf$/u);
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
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: refs }, auth);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBeNull();
    const reader = res.body!.getReader();

    // The first bytes are the local file header of the first entry (articles go in page order).
    const first = await reader.read();
    const firstChunkAt = Date.now();
    expect(first.done).toBe(false);
    const head = first.value!;
    expect(Array.from(head.subarray(0, 4))).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const nameLength = head[26] | (head[27] << 8);
    expect(new TextDecoder().decode(head.subarray(30, 30 + nameLength))).toBe(`${refs[0]}-1-Rao.pdf`);

    // Stop reading for over a second, then read the rest. Each certificate's /CreationDate is
    // the moment it was built, so the dates show what the server did while nobody read: a zip
    // built up front (or a stream that ignores backpressure) has every entry dated before the
    // pause ends; this one must hold back all but the few entries ahead of the reader.
    await new Promise((r) => setTimeout(r, 1100));
    const resumedAt = Date.now();
    const chunks = [head];
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
    const files = unzipSync(concat(chunks));
    const names = Object.keys(files);
    expect(names).toHaveLength(12);
    const dates = names.map((name) => builtAt(files[name]));
    expect(dates[0] <= stamp(firstChunkAt), `first entry built ${dates[0]}, first chunk ${stamp(firstChunkAt)}`).toBe(true);
    const builtAhead = dates.filter((d) => d < stamp(resumedAt)).length;
    expect(builtAhead, dates.join(" ")).toBeGreaterThanOrEqual(1);
    expect(builtAhead, dates.join(" ")).toBeLessThanOrEqual(3);
    expect(dates.at(-1)! >= stamp(resumedAt), `last entry built ${dates.at(-1)}, reading resumed ${stamp(resumedAt)}`).toBe(true);
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
    expect(await unknown.json()).toMatchObject({ error: "not_found", missing: ["424242424"] });
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
    expect(Object.keys(files)).toEqual([`editor-${e1.id}-Dubois.pdf`, `editor-${e2.id}-देवी.pdf`]);
    const first = documentText(await loadPdf(files[`editor-${e1.id}-Dubois.pdf`]));
    expect(first).toContain("CERTIFICATE OF APPRECIATION");
    expect(first).toContain("\nDr. Hélène Dubois\n");
    expect(first.replace(/\s+/g, " ")).toContain("as Associate Editor of the Editorial Board of Journal of Zipped Results.");
    expect(first).toContain("Prof. Zip Chief");
    const second = await loadPdf(files[`editor-${e2.id}-देवी.pdf`]);
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
    expect(await foreign.json()).toMatchObject({ error: "not_found", missing: [theirs.id] });
  });
});
