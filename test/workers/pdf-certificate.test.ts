import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeArticle, makeEditor, makeIssue, makeJournal, fetchWorker } from "../factories";
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
  const article = await makeArticle(j.id, issue, {
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
    expect(repeat.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(new Uint8Array(await repeat.arrayBuffer())).toEqual(stored);
  });

  it("builds the same bytes every time, apart from the creation and modification dates", async () => {
    const { j, article } = await setup();
    // A new journal version (what any staff write does) gives a fresh edge-cache key: every
    // document is built.
    const build = async (author: number, _n: number) => {
      await env.DB.prepare("UPDATE journals SET version = version + 1 WHERE id = ?").bind(j.id).run();
      const before = Date.now();
      const res = await fetchWorker(certificateUrl(j, article.refnumber, author));
      expect(res.headers.get("x-edge-cache")).toBe("MISS");
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { bytes, before, after: Date.now() };
    };
    // A Latin name (fonts from the per-isolate base subsets) and a Devanagari one (a subset
    // made for the document).
    const firsts = [await build(1, 1), await build(3, 1)];
    // A second apart, so the timestamps differ: proof that the second documents were built
    // anew rather than served from some cache.
    await new Promise((r) => setTimeout(r, 1100));
    const seconds = [await build(1, 2), await build(3, 2)];

    // What may differ: /CreationDate and /ModDate, and nothing else. DocBuilder stamps them
    // with the moment of building (`new Date()`), not a per-article date; they are metadata a
    // reader never sees on the page, so we accept them. Everything else — the text, fonts and
    // their subset tags, the signed verification code, the layout — is a pure function of the
    // article and journal and must match byte for byte. (If the builder ever stamps a fixed
    // per-article date, the "differ" assertion below fails: replace the masking with plain
    // byte equality then.)
    const DATE = /\/(CreationDate|ModDate) \(D:(\d{14})Z\)/g;
    const latin1 = (u8: Uint8Array) => new TextDecoder("latin1").decode(u8);
    const stamp = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\D/g, "").slice(0, 14);
    const masked = (u8: Uint8Array) => latin1(u8).replace(DATE, "/$1 (D:00000000000000Z)");
    for (const { bytes, before, after } of [...firsts, ...seconds]) {
      const dates = [...latin1(bytes).matchAll(DATE)].map((m) => [m[1], m[2]]);
      expect(dates.map(([key]) => key).sort()).toEqual(["CreationDate", "ModDate"]);
      for (const [, date] of dates) {
        expect(date >= stamp(before) && date <= stamp(after), `${date} within ${stamp(before)}–${stamp(after)}`).toBe(true);
      }
    }
    firsts.forEach((a, i) => {
      const b = seconds[i];
      expect(latin1(a.bytes).match(DATE)).not.toEqual(latin1(b.bytes).match(DATE));
      const [ma, mb] = [masked(a.bytes), masked(b.bytes)];
      expect(mb.length).toBe(ma.length);
      let firstDifference = -1;
      for (let k = 0; k < ma.length && firstDifference < 0; k++) if (ma[k] !== mb[k]) firstDifference = k;
      expect(firstDifference, `differs at ${JSON.stringify(ma.slice(firstDifference - 40, firstDifference + 40))}`).toBe(-1);
    });
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
});
