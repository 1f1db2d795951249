/** Sample records for scripts/documents/samples.ts (rendering every document type to look at), also the journal and article of app/documents/layout.test.ts and test/workers/pdf-bench.test.ts. */
import { buildCertificate } from "../../app/documents/certificate.server";
import { buildCoverPage } from "../../app/documents/coverpage.server";
import { buildEditorCertificate } from "../../app/documents/editor-certificate.server";
import { buildEditorialBoard } from "../../app/documents/editorial-board.server";
import { buildIndexPage } from "../../app/documents/index-page.server";
import { prepareLogo } from "../../app/documents/logo.server";
import type { ArticleSummary } from "../../app/lib/article";
import type { EditorInfo, JournalInfo } from "../../app/documents/types";
import { emblem } from "../seed/png";
import { SCRIPT_SAMPLES } from "../../test/fixtures/scripts";

export const journal: JournalInfo = {
  name: "International Journal of Agriculture and Life Sciences",
  issn: "2454-6127",
  essn: "2454-6135",
  impactFactor: "5.87",
  yearStarted: "2015",
  frequency: "Quarterly",
  publisherName: "Agri Life Publications",
  publisherAddress: "12 University Road, Civil Lines, Prayagraj, Uttar Pradesh 211001, India",
  email: "editor@ijals.example",
  domain: "www.ijals.example",
};

export const article: ArticleSummary = {
  refnumber: "482135",
  title: "Effect of integrated nutrient management on growth, yield and grain quality of <i>Oryza sativa</i> L. under the sodic soils of eastern Uttar Pradesh",
  authorname: "Dr. Anjali Sharma, José Müller-Łukasz, राजेश कुमार, क्षितिज त्रिपाठी, Renée Ødegård",
  year: 2025,
  volume: 11,
  issue: 1,
  frequency: "Jan-Mar",
  pagenumber: "101-110",
  publishdate: "2025-03-15",
};

async function timed(name: string, build: () => Promise<Uint8Array>) {
  const t = performance.now();
  const bytes = await build();
  return { name, bytes, ms: performance.now() - t };
}

export async function sampleDocuments() {
  const cert = (author: string, position: number) =>
    buildCertificate({
      journal,
      article,
      author,
      position,
      editorInChief: "Prof. (Dr.) Ramesh Chandra Verma",
      verifyUrl: `https://ijals.example/verify/482135-${position}-K7QH3M9XWA`,
      code: `482135-${position}-K7QH3M9XWA`,
    });
  const editors: EditorInfo[] = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    name: ["Prof. (Dr.) Ramesh Chandra Verma", "Dr. Sunita Devi", "डॉ. विनोद कुमार", "Dr. Hélène Dubois-Çelik", "Dr. Arun Prakash Singh"][i % 5] + (i > 4 ? ` ${i}` : ""),
    category: i === 0 ? "chief editor" : i < 22 ? "associate editor" : "assistant editor",
    post: ["Professor", "Associate Professor", "<em>Principal Scientist</em>", "Head", "Assistant Professor"][i % 5],
    degree: i % 3 === 0 ? "Ph.D." : "",
    content: ["Department of Agronomy, Banaras Hindu University, Varanasi, Uttar Pradesh", "ICAR – Indian Agricultural Research Institute, Pusa Campus, New Delhi", "Faculty of Agricultural Sciences, Université de Montpellier, Montpellier", "College of Horticulture, Dr. Yashwant Singh Parmar University of Horticulture and Forestry, Nauni, Solan, Himachal Pradesh 173230"][i % 4],
    country: ["India", "India", "France", "Nepal"][i % 4],
    email: `editor${i}@univ.example`,
    phone: `+91 98${String(10000000 + i * 7919).slice(0, 8)}`,
  }));
  const articles: ArticleSummary[] = Array.from({ length: 34 }, (_, i) => ({
    ...article,
    refnumber: String(482100 + i),
    title: i % 3 === 0 ? `Genetic variability and path analysis in <i>Brassica juncea</i> (L.) Czern. &amp; Coss. genotypes under rainfed conditions, trial ${i + 1}` : `Studies on the efficacy of bio-agents against wilt of chickpea (<em>Cicer arietinum</em> L.) ${i + 1}`,
    authorname: i % 4 === 0 ? "राजेश कुमार, सुनीता देवी" : "Dr. Anjali Sharma, José Müller-Łukasz, Renée Ødegård",
    pagenumber: `${i * 8 + 1}-${i * 8 + 8}`,
  }));
  return [
    await timed("coverpage.pdf", () => buildCoverPage({ journal, issue: { year: 2025, volume: 11, issue: 1, frequency: "Jan-Mar" } })),
    await timed("editorial-board.pdf", () => buildEditorialBoard({ journal, editors, showContacts: true })),
    await timed("index-page.pdf", () => buildIndexPage({ journal, articles })),
    await timed("editor-certificate.pdf", () => buildEditorCertificate({ journal, editor: editors[2], editorInChief: editors[0].name, issuedOn: "2025-04-01", verifyUrl: "https://ijals.example/verify/E3-20250401-K7QH3M9XWA", code: "E3-20250401-K7QH3M9XWA" })),
    await timed("certificate-latin.pdf", () => cert("Dr. Anjali Sharma", 1)),
    await timed("certificate-latin-2.pdf", () => cert("Dr. Anjali Sharma", 1)),
    await timed("certificate-accented.pdf", () => cert("José Müller-Łukasz", 2)),
    await timed("certificate-devanagari.pdf", () => cert("क्षितिज त्रिपाठी", 4)),
    await timed("certificate-devanagari-2.pdf", () => cert("डॉ. विनोद कुमार", 3)),
    // With an uploaded logo (the demo journal A's emblem) instead of the drawn seal.
    await timed("certificate-logo.pdf", async () =>
      buildCertificate({
        journal: { ...journal, logo: await prepareLogo("sample-emblem.png", "png", async () => emblem()) },
        article,
        author: "क्षितिज त्रिपाठी",
        position: 4,
        editorInChief: "Prof. (Dr.) Ramesh Chandra Verma",
        verifyUrl: "https://ijals.example/verify/482135-4-K7QH3M9XWA",
        code: "482135-4-K7QH3M9XWA",
      }),
    ),
    // Stress: a very long name and title, a long domain (larger QR), a journal without ISSN/impact factor.
    await timed("certificate-long.pdf", () =>
      buildCertificate({
        journal: { ...journal, name: "Asian Journal of Interdisciplinary Research in Agricultural, Biological, Environmental and Veterinary Sciences", issn: "", essn: "", impactFactor: "" },
        article: {
          ...article,
          title: "A comprehensive multi-location evaluation of the physiological, biochemical and molecular responses of <i>Triticum aestivum</i> L., <i>Hordeum vulgare</i> L. and <em>Avena sativa</em> L. genotypes to terminal heat stress, drought and salinity under the changing climate of the Indo-Gangetic plains with special reference to yield stability (G × E) and grain quality",
          frequency: "",
        },
        author: "Dr. Venkata Subrahmanya Lakshminarasimha Sastry Chakravarthula Ramachandra",
        position: 5,
        editorInChief: "",
        verifyUrl: "https://www.asian-journal-of-interdisciplinary-research-agri-bio-env-vet.example.org/verify/48213512-5-K7QH3M9XWA",
        code: "48213512-5-K7QH3M9XWA",
      }),
    ),
  ];
}

/**
 * One certificate, one editor certificate per script sample (test/fixtures/scripts.ts: the
 * script in the author's name where the author rule admits it, else in the title), and an
 * index page and a board holding every sample.
 */
export async function scriptSampleDocuments() {
  const docs = [];
  for (const [i, sample] of SCRIPT_SAMPLES.entries()) {
    const code = `4822${String(i).padStart(2, "0")}-1-K7QH3M9XWA`;
    docs.push(
      await timed(`script-${sample.script}-certificate.pdf`, () =>
        buildCertificate({
          journal,
          article: { ...article, title: sample.author ? article.title : `${sample.text}: a study of <i>Oryza sativa</i> L. (2024)` },
          author: sample.author ? sample.text : "Dr. Anjali Sharma",
          position: 1,
          editorInChief: "Prof. (Dr.) Ramesh Chandra Verma",
          verifyUrl: `https://ijals.example/verify/${code}`,
          code,
        }),
      ),
      await timed(`script-${sample.script}-editor.pdf`, () =>
        buildEditorCertificate({
          journal,
          editor: { id: i + 1, name: sample.text, category: "associate editor", post: "Professor", degree: "", content: `${sample.text}, University`, country: "", email: "", phone: "" },
          editorInChief: "Prof. (Dr.) Ramesh Chandra Verma",
          issuedOn: "2025-04-01",
          verifyUrl: `https://ijals.example/verify/E${i + 1}-20250401-K7QH3M9XWA`,
          code: `E${i + 1}-20250401-K7QH3M9XWA`,
        }),
      ),
    );
  }
  const articles: ArticleSummary[] = SCRIPT_SAMPLES.map((sample, i) => ({
    ...article,
    refnumber: String(482200 + i),
    title: `${sample.text} (${sample.script})`,
    authorname: sample.author ? sample.text : "Dr. Anjali Sharma",
    pagenumber: `${i * 8 + 1}-${i * 8 + 8}`,
  }));
  docs.push(await timed("script-index-page.pdf", () => buildIndexPage({ journal, articles })));
  const editors: EditorInfo[] = SCRIPT_SAMPLES.map((sample, i) => ({
    id: i + 1,
    name: sample.text,
    category: i === 0 ? "chief editor" : "associate editor",
    post: "Professor",
    degree: "",
    content: `${SCRIPT_SAMPLES[(i + 5) % SCRIPT_SAMPLES.length].text}, University`,
    country: "",
    email: "",
    phone: "",
  }));
  docs.push(await timed("script-editorial-board.pdf", () => buildEditorialBoard({ journal, editors, showContacts: false })));
  // A journal whose name and publisher are in other scripts: the seal's ring, the cover, the board's header.
  const arabicJournal = { ...journal, name: "مجلة العلوم الزراعية 2025", publisherName: "出版社 水稻研究所", publisherAddress: "Hà Nội, Việt Nam — 東京都 千代田区" };
  docs.push(await timed("script-coverpage.pdf", () => buildCoverPage({ journal: arabicJournal, issue: { year: 2025, volume: 11, issue: 1, frequency: "Jan-Mar" } })));
  return docs;
}
