/**
 * Hard cases for the citation styles and exports: abbreviation endings,
 * italics, particles, compound surnames, Devanagari, accented Latin, single-name authors, one
 * and twenty authors, initials written several ways, DOIs; and every demo article of the seed.
 * Shared by the citeproc comparison and the export round trips.
 */
import type { CiteJournal, CiteSource } from "../../app/lib/citation/cite-formats";
import { demoJournals } from "../../scripts/seed/data.ts";

// Loaded at run time, after the importing test registered scripts/lib/ts-resolve.mjs.
const { authorFromName, serialiseAuthors } = await import("../../app/lib/authors.ts");

export interface CaseArticle {
  label: string;
  article: CiteSource;
  journal: CiteJournal;
}

export const HARD_JOURNAL: CiteJournal = {
  name: "Journal of Agricultural and Life Sciences",
  issn: "2583-1234",
  essn: "2583-5678",
  publisher: "Agri Press & Co.",
  url: "https://ijals.example/archives/2025/4/2/48213",
  pdfUrl: "https://ijals.example/archives/2025/4/2/48213.pdf",
};

const base: CiteSource = {
  title: "Yield of pearl millet",
  authorname: "Anjali Sharma",
  year: 2025,
  volume: 4,
  issue: 2,
  pagenumber: "12-18",
  publishdate: "2025-04-09",
  refnumber: "48213",
  keywords: "millet, yield",
  abstract: "<p>An abstract.</p>",
  doi: "",
};

const twenty = Array.from({ length: 20 }, (_, i) => `Author${String.fromCharCode(65 + i)} Person${String.fromCharCode(65 + i)}`).join(", ");

const people = (n: number) => Array.from({ length: n }, (_, i) => `Given${String.fromCharCode(65 + i)} Family${String.fromCharCode(65 + i)}`).join(", ");

const raw: [string, Partial<CiteSource>][] = [
  ["seven authors", { title: "Seven authors on rice", authorname: people(7) }],
  ["twenty-one authors", { title: "Twenty-one authors on rice", authorname: people(21) }],
  ["DOI and a question", { title: "Does mulching pay?", authorname: "Neha Gupta, सुनीता देवी", doi: "10.5555/abc-123(4)", publishdate: "2025-09-30" }],
  ["year only", { title: "An old note on barley", authorname: "Rahul Verma", publishdate: "2019" }],
  ["abbreviation ending", { title: "Profitability of organic cultivation of <i>Triticum aestivum</i> L.", authorname: "Dr. Jan van der Berg" }],
  ["abbreviation in parentheses", { title: "Evaluation of botanicals against the pod borer infesting <i>Vigna radiata</i> (L.) Wilczek", authorname: "Rahul Verma, Priya Nair" }],
  ["italics mid-title", { title: "Seasonal incidence of sucking pests on <em>Brassica juncea</em> in western India", authorname: "Divya Menon, Rahul Verma, Sneha Kulkarni" }],
  ["particles", { title: "Soil carbon under conservation tillage", authorname: "Ludwig von Mises, Maria da Silva, João dos Santos, Ahmed al-Rashid, Pierre de la Cruz, Jan van der Berg" }],
  ["compound surnames", { title: "Nitrogen use efficiency of maize hybrids", authorname: "Jean-Paul Dubois-Martin, Ana García-López, Mary Smith-Jones" }],
  ["Devanagari", { title: "Farmers' adoption of drip irrigation", authorname: "अमित शर्मा, डॉ. राजेश कुमार, Dr. Anjali Sharma" }],
  ["Devanagari conjuncts", { title: "Water use of chickpea", authorname: "श्याम सुंदर क्षत्रिय, सुनीता देवी" }],
  ["accented Latin", { title: "Résumé of Spanish trials on olive", authorname: "José Martínez, Zoë Müller, François Lefèvre, Łukasz Żółć" }],
  ["single-name authors", { title: "A note on sorghum", authorname: "Sukarno, Madonna" }],
  ["one author", { title: "Drought and yield: a review", authorname: "Prof. (Dr.) Suresh Kumar Patel" }],
  ["twenty authors", { title: "A multi-site trial of rice varieties", authorname: twenty }],
  ["initials", { title: "Zinc biofortification of wheat", authorname: "R.K. Singh, SKP Yadav, A. K. Gupta, M Irfan" }],
  ["DOI", { title: "Biochar and soil health", authorname: "Neha Gupta, Gaurav Bhatt", doi: "10.1234/ijals.2025.4.2.48213" }],
  ["ampersand and angle brackets", { title: "N &amp; P uptake at pH &lt; 6", authorname: "Neha Gupta" }],
  ["question title", { title: "Is organic farming profitable? Evidence from Kerala", authorname: "Lakshmi Narayanan, Manoj Tripathi" }],
  ["stop words", { title: "Effect of sowing dates on the yield of rice in and around Pune", authorname: "Aarti Deshmukh" }],
  ["hyphenated words", { title: "Bio-oil from slow pyrolysis of orange peel", authorname: "Pooja Mishra" }],
  ["long page numbers", { title: "Weed flora of rabi crops", authorname: "Hemant Joshi", pagenumber: "1096-1104" }],
  ["three-digit pages", { title: "Weed flora of kharif crops", authorname: "Hemant Joshi", pagenumber: "321-328" }],
  ["pages across a hundred", { title: "Weed flora of summer crops", authorname: "Hemant Joshi", pagenumber: "198-204" }],
];

// The names of app/lib/citation/cite-formats.test.ts, so its expectations are citeproc's too.
const unitArticle: Partial<CiteSource> = { title: "Growth of <i>Oryza sativa</i> L. under drip", doi: "10.1234/ijals.2025.1101", pagenumber: "10-18", volume: 3, issue: 2 };
for (const name of ["R.K. Singh", "R. K. Singh", "RK Singh", "R.K.Singh", "Dr.R.K. Singh", "Jean-Paul Sartre", "Dr.Suresh Kumar Patel", "PROF. (DR) Émile Zola", "E\u0301mile Zola", "डॉ. क्षितिज त्रिपाठी", "Mrs.Madonna", "R.K. Singh, Jean-Paul Sartre, क्षितिज त्रिपाठी", "Jean-Paul Sartre, R.K. Singh", "Dr. Anjali Kumari Sharma, Rahul Verma, Madonna"]) {
  raw.push([`unit test: ${name}`, { ...unitArticle, authorname: name }]);
}

export const HARD_CASES: CaseArticle[] = raw.map(([label, a]) => ({ label, article: { ...base, ...a }, journal: HARD_JOURNAL }));

/**
 * Every article of the demo journals (the seed's data as of 25 Nov 2026, authors as people) as a
 * citation case, its URL the article page's; with `doi`, a DOI under the test prefix 10.5555, with `pdfUrl`,
 * the journal's PDF link beside the page.
 */
export function demoCases({ doi, pdfUrl }: { doi: boolean; pdfUrl: boolean }): CaseArticle[] {
  const out: CaseArticle[] = [];
  for (const j of demoJournals(new Date(Date.UTC(2026, 10, 25)))) {
    const s = j.settings as Record<string, string>;
    for (const issue of j.issues) {
      for (const a of issue.articles) {
        const url = `https://${j.hosts[0]}/archives/${issue.year}/${issue.volume}/${issue.issue}/${a.refnumber}`;
        out.push({
          label: `${j.slug} ${a.refnumber}`,
          article: {
            title: a.title,
            authorname: a.authors.map((x) => x.name).join(", "),
            // The authors as the seed stores them: people, split by the app's name rule.
            authors: serialiseAuthors(a.people.map((p) => ({ ...authorFromName(p.name), ...p }))),
            year: issue.year,
            volume: issue.volume,
            issue: issue.issue,
            pagenumber: `${a.firstPage}-${a.lastPage}`,
            publishdate: a.publishdate,
            refnumber: a.refnumber,
            keywords: a.keywords,
            abstract: a.abstract,
            doi: doi ? `10.5555/${j.slug}.${issue.year}.${a.refnumber}` : "",
          },
          journal: { name: s.websitename, issn: s.issn, essn: s.journal_essn, publisher: s.publisher_name, url, ...(pdfUrl ? { pdfUrl: `${url}.pdf` } : {}) },
        });
      }
    }
  }
  return out;
}
