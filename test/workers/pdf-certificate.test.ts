import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { documentBuilds } from "../../app/documents/canvas.server";
import { certificateSecret } from "../../app/documents/verification.server";
import { certificateCodeV1 } from "../certificate-codes";
import { bumpJournalVersion } from "../../app/models/journals.server";
import { eq } from "drizzle-orm";
import { articles } from "../../app/db/schema";
import { db, insertRawArticleForTest, makeArticle, makeEditor, makeIssue, makeJournal, fetchWorker } from "../factories";
import { documentText, expectGlyphsMatchText, loadPdfResponse, pageLines } from "./pdf-helpers";

async function setup(authorname = "Dr. Anjali Sharma, José Müller-Łukasz, क्षितिज त्रिपाठी") {
  const j = await makeJournal({
    settings: {
      websitename: "Annals of Verifiable Agronomy",
      issn: "2454-6127",
      journal_essn: "2454-6135",
      impactfactor: "Impact Factor: 5.87",
      year_started: "2015",
    },
  });
  const issue = await makeIssue(j.id, { year: 2025, volume: 3, issue: 2, frequency: "Apr-Jun" });
  // A legacy row: today's author rule refuses the hyphen, but certificates must still name
  // authors of articles added before it, exactly as stored.
  const article = await insertRawArticleForTest(j.id, issue, {
    title: "Yield of <i>Oryza sativa</i> under <b>sodic</b> soils <script>alert(1)</script>&amp; drought",
    authorname,
    pagenumber: "12-18",
    publishdate: "2025-01-15",
  });
  await makeEditor(j.id, { name: "Prof. Ramesh Chandra Verma", category: "chief editor" });
  return { j, issue, article };
}

function certificateUrl(j: { url(p: string): string }, ref: string, author: number | string) {
  return j.url(`/api/pdf/certificate/${ref}/${author}`);
}

describe("GET /api/pdf/certificate/{refnumber}/{author}", () => {
  it("serves a one-page landscape certificate with everything the spec lists", async () => {
    const { j, article } = await setup();
    const res = await fetchWorker(certificateUrl(j, article.refnumber, 1));
    const doc = await loadPdfResponse(res, `certificate-${article.refnumber}.pdf`);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(doc.getTitle()).toBe("Certificate of Publication — Dr. Anjali Sharma");
    expect(doc.getAuthor()).toBe("Annals of Verifiable Agronomy");

    const text = documentText(doc);
    for (const expected of [
      "Annals of Verifiable Agronomy",
      "ISSN: 2454-6127",
      "E-ISSN: 2454-6135",
      "Impact Factor: 5.87",
      "CERTIFICATE OF PUBLICATION",
      "This is to certify that",
      "Dr. Anjali Sharma",
      "has published the article titled",
      "in Volume 3, Issue 2, April–June 2025, Pages 12–18.",
      "Published on 15 January 2025",
      "Prof. Ramesh Chandra Verma",
      "Editor-in-Chief",
      `Ref. No. ${article.refnumber}`,
    ]) {
      expect(text).toContain(expected);
    }
    // The title: markup other than italics never shows as tags; entities are decoded.
    const flat = text.replace(/\s+/g, " ");
    expect(flat).toContain("“Yield of Oryza sativa under sodic soils & drought”");
    expect(text).not.toMatch(/<\/?\w+>|alert|&amp;/);
    // A verification link to this journal's host.
    expect(text).toMatch(new RegExp(`https://${j.host.replace(/\./g, "\\.")}/verify/${article.refnumber}-1-[0-9A-HJKMNP-TV-Z]{10}`));
    expectGlyphsMatchText(doc);
  });

  it("sets the italic parts of the title in the italic face", async () => {
    const { j, article } = await setup();
    const doc = await loadPdfResponse(await fetchWorker(certificateUrl(j, article.refnumber, 1)), `certificate-${article.refnumber}.pdf`);
    const titleLines = pageLines(doc, 0).filter((l) => l.text.includes("Yield") || l.text.includes("sativa"));
    const italic = titleLines.flatMap((l) => Object.entries(l.byFont).filter(([name]) => /Italic/.test(name)).map(([, t]) => t)).join("");
    const upright = titleLines.flatMap((l) => Object.entries(l.byFont).filter(([name]) => !/Italic/.test(name)).map(([, t]) => t)).join("");
    expect(italic.replace(/\s+/g, "")).toBe("Oryzasativa");
    expect(upright).toContain("Yield");
    expect(upright).toContain("sodic");
  });

  it("renders a Devanagari author name with the Devanagari font, shaped", async () => {
    const { j, article } = await setup();
    const res = await fetchWorker(certificateUrl(j, article.refnumber, 3));
    const doc = await loadPdfResponse(res, `certificate-${article.refnumber}.pdf`);
    expect(doc.getTitle()).toBe("Certificate of Publication — क्षितिज त्रिपाठी");
    const name = pageLines(doc, 0).find((l) => l.text === "क्षितिज त्रिपाठी");
    expect(name).toBeDefined();
    expect(name!.fonts.every((f) => /NotoSerifDevanagari-Bold$/.test(f))).toBe(true);
    // Shaping, checked on the glyphs as placed on the page (sorted by x, i.e. visual order).
    // Unshaped, each code point would get its own glyph in logical order — क ् ष ि त ि ज —
    // seven glyphs starting with क: every assertion below would fail.
    const visual = [...name!.glyphRun].sort((a, b) => a.x - b.x);
    const space = visual.findIndex((g) => g.text === " ");
    const first = visual.slice(0, space);
    // The conjunct क्ष is one glyph, so the word has fewer glyphs than code points…
    expect(first.length).toBeLessThan(Array.from("क्षितिज").length);
    // …and the i-matra stands first, before the cluster it follows in logical order.
    expect(first[0].text).toBe("ि");
    expect(first.map((g) => g.text)).toEqual(["ि", "क्ष", "ि", "त", "ज"]);
    expect(visual.slice(space + 1).map((g) => g.text)).toEqual(["ि", "त्र", "प", "ा", "ठ", "ी"]);
    // The positions are real: the run is centred on the page as the layout intends.
    const last = visual[visual.length - 1];
    expect((visual[0].x + last.x + last.width) / 2).toBeCloseTo(doc.getPage(0).getWidth() / 2, 0);
    expectGlyphsMatchText(doc);
    expect(documentText(doc)).toContain(`/verify/${article.refnumber}-3-`);
  });

  it("renders an accented Latin name exactly", async () => {
    const { j, article } = await setup();
    const doc = await loadPdfResponse(await fetchWorker(certificateUrl(j, article.refnumber, 2)), `certificate-${article.refnumber}.pdf`);
    const name = pageLines(doc, 0).find((l) => l.text === "José Müller-Łukasz");
    expect(name?.glyphs).toBe("José Müller-Łukasz");
    expectGlyphsMatchText(doc);
  });

  it("answers 404 JSON for an unknown refnumber, a bad or out-of-range author, or a disabled article", async () => {
    const { j, issue, article } = await setup();
    const disabled = await makeArticle(j.id, issue, { status: "disabled" });
    for (const [ref, author] of [
      ["999999999", 1],
      [article.refnumber, 0],
      [article.refnumber, 4],
      [article.refnumber, "first"],
      [article.refnumber, "-1"],
      ["12%20ab", 1],
      [disabled.refnumber, 1],
    ] as const) {
      const res = await fetchWorker(certificateUrl(j, String(ref), author));
      expect(res.status, `${ref}/${author}`).toBe(404);
      expect(res.headers.get("content-type"), `${ref}/${author}`).toContain("application/json");
      expect(((await res.json()) as { error: string }).error).toBe("not_found");
    }
  });

  it("may be kept by the edge cache (browsers revalidate): a repeat download is the stored copy", async () => {
    const { j, article } = await setup();
    const url = certificateUrl(j, article.refnumber, 1);
    const first = await fetchWorker(url);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    const stored = new Uint8Array(await first.arrayBuffer());
    const repeat = await fetchWorker(url);
    expect(repeat.headers.get("x-edge-cache")).toBe("HIT");
    expect(repeat.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(repeat.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(new Uint8Array(await repeat.arrayBuffer())).toEqual(stored);
  });

  it("builds the same bytes every time, dated by the publish date", async () => {
    const { j, article } = await setup();
    // A new journal version (what any staff write does) gives a fresh edge-cache key (query
    // strings no route reads are not part of it): every request reaches the route, and the
    // build counter shows each one was really built.
    const build = async (author: number, _n: number) => {
      await bumpJournalVersion(db(), j.id);
      const before = documentBuilds.count;
      const res = await fetchWorker(certificateUrl(j, article.refnumber, author));
      expect(res.status).toBe(200);
      expect(res.headers.get("x-edge-cache")).toBe("MISS");
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(documentBuilds.count - before, "built anew").toBe(1);
      return bytes;
    };
    // A Latin name (fonts from the per-isolate base subsets) and a Devanagari one (a subset
    // made for the document), each built twice, a second apart: nothing may come from the clock.
    const firsts = [await build(1, 1), await build(3, 1)];
    await new Promise((r) => setTimeout(r, 1100));
    const seconds = [await build(1, 2), await build(3, 2)];
    const latin1 = (u8: Uint8Array) => new TextDecoder("latin1").decode(u8);
    firsts.forEach((a, i) => {
      const b = seconds[i];
      expect(b.length).toBe(a.length);
      let firstDifference = -1;
      for (let k = 0; k < a.length && firstDifference < 0; k++) if (a[k] !== b[k]) firstDifference = k;
      expect(firstDifference, `differs at ${JSON.stringify(latin1(a).slice(firstDifference - 40, firstDifference + 40))}`).toBe(-1);
      // Both dates are the article's publish date (2025-01-15), not the moment of building.
      const dates = [...latin1(a).matchAll(/\/(CreationDate|ModDate) \(D:(\d{14})Z\)/g)].map((m) => `${m[1]} ${m[2]}`).sort();
      expect(dates).toEqual(["CreationDate 20250115000000", "ModDate 20250115000000"]);
    });
    expect(firsts[0]).not.toEqual(firsts[1]);
  });

  it("has a strong ETag and answers If-None-Match with 304 before querying or building anything", async () => {
    const { j, article } = await setup();
    const url = (author: number, n: string) => `${certificateUrl(j, article.refnumber, author)}?fresh=${n}`;
    // Requests carrying an Authorization header are never answered from the edge cache: these
    // reach the route (the edge cache's own 304s are tested in cache.test.ts).
    const bypass = { authorization: "Bearer edge-cache-bypass" };
    const first = await fetchWorker(url(1, "etag-a"), { headers: bypass });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${article.refnumber}.pdf"`);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[!#-~]+"$/); // strong: no W/ prefix
    const bytes = new Uint8Array(await first.arrayBuffer());

    const conditional = async (author: number, n: string, ifNoneMatch: string) => {
      const before = documentBuilds.count;
      const res = await fetchWorker(url(author, n), { headers: { ...bypass, "if-none-match": ifNoneMatch } });
      return { res, built: documentBuilds.count - before, body: new Uint8Array(await res.arrayBuffer()) };
    };
    for (const [n, header] of [
      ["b", etag],
      ["c", `W/${etag}`],
      ["d", `"something-else", ${etag}`],
      ["e", "*"],
    ] as const) {
      const { res, built, body } = await conditional(1, n, header);
      expect(res.status, header).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(res.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(body.length).toBe(0);
      expect(built, "no PDF built for a 304").toBe(0);
      // Only the host lookup touched D1 (for '*' the article is looked up: it must exist).
      expect(res.headers.get("server-timing")).toContain(header === "*" ? 'desc="2 round trips"' : 'desc="1 round trips"');
    }

    // Another author's certificate is another document.
    const other = await conditional(2, "f", etag);
    expect(other.res.status).toBe(200);
    expect(other.built).toBe(1);
    expect(other.res.headers.get("etag")).not.toBe(etag);
    // No 304 for what does not exist.
    const missing = await fetchWorker(`${certificateUrl(j, "99999999", 1)}?fresh=g`, { headers: { ...bypass, "if-none-match": "*" } });
    expect(missing.status).toBe(404);

    // A staff write (which bumps the journal's version) makes the old ETag stale: full answer,
    // new ETag, same file name — and, nothing shown having changed, the same bytes.
    await bumpJournalVersion(db(), j.id);
    const stale = await conditional(1, "h", etag);
    expect(stale.res.status).toBe(200);
    expect(stale.built).toBe(1);
    expect(stale.res.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${article.refnumber}.pdf"`);
    const fresh = stale.res.headers.get("etag");
    expect(fresh).toMatch(/^"[!#-~]+"$/);
    expect(fresh).not.toBe(etag);
    expect(stale.body).toEqual(bytes);
    expect((await conditional(1, "i", fresh!)).res.status).toBe(304);
  });

  it("never serves another journal's certificate", async () => {
    const { article } = await setup();
    const b = await makeJournal();
    const res = await fetchWorker(certificateUrl(b, article.refnumber, 1));
    expect(res.status).toBe(404);
  });
});

describe("the certificate's two file names (spec §7's and the page's per-author URL)", () => {
  const fileUrl = (j: { url(p: string): string }, ref: string, n: number | string) => j.url(`/pdf/${ref}/certificate-${ref}-${n}.pdf`);

  it("the API call saves as certificate-{a}.pdf; the page's per-author URL as certificate-{ref}-{n}.pdf, same bytes and ETag", async () => {
    const { j, article } = await setup();
    const ref = article.refnumber;
    const bypass = { authorization: "Bearer edge-cache-bypass" };
    for (const n of [1, 2, 3]) {
      const api = await fetchWorker(certificateUrl(j, ref, n), { headers: bypass });
      expect(api.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${ref}.pdf"`);
      const file = await fetchWorker(fileUrl(j, ref, n), { headers: bypass });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(file.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${ref}-${n}.pdf"`);
      expect(file.headers.get("cache-control")).toBe(api.headers.get("cache-control"));
      expect(file.headers.get("etag")).toBe(api.headers.get("etag"));
      expect(file.headers.get("x-robots-tag")).toBe("noindex");
      expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array(await api.arrayBuffer()));
    }
    const names = new Set<string>();
    for (const n of [1, 2, 3]) names.add((await fetchWorker(fileUrl(j, ref, n))).headers.get("content-disposition")!);
    expect(names.size).toBe(3);
    // Conditional requests work as on the API call.
    const etag = (await fetchWorker(fileUrl(j, ref, 2), { headers: bypass })).headers.get("etag")!;
    const again = await fetchWorker(fileUrl(j, ref, 2), { headers: { ...bypass, "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("the certificate page's buttons and /verify link the per-author URL", async () => {
    const { j, article } = await setup();
    const ref = article.refnumber;
    const html = await (await fetchWorker(j.url(`/pdf?refno=${ref}`))).text();
    for (const n of [1, 2, 3]) expect(html).toContain(`href="/pdf/${ref}/certificate-${ref}-${n}.pdf" download="certificate-${ref}-${n}.pdf"`);
    expect(html).not.toContain("/api/pdf/certificate/");
  });

  it("is kept by the edge cache like the API call", async () => {
    const { j, article } = await setup();
    const first = await fetchWorker(fileUrl(j, article.refnumber, 1));
    expect(first.headers.get("x-edge-cache")).toBe("MISS");
    const stored = new Uint8Array(await first.arrayBuffer());
    const repeat = await fetchWorker(fileUrl(j, article.refnumber, 1));
    expect(repeat.headers.get("x-edge-cache")).toBe("HIT");
    expect(repeat.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${article.refnumber}-1.pdf"`);
    expect(repeat.headers.get("x-robots-tag")).toBe("noindex");
    expect(new Uint8Array(await repeat.arrayBuffer())).toEqual(stored);
  });

  it("refuses what the API call refuses, and any other file name, with a 404", async () => {
    const { j, issue, article } = await setup();
    const ref = article.refnumber;
    const disabled = await makeArticle(j.id, issue, { status: "disabled" });
    for (const path of [
      `/pdf/${ref}/certificate-${ref}-0.pdf`,
      `/pdf/${ref}/certificate-${ref}-4.pdf`,
      `/pdf/${ref}/certificate-999999999-1.pdf`,
      `/pdf/999999999/certificate-999999999-1.pdf`,
      `/pdf/${ref}/certificate-${ref}.pdf`,
      `/pdf/${ref}/${ref}-1.pdf`,
      `/pdf/${ref}/certificate-${ref}-x.pdf`,
      `/pdf/${disabled.refnumber}/certificate-${disabled.refnumber}-1.pdf`,
    ]) {
      const res = await fetchWorker(j.url(path));
      expect(res.status, path).toBe(404);
    }
    // Another journal never serves it.
    const b = await makeJournal();
    expect((await fetchWorker(b.url(`/pdf/${ref}/certificate-${ref}-1.pdf`))).status).toBe(404);
  });
});

describe("one URL per certificate", () => {
  it("sends an author position written with leading zeros to the plain one, on both URLs (301)", async () => {
    const { j, article } = await setup();
    const ref = article.refnumber;
    for (const [asked, canonical] of [
      [`/pdf/${ref}/certificate-${ref}-01.pdf`, `/pdf/${ref}/certificate-${ref}-1.pdf`],
      [`/pdf/${ref}/certificate-${ref}-003.pdf`, `/pdf/${ref}/certificate-${ref}-3.pdf`],
      [`/api/pdf/certificate/${ref}/01`, `/api/pdf/certificate/${ref}/1`],
      [`/api/pdf/certificate/${ref}/002`, `/api/pdf/certificate/${ref}/2`],
    ]) {
      const res = await fetchWorker(j.url(asked), { redirect: "manual" });
      expect(res.status, asked).toBe(301);
      expect(res.headers.get("location"), asked).toBe(canonical);
      expect(res.headers.get("content-type"), asked).toBeNull();
      expect((await fetchWorker(j.url(canonical))).headers.get("content-type"), canonical).toBe("application/pdf");
    }
    // Zero stays refused, however it is written.
    for (const path of [`/pdf/${ref}/certificate-${ref}-00.pdf`, `/api/pdf/certificate/${ref}/000`]) {
      expect((await fetchWorker(j.url(path), { redirect: "manual" })).status, path).toBe(404);
    }
  });
});

describe("certificate verification page /verify/{code}", () => {
  async function codeOf(j: { url(p: string): string }, ref: string, author: number) {
    const doc = await loadPdfResponse(await fetchWorker(certificateUrl(j, ref, author)), `certificate-${ref}.pdf`);
    const match = /\/verify\/([0-9A-Za-z]+-\d+-[0-9A-Z]{10})/.exec(documentText(doc));
    expect(match).not.toBeNull();
    return match![1];
  }

  it("confirms the author, article, issue and date of a genuine code", async () => {
    const { j, article } = await setup();
    const code = await codeOf(j, article.refnumber, 3);
    const res = await fetchWorker(j.url(`/verify/${code}`));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Certificate of Publication verified");
    expect(html).toContain("क्षितिज त्रिपाठी");
    expect(html).toContain("(author 3 of 3)");
    expect(html).toContain("<i>Oryza sativa</i>");
    expect(html).toContain("Volume 3, Issue 2, April–June 2025");
    expect(html).toContain("12–18");
    expect(html).toContain("15 January 2025");
    expect(html).toContain(`href="/archives/2025/3/2/${article.refnumber}"`);
    expect(html).not.toContain("<script>alert(1)");

    // Codes survive being typed in lower case.
    const lower = await fetchWorker(j.url(`/verify/${code.toLowerCase()}`));
    expect(lower.status).toBe(200);
  });

  it("says clearly that an unknown, tampered or foreign code is not valid, with a 404", async () => {
    const { j, article } = await setup();
    const code = await codeOf(j, article.refnumber, 1);
    const b = await makeJournal();
    const tampered = code.replace(/-(\d+)-/, "-2-");
    const lastChar = code.at(-1) === "A" ? "B" : "A";
    for (const [host, c] of [
      [j, "nonsense"],
      [j, tampered],
      [j, code.slice(0, -1) + lastChar],
      [j, `${article.refnumber}-9-${code.slice(-10)}`],
      [b, code],
    ] as const) {
      const res = await fetchWorker(host.url(`/verify/${encodeURIComponent(c)}`));
      expect(res.status, c).toBe(404);
      const html = await res.text();
      expect(html).toContain("This verification code is not valid for this journal.");
      expect(html).not.toContain("क्षितिज");
    }
  });

  async function changeArticle(j: { id: number }, id: number, values: Partial<typeof articles.$inferInsert>) {
    await db().update(articles).set(values).where(eq(articles.id, id));
    await bumpJournalVersion(db(), j.id); // what every staff write does
  }

  it("binds the code to the author's printed name: a byline reorder neither breaks nor transfers it", async () => {
    const { j, article } = await setup("Asha Rao, Bela Sen");
    const bela = await codeOf(j, article.refnumber, 2);
    await changeArticle(j, article.id, { authorname: "Bela Sen, Asha Rao" });
    // Still Bela's certificate, now downloadable as author 1.
    const moved = await (await fetchWorker(j.url(`/verify/${bela}`))).text();
    expect(moved).toContain("issued to <strong>Bela Sen</strong>");
    expect(moved).toContain(`href="/pdf/${article.refnumber}/certificate-${article.refnumber}-1.pdf"`);
    // A new author in Bela's old place does not inherit the code: the register says it was
    // issued to Bela Sen, and the page says so, showing today's byline as a correction.
    await changeArticle(j, article.id, { authorname: "Asha Rao, Chitra Iyer" });
    const res = await fetchWorker(j.url(`/verify/${bela}`));
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(html).toContain("issued this certificate to <strong>Bela Sen</strong> on <strong>");
    expect(html).toContain("The byline now reads, in position 2: <strong>Chitra Iyer</strong>");
    expect(html).not.toContain("issued this certificate to <strong>Chitra Iyer</strong>");
    expect(html).not.toContain("This verification code is not valid for this journal.");
  });

  it("says a withdrawn article's certificate is withdrawn, not forged (410)", async () => {
    const { j, article } = await setup();
    const code = await codeOf(j, article.refnumber, 2);
    await changeArticle(j, article.id, { status: "disabled" });
    const res = await fetchWorker(j.url(`/verify/${code}`));
    expect(res.status).toBe(410);
    const html = await res.text();
    expect(html).toContain("This certificate was issued by this journal, but the article has since been withdrawn.");
    expect(html).toContain("José Müller-Łukasz");
    expect(html).not.toContain("This verification code is not valid");
    // A forged code for the same withdrawn article is still simply invalid.
    const forged = await fetchWorker(j.url(`/verify/${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`));
    expect(forged.status).toBe(404);
  });

  /** A code as certificates were signed before the name binding (v1): journal, refnumber and position only. */
  const v1Code = (journalId: number, ref: string, position: number) => certificateCodeV1(certificateSecret(env)!, journalId, ref, position);

  it("accepts an earlier (v1, position-bound) code, saying so and asking to compare the printed name", async () => {
    const { j, article } = await setup();
    const code = await v1Code(j.id, article.refnumber, 2);
    // Not what a certificate prints today (those are v2).
    expect(code).not.toBe(await codeOf(j, article.refnumber, 2));
    const res = await fetchWorker(j.url(`/verify/${code}`));
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/<!-- -->/g, ""); // React's text-node separators
    expect(html).toContain("Verified — earlier certificate");
    expect(html).toContain("Certificate of Publication verified (earlier certificate)");
    expect(html).toContain("Annals of Verifiable Agronomy issued this certificate for the article below, to the author in position 2 of its byline.");
    expect(html).toContain(
      "It is an earlier certificate, identified by the author&#x27;s position in the byline rather than by name, so this page cannot confirm the name printed on it.",
    );
    expect(html).toContain("The author in position 2 of the byline today is <strong>José Müller-Łukasz</strong> (author 2 of 3).");
    expect(html).toContain("Compare this with the name printed on the certificate. If they differ, the byline may have been corrected since the certificate was issued: contact the journal before relying on it.");
    expect(html).toContain("<i>Oryza sativa</i>");
    expect(html).toContain(`<code>${code}</code>`);
    expect(html).not.toContain("This verification code is not valid");
    // Typed in lower case, it still reads as the same earlier certificate.
    expect((await fetchWorker(j.url(`/verify/${code.toLowerCase()}`))).status).toBe(200);

    // A forged code in the v1 form, another journal's v1 code, or a v1 code of another position: not valid.
    const forged = `${code.slice(0, -1)}${code.endsWith("A") ? "B" : "A"}`;
    const other = await makeJournal();
    for (const bad of [forged, await v1Code(other.id, article.refnumber, 2), `${article.refnumber}-3-${code.split("-")[2]}`]) {
      const r = await fetchWorker(j.url(`/verify/${bad}`));
      expect(r.status, bad).toBe(404);
      expect(await r.text()).toContain("This verification code is not valid for this journal.");
    }
  });

  it("an earlier code whose position is past today's byline says the byline changed; on a withdrawn article, withdrawn", async () => {
    const { j, article } = await setup();
    const code = await v1Code(j.id, article.refnumber, 3);
    await changeArticle(j, article.id, { authorname: "Dr. Anjali Sharma, José Müller-Łukasz" });
    const shorter = await fetchWorker(j.url(`/verify/${code}`));
    expect(shorter.status).toBe(200);
    const html = await shorter.text();
    expect(html).toContain("Certificate of Publication verified (earlier certificate)");
    expect(html).toContain(
      "The byline now lists 2 authors, so no author stands in position 3 today: the byline has been corrected since the certificate was issued. Contact the journal before relying on it.",
    );
    await changeArticle(j, article.id, { status: "disabled" });
    const withdrawn = await fetchWorker(j.url(`/verify/${code}`));
    expect(withdrawn.status).toBe(410);
    const w = (await withdrawn.text()).replace(/<!-- -->/g, "");
    expect(w).toContain("This certificate was issued by this journal, but the article has since been withdrawn.");
    expect(w).toContain("to the author in position 3 of its byline for the article");
  });

  it("has a form to type a certificate ID in, which leads to the code's page", async () => {
    const { j, article } = await setup();
    const code = await codeOf(j, article.refnumber, 1);
    const form = await fetchWorker(j.url("/verify"));
    expect(form.status).toBe(200);
    const html = await form.text();
    expect(html).toContain("Verify a certificate");
    expect(html).toMatch(/<form class="verify-form"[^>]*action="\/verify" method="get"/);
    expect(html).toMatch(/<input[^>]*name="code"/);
    const typed = await fetchWorker(j.url(`/verify?code=${encodeURIComponent(`  ${code.toLowerCase()} `)}`), { redirect: "manual" });
    expect(typed.status).toBe(303);
    expect(new URL(typed.headers.get("location")!, j.url("/")).pathname).toBe(`/verify/${code}`);
    const blank = await fetchWorker(j.url("/verify?code=%20"));
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain("Type the certificate ID printed on the certificate.");
    // Every answer offers the form again.
    expect(await (await fetchWorker(j.url("/verify/nonsense"))).text()).toMatch(/<input[^>]*name="code"/);
  });
});

describe("certificate contents added for editors comparing with peers", () => {
  it("shows the date of issue and the DOI when the article has one", async () => {
    const { j, article, issue } = await setup();
    await db().update(articles).set({ doi: "10.5555/avag.2025.v3i2.77" }).where(eq(articles.id, article.id));
    await bumpJournalVersion(db(), j.id);
    const text = documentText(await loadPdfResponse(await fetchWorker(certificateUrl(j, article.refnumber, 1)), `certificate-${article.refnumber}.pdf`));
    expect(text).toContain("DOI: https://doi.org/10.5555/avag.2025.v3i2.77");
    expect(text).toContain("Date of issue: 15 January 2025");
    const plain = await makeArticle(j.id, issue, { pagenumber: "20-22" });
    const without = documentText(await loadPdfResponse(await fetchWorker(certificateUrl(j, plain.refnumber, 1)), `certificate-${plain.refnumber}.pdf`));
    expect(without).not.toContain("DOI");
  });
});
