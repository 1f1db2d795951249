import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { documentBuilds } from "../../app/documents/canvas.server";
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
    const doc = await loadPdfResponse(res, `certificate-${article.refnumber}-1.pdf`);
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
    const doc = await loadPdfResponse(await fetchWorker(certificateUrl(j, article.refnumber, 1)), `certificate-${article.refnumber}-1.pdf`);
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
    const doc = await loadPdfResponse(res, `certificate-${article.refnumber}-3.pdf`);
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
    const doc = await loadPdfResponse(await fetchWorker(certificateUrl(j, article.refnumber, 2)), `certificate-${article.refnumber}-2.pdf`);
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
    expect(first.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${article.refnumber}-1.pdf"`);
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
    expect(stale.res.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${article.refnumber}-1.pdf"`);
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

describe("certificate verification page /verify/{code}", () => {
  async function codeOf(j: { url(p: string): string }, ref: string, author: number) {
    const doc = await loadPdfResponse(await fetchWorker(certificateUrl(j, ref, author)), `certificate-${ref}-${author}.pdf`);
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
    expect(moved).toContain(`href="/api/pdf/certificate/${article.refnumber}/1"`);
    // A new author in Bela's old place does not inherit the code.
    await changeArticle(j, article.id, { authorname: "Asha Rao, Chitra Iyer" });
    const res = await fetchWorker(j.url(`/verify/${bela}`));
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain("This verification code is not valid for this journal.");
    expect(html).not.toContain("Chitra Iyer");
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
    const text = documentText(await loadPdfResponse(await fetchWorker(certificateUrl(j, article.refnumber, 1)), `certificate-${article.refnumber}-1.pdf`));
    expect(text).toContain("DOI: https://doi.org/10.5555/avag.2025.v3i2.77");
    expect(text).toContain("Date of issue: 15 January 2025");
    const plain = await makeArticle(j.id, issue, { pagenumber: "20-22" });
    const without = documentText(await loadPdfResponse(await fetchWorker(certificateUrl(j, plain.refnumber, 1)), `certificate-${plain.refnumber}-1.pdf`));
    expect(without).not.toContain("DOI");
  });
});
