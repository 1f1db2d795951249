/**
 * Document benchmarks inside workerd. Skipped in normal runs; `node scripts/documents/bench.mjs`
 * runs it (VITE_PDF_BENCH=1) and prints the figures. Measures only — no timing assertions.
 */
import { describe, it } from "vitest";
import { buildCertificate } from "../../app/documents/certificate.server";
import { buildEditorialBoard } from "../../app/documents/editorial-board.server";
import { buildIndexPage } from "../../app/documents/index-page.server";
import type { ArticleSummary } from "../../app/lib/article";
import type { EditorInfo } from "../../app/documents/types";
import { article, journal } from "../../scripts/documents/sample-data";
import { discPng } from "../images";
import { fetchWorker, makeArticle, makeEditor, makeIssue, makeJournal, makeUser } from "../factories";
import { adminAuth, postJson } from "./pdf-helpers";

const ENABLED = Boolean(import.meta.env.VITE_PDF_BENCH);

const LATIN = ["Dr. Anjali Sharma", "Rahul Verma", "Prof. Suresh Kumar Patel", "Meena Iyer", "Arvind Rao"];
const DEVANAGARI = ["राजेश कुमार", "सुनीता देवी", "डॉ. विनोद कुमार", "क्षितिज त्रिपाठी", "श्रीमती प्रिया शर्मा", "अमित त्रिवेदी"];

/** workerd's clock ticks in whole milliseconds, so the mean of many runs is reported too. */
function stats(xs: number[]): string {
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return `median ${median(xs).toFixed(0)} ms, mean ${mean.toFixed(2)} ms`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

async function timeIt(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

function certificate(author: string, i: number) {
  const code = `${article.refnumber}-${(i % 5) + 1}-K7QH3M${String(1000 + i).slice(-4)}`;
  return buildCertificate({ journal, article, author, position: (i % 5) + 1, editorInChief: "Prof. Ramesh Chandra Verma", verifyUrl: `https://ijals.example/verify/${code}`, code });
}

describe.runIf(ENABLED)("document benchmarks", () => {
  it("prints timings", async () => {
    const rows: [string, string][] = [];
    rows.push(["first certificate in a fresh isolate (fonts parsed, base subsets built)", `${(await timeIt(() => certificate("Dr. Anjali Sharma", 0))).toFixed(1)} ms`]);
    rows.push(["first Devanagari certificate (Indic shaper warm-up)", `${(await timeIt(() => certificate("राजेश कुमार", 0))).toFixed(1)} ms`]);

    // Warm the JIT, then alternate the two kinds so both see the same machine load.
    for (let i = 0; i < 40; i++) await certificate(i % 2 ? LATIN[i % LATIN.length] : DEVANAGARI[i % DEVANAGARI.length], i);
    const latin: number[] = [];
    const deva: number[] = [];
    for (let i = 0; i < 120; i++) {
      latin.push(await timeIt(() => certificate(`${LATIN[i % LATIN.length]}${i % 2 ? ` ${i}` : ""}`, i)));
      deva.push(await timeIt(() => certificate(DEVANAGARI[i % DEVANAGARI.length], i)));
    }
    rows.push(["Latin-name certificate (120 runs)", stats(latin)]);
    rows.push(["Devanagari-name certificate (120 runs)", stats(deva)]);

    const editors: EditorInfo[] = Array.from({ length: 200 }, (_, i) => ({
      id: i + 1,
      name: i % 7 === 3 ? `डॉ. विनोद कुमार ${i}` : `Dr. Editor Number ${i}`,
      category: i === 0 ? "chief editor" : i < 100 ? "associate editor" : "assistant editor",
      post: "Professor",
      degree: "Ph.D.",
      content: "Department of Agronomy, Banaras Hindu University, Varanasi, Uttar Pradesh 221005",
      country: "India",
      email: `editor${i}@univ.example`,
      phone: "+91 9810000000",
    }));
    const board: number[] = [];
    for (let i = 0; i < 8; i++) board.push(await timeIt(() => buildEditorialBoard({ journal, editors, showContacts: true })));
    rows.push(["editorial board, 200 editors (8 runs)", stats(board)]);

    const articles: ArticleSummary[] = Array.from({ length: 200 }, (_, i) => ({
      ...article,
      refnumber: String(500000 + i),
      title: `Genetic variability in <i>Brassica juncea</i> (L.) Czern. genotypes under rainfed conditions, trial ${i + 1}`,
      authorname: i % 4 === 0 ? "राजेश कुमार, सुनीता देवी" : "Dr. Anjali Sharma, José Müller-Łukasz, Renée Ødegård",
      pagenumber: `${i * 8 + 1}-${i * 8 + 8}`,
    }));
    const index: number[] = [];
    for (let i = 0; i < 8; i++) index.push(await timeIt(() => buildIndexPage({ journal, articles })));
    rows.push(["index page, 200 articles (8 runs)", stats(index)]);

    // The whole request: 100 articles × 5 authors through the Worker, D1 and the streamed zip.
    const j = await makeJournal({ settings: { websitename: journal.name, issn: journal.issn } });
    const auth = await adminAuth(j, await makeUser(j.id));
    const issue = await makeIssue(j.id, { year: 2025, volume: 11, issue: 1, frequency: "Jan-Mar" });
    await makeEditor(j.id, { name: "Prof. Ramesh Chandra Verma", category: "chief editor" });
    const refs: string[] = [];
    for (let i = 0; i < 100; i++) {
      const names = i % 5 === 0 ? [...DEVANAGARI.slice(0, 2), ...LATIN.slice(0, 3)] : LATIN;
      const a = await makeArticle(j.id, issue, { refnumber: String(700000 + i), txnid: `BENCH${i}`, title: `Bench article ${i} on <i>Oryza sativa</i>`, authorname: names.join(", "), pagenumber: `${i * 10 + 1}-${i * 10 + 9}` });
      refs.push(a.refnumber);
    }
    const t0 = performance.now();
    const res = await postJson(j.url("/api/pdf/bulkcertificates"), { refnumbers: refs }, auth);
    const reader = res.body!.getReader();
    let firstByte = 0;
    let bytes = 0;
    let largestChunk = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!firstByte) firstByte = performance.now() - t0;
      bytes += value.length;
      largestChunk = Math.max(largestChunk, value.length);
    }
    const total = performance.now() - t0;
    rows.push(["Certificates.zip, 100 articles × 5 authors (500 PDFs): first byte", `${firstByte.toFixed(0)} ms`]);
    rows.push(["Certificates.zip, 100 articles × 5 authors (500 PDFs): complete", `${(total / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB, largest chunk ${(largestChunk / 1024).toFixed(0)} KiB`]);

    const width = Math.max(...rows.map(([k]) => k.length));
    console.log(`\nDocument benchmarks (workerd, this machine)\n${rows.map(([k, v]) => `  ${k.padEnd(width)}  ${v}`).join("\n")}\n`);
  }, 600_000);

  it("prints a certificate request answered 200 (built) vs 304 (If-None-Match)", async () => {
    const j = await makeJournal({ settings: { websitename: journal.name, issn: journal.issn, journal_essn: journal.essn } });
    const issue = await makeIssue(j.id, { year: 2025, volume: 11, issue: 1, frequency: "Jan-Mar" });
    await makeEditor(j.id, { name: "Prof. Ramesh Chandra Verma", category: "chief editor" });
    const a = await makeArticle(j.id, issue, { title: article.title, authorname: LATIN.join(", "), pagenumber: "101-110" });
    // Each request gets a fresh query string so the edge cache never answers: the route does.
    const url = (i: number) => j.url(`/api/pdf/certificate/${a.refnumber}/1?b=${i}`);
    const first = await fetchWorker(url(0));
    await first.arrayBuffer();
    const etag = first.headers.get("etag")!;
    // Wall time of the whole request, and the same less the time spent waiting on D1 (from the
    // Server-Timing header): the Worker's own work, which is what CPU time bills.
    const d1ms = (res: Response) => Number(/dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? 0);
    const sample = async (i: number, headers?: Record<string, string>) => {
      const t = performance.now();
      const res = await fetchWorker(url(i), headers ? { headers } : undefined);
      await res.arrayBuffer();
      const wall = performance.now() - t;
      return { status: res.status, wall, own: wall - d1ms(res) };
    };
    const full = { wall: [] as number[], own: [] as number[] };
    const conditional = { wall: [] as number[], own: [] as number[] };
    for (let i = 1; i <= 140; i++) {
      const a200 = await sample(i * 2);
      const a304 = await sample(i * 2 + 1, { "if-none-match": etag });
      if (a200.status !== 200 || a304.status !== 304) throw new Error(`statuses ${a200.status}/${a304.status}`);
      if (i > 20) {
        full.wall.push(a200.wall);
        full.own.push(a200.own);
        conditional.wall.push(a304.wall);
        conditional.own.push(a304.own);
      }
    }
    console.log(
      `\nCertificate request through the Worker in workerd (host lookup, routing, headers; local D1), 120 runs each:\n` +
        `  200, built      wall ${stats(full.wall)};  less D1 waits ${stats(full.own)}\n` +
        `  304, not built  wall ${stats(conditional.wall)};  less D1 waits ${stats(conditional.own)}\n`,
    );
  }, 600_000);

  it("prints a link-preview image's generation with the seal and with a 4-megapixel logo", async () => {
    const j = await makeJournal({ settings: { websitename: "Journal of Large Logos" } });
    const auth = await adminAuth(j, await makeUser(j.id));
    const logo = async (body: FormData) => {
      const res = await fetchWorker(j.url("/api/settings/logo"), { method: "POST", headers: auth, body });
      if (res.status !== 200) throw new Error(`logo upload: ${res.status}`);
    };
    // Wall time of the image request alone (the page first, so fonts are parsed and the URL known);
    // every logo change gives a new image, built on its first request.
    const timeImage = async () => {
      const html = await (await fetchWorker(j.url("/"))).text();
      const url = /<meta property="og:image" content="([^"]*)"/.exec(html)![1];
      const t = performance.now();
      const res = await fetchWorker(url);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`preview image: ${res.status}`);
      return performance.now() - t;
    };
    const seal: number[] = [];
    const png: number[] = [];
    for (let i = 0; i < 5; i++) {
      const removed = new FormData();
      removed.set("remove", "1");
      await logo(removed);
      seal.push(await timeImage());
      const upload = new FormData();
      upload.set("logoFile", new File([discPng(2000, [222, 64, 26]) as BlobPart], `big${i}.png`, { type: "image/png" }));
      await logo(upload);
      png.push(await timeImage());
    }
    console.log(`\nLink-preview image (1200×630 PNG), first request after a change, 5 runs each:\n  with the seal                               ${stats(seal)}\n  with a 2000×2000 PNG logo (decoded once)   ${stats(png)}\n`);
  }, 600_000);
});
