/**
 * Demo content for the two seeded journals, generated for a given day (`demoJournals(today)`):
 * three full years of archives plus the issues of the current year published by that day,
 * 70–100 articles per journal whatever the month. Deterministic (a seeded PRNG keyed by the
 * year's position, not the calendar year, so the content does not drift with the date),
 * realistic, and varied enough to exercise the pages (italic species names, 'Dr. ' prefixes,
 * Devanagari and accented names, several frequencies, enabled and disabled rows).
 * `test/e2e/seed-data.test.ts` checks the counts for a day in each month.
 */
import type { EditorValues } from "../../app/schemas/editor.ts";

interface DemoAuthor {
  /** As shown on the site. */
  name: string;
  /** A Latin-script rendering for the demo PDF (standard PDF fonts have no Devanagari). */
  latin: string;
  /** A demo ORCID iD: checksum-valid, from the block ORCID never issues (0000-0000-…), so no real person's. */
  orcid?: string;
  affiliations?: { name: string; ror?: string; country: string }[];
}

/**
 * An author of one article as stored (app/lib/authors.ts) but for the given and family names,
 * which the seed and the tests split by the app's name rule (authorFromName), as the migration
 * of an existing byline would: the demo reads like converted data.
 */
interface DemoPerson {
  name: string;
  orcid: string;
  affiliations: { name: string; ror: string; country: string }[];
  email: string;
  corresponding: boolean;
}

interface DemoArticle {
  refnumber: string;
  title: string;
  authors: DemoAuthor[];
  /** The authors as people: the first one corresponding (with the article's e-mail). */
  people: DemoPerson[];
  /** The reference list, one per entry ([] for some articles). */
  references: string[];
  /** Manuscript history, YYYY-MM-DD or '' (none for some articles). */
  received: string;
  accepted: string;
  abstract: string;
  keywords: string;
  subject: string;
  country: string;
  email: string;
  mobile: string;
  txnid: string;
  ptype: "paid" | "free";
  /** YYYY-MM-DD, never after the day the data is generated for. */
  publishdate: string;
  firstPage: number;
  lastPage: number;
  status: "enabled" | "disabled";
}

interface DemoIssue {
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  /** ISO timestamp: the first day of the issue's first month. */
  creation: string;
  articles: DemoArticle[];
}

/** An editor as the admin form takes one (app/schemas/editor.ts), with a demo portrait or none, pinned or not. */
type DemoEditor = EditorValues & {
  picture: boolean;
  is_pinned: number;
};

export interface DemoJournal {
  slug: string;
  name: string;
  hosts: string[];
  admin: { username: string; password: string; name: string };
  settings: Record<string, string | boolean>;
  issues: DemoIssue[];
  editors: DemoEditor[];
  partners: { title: string; link: string; sortnumber: number; status: string }[];
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

/** Text of an HTML fragment (tags dropped, the few entities the demo uses decoded). */
export function plain(html: string): string {
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

const IN = "India";
const AUTHORS: DemoAuthor[] = [
  { name: "Dr. Anjali Sharma", latin: "Dr. Anjali Sharma", orcid: "https://orcid.org/0000-0000-0010-4716", affiliations: [{ name: "Department of Agronomy, Punjab Agricultural University, Ludhiana", country: IN }] },
  { name: "Rahul Verma", latin: "Rahul Verma", affiliations: [{ name: "ICAR-Indian Agricultural Research Institute, New Delhi", country: IN }] },
  { name: "Priya Nair", latin: "Priya Nair", orcid: "https://orcid.org/0000-0000-0021-638X", affiliations: [{ name: "Kerala Agricultural University, Thrissur", country: IN }] },
  {
    name: "Dr. Suresh Kumar Patel",
    latin: "Dr. Suresh Kumar Patel",
    affiliations: [
      { name: "Anand Agricultural University, Anand", country: IN },
      { name: "ICAR-Indian Agricultural Research Institute, New Delhi", country: IN },
    ],
  },
  { name: "राजेश कुमार", latin: "Rajesh Kumar", affiliations: [{ name: "Banaras Hindu University, Varanasi", country: IN }] },
  { name: "सुनीता देवी", latin: "Sunita Devi" },
  { name: "Meenakshi Iyer", latin: "Meenakshi Iyer", orcid: "https://orcid.org/0000-0000-0032-9050", affiliations: [{ name: "Tamil Nadu Agricultural University, Coimbatore", country: IN }] },
  { name: "José Martínez", latin: "José Martínez", affiliations: [{ name: "Universidad de Córdoba, Córdoba", country: "Spain" }] },
  {
    name: "Zoë Müller",
    latin: "Zoë Müller",
    orcid: "https://orcid.org/0000-0000-0045-1726",
    affiliations: [{ name: "Department of Plant Sciences, University of Cambridge", ror: "https://ror.org/013meh722", country: "United Kingdom" }],
  },
  { name: "Dr. Kavita Rao", latin: "Dr. Kavita Rao", affiliations: [{ name: "University of Agricultural Sciences, Bengaluru", country: IN }] },
  { name: "Arjun Singh Rathore", latin: "Arjun Singh Rathore", affiliations: [{ name: "Rajasthan Agricultural Research Institute, Jaipur", country: IN }] },
  { name: "Fatima Begum", latin: "Fatima Begum", affiliations: [{ name: "Bangladesh Agricultural University, Mymensingh", country: "Bangladesh" }] },
  { name: "अमित शर्मा", latin: "Amit Sharma" },
  { name: "Dr. Vikram Chauhan", latin: "Dr. Vikram Chauhan", orcid: "https://orcid.org/0000-0000-0057-2499", affiliations: [{ name: "CSK Himachal Pradesh Krishi Vishvavidyalaya, Palampur", country: IN }] },
  { name: "Neha Gupta", latin: "Neha Gupta", affiliations: [{ name: "Department of Environmental Studies, University of Delhi", country: IN }] },
  { name: "Sandeep Yadav", latin: "Sandeep Yadav" },
  { name: "Lakshmi Narayanan", latin: "Lakshmi Narayanan", affiliations: [{ name: "Indian Institute of Science, Bengaluru", country: IN }] },
  { name: "Dr. Hemant Joshi", latin: "Dr. Hemant Joshi", affiliations: [{ name: "G. B. Pant University of Agriculture and Technology, Pantnagar", country: IN }] },
  { name: "Pooja Mishra", latin: "Pooja Mishra", affiliations: [{ name: "Department of Chemistry, University of Lucknow", country: IN }] },
  { name: "Ravi Shankar Tiwari", latin: "Ravi Shankar Tiwari" },
  { name: "Aarti Deshmukh", latin: "Aarti Deshmukh", orcid: "https://orcid.org/0000-0000-0068-3164", affiliations: [{ name: "Savitribai Phule Pune University, Pune", country: IN }] },
  {
    name: "François Lefèvre",
    latin: "François Lefèvre",
    orcid: "https://orcid.org/0000-0000-0079-5836",
    affiliations: [{ name: "Department of Chemistry, University of Oxford", ror: "https://ror.org/052gg0110", country: "United Kingdom" }],
  },
  { name: "Dr. Mohammed Irfan", latin: "Dr. Mohammed Irfan", affiliations: [{ name: "Aligarh Muslim University, Aligarh", country: IN }] },
  { name: "Sneha Kulkarni", latin: "Sneha Kulkarni", affiliations: [{ name: "Mahatma Phule Krishi Vidyapeeth, Rahuri", country: IN }] },
  { name: "Gaurav Bhatt", latin: "Gaurav Bhatt" },
  { name: "Dr. Rekha Pillai", latin: "Dr. Rekha Pillai", orcid: "https://orcid.org/0000-0000-0081-8508", affiliations: [{ name: "Cochin University of Science and Technology, Kochi", country: IN }] },
  { name: "Manoj Tripathi", latin: "Manoj Tripathi", affiliations: [{ name: "Chandra Shekhar Azad University of Agriculture and Technology, Kanpur", country: IN }] },
  { name: "Divya Menon", latin: "Divya Menon", affiliations: [{ name: "Kerala Agricultural University, Thrissur", country: IN }] },
];

/** An article's authors as people; the first is the corresponding author, reached at the article's e-mail. */
function peopleOf(authors: DemoAuthor[], email: string): DemoPerson[] {
  return authors.map((a, i) => ({
    name: a.name,
    orcid: a.orcid ?? "",
    affiliations: (a.affiliations ?? []).map((f) => ({ name: f.name, ror: f.ror ?? "", country: f.country })),
    email: i === 0 ? email : "",
    corresponding: i === 0,
  }));
}

/** Works a demo article cites (their DOIs under Crossref's test prefix 10.5555, which resolves nowhere). */
const CITED_TITLES = [
  "Nutrient uptake and yield response to integrated fertiliser management",
  "Soil organic carbon under long-term conservation tillage",
  "Water productivity of drip-irrigated crops in semi-arid regions",
  "Genetic diversity assessed with SSR markers",
  "Biological control of foliar pathogens with rhizosphere bacteria",
  "Adsorption isotherms of dyes on agricultural waste biochar",
  "Heavy metals in peri-urban soils irrigated with wastewater",
  "Green synthesis of metal oxide nanoparticles: a review",
  "Seasonal dynamics of sucking pests and their natural enemies",
  "Post-harvest quality of fruits coated with edible films",
  "Climate variability and sowing windows of rabi crops",
  "Economics of organic and conventional cultivation",
];
const CITED_JOURNALS = ["Indian Journal of Agronomy", "Field Crops Research", "Journal of Environmental Management", "Indian Journal of Agricultural Sciences", "Chemosphere", "Journal of Cleaner Production"];

/**
 * The reference list of a demo article, from its own generator (keyed by the ref number, so the
 * main sequence — titles, authors, pages — is the same as before references existed): a fifth of
 * the articles have none, the others 5–12, about half with a DOI.
 */
function referencesOf(refnumber: string, year: number): string[] {
  const r = rng(Number(refnumber) * 7919);
  if (r() < 0.2) return [];
  const count = 5 + Math.floor(r() * 8);
  const out: string[] = [];
  for (let n = 0; n < count; n++) {
    const a = pick(r, AUTHORS).latin.replace(/^Dr\.\s*/, "").split(" ");
    const b = pick(r, AUTHORS).latin.replace(/^Dr\.\s*/, "").split(" ");
    const cite = (parts: string[]) => `${parts[parts.length - 1]} ${parts.slice(0, -1).map((w) => w[0]).join("")}`;
    const y = year - 1 - Math.floor(r() * 12);
    const vol = 10 + Math.floor(r() * 90);
    const first = 1 + Math.floor(r() * 400);
    const text = `${cite(a)}, ${cite(b)}. ${pick(r, CITED_TITLES)}. ${pick(r, CITED_JOURNALS)}. ${y};${vol}(${1 + Math.floor(r() * 6)}):${first}-${first + 4 + Math.floor(r() * 12)}.`;
    out.push(r() < 0.5 ? `${text} doi:10.5555/demo.${y}.${refnumber}${n + 1}` : text);
  }
  return out;
}

/** Received and accepted before the publish date (a tenth of the articles record neither). */
function historyOf(refnumber: string, publishdate: string): { received: string; accepted: string } {
  const r = rng(Number(refnumber) * 104729);
  if (r() < 0.1) return { received: "", accepted: "" };
  const published = Date.parse(`${publishdate}T00:00:00Z`);
  const day = (back: number) => new Date(published - back * 86_400_000).toISOString().slice(0, 10);
  const accepted = 7 + Math.floor(r() * 34);
  return { received: day(accepted + 30 + Math.floor(r() * 90)), accepted: day(accepted) };
}

const COUNTRIES = ["India", "India", "India", "India", "Nepal", "Bangladesh", "Sri Lanka", "Ethiopia", "Nigeria", "Spain"];

/** One issue slot of a journal's year: the issue's frequency label, its first month (0–11). */
interface Slot {
  frequency: string;
  month: number;
}

/** What does not depend on the date. Settings that name a year take the current one. */
interface Profile {
  slug: string;
  name: string;
  hosts: string[];
  admin: DemoJournal["admin"];
  settings: (thisYear: number) => Record<string, string | boolean>;
  slots: Slot[];
  /** Articles per issue, one row per year of the archive (rotated), each row summing to 24. */
  perIssue: number[][];
  /** Title openings, each with the pool of subjects it goes with. */
  topics: [string, string][];
  pools: Record<string, string[]>;
  /** Qualifiers that keep a title unique when topic and subject were already used. */
  variants: string[];
  subjects: string[];
  partners: DemoJournal["partners"];
}

const PROFILES: Profile[] = [
  {
    slug: "ijals",
    name: "International Journal of Agriculture and Life Sciences",
    hosts: ["localhost", "127.0.0.1", "journal-a.localhost"],
    admin: { username: "admin", password: "agri-demo-2026", name: "Editorial Office (IJALS)" },
    settings: (thisYear) => ({
      websitename: "International Journal of Agriculture and Life Sciences",
      formatted_journal_name: "International Journal of <i>Agriculture</i> and Life Sciences",
      websiteemail: "editor@agrijournal.example",
      whatsup_number: "+91 98765 43210",
      issn: "2583-1234",
      journal_essn: "2583-5678",
      year_started: String(thisYear - 3),
      journal_frequency: "Quarterly",
      journal_type: "Print and Online",
      journal_language: "English",
      nassScore: "4.21",
      nassScoreYear: String(thisYear - 1),
      impactfactor: "Impact Factor: 5.62 (SJIF 2025)",
      fee_rupee: "₹ 2,500",
      fee_dollar: "US$ 60",
      home_content:
        "<p>The <em>International Journal of Agriculture and Life Sciences</em> publishes original research, reviews and short communications in agronomy, plant protection, soil science, horticulture, animal husbandry and the life sciences.</p><p>Every manuscript is double-blind peer reviewed, screened for plagiarism and published open access under a Creative Commons licence.</p><ul><li>Fast decisions: first decision within 10 days</li><li>Online within 5 days of acceptance and payment</li><li>DOI-ready metadata and Google Scholar indexing</li></ul>",
      google_review_link: "https://g.page/r/agrijournal-example/review",
      publisher_name: "Agri Life Publications",
      publisher_address: "Agri Life Publications, 14 Krishi Bhawan Road, Pusa, New Delhi 110012, India",
      timezone: "Asia/Kolkata",
      phone: "+91 11 4567 8900",
      show_subject_column: true,
      show_cover_image: true,
      show_editor_contacts: true,
      // Journal A has an uploaded logo (the header and documents show it); B shows the seal.
      logo: "logo-demo.png",
    }),
    slots: [
      { frequency: "Jan-Mar", month: 0 },
      { frequency: "Apr-Jun", month: 3 },
      { frequency: "Jul-Sep", month: 6 },
      { frequency: "Oct-Dec", month: 9 },
    ],
    perIssue: [
      [6, 7, 5, 6],
      [7, 5, 6, 6],
      [5, 6, 7, 6],
      [6, 6, 6, 6],
    ],
    topics: [
      ["Effect of integrated nutrient management on growth and yield of", "crop"],
      ["Screening of germplasm for resistance to leaf blight in", "crop"],
      ["Impact of drip irrigation scheduling on water use efficiency of", "crop"],
      ["Biochemical characterisation of rhizosphere bacteria associated with", "crop"],
      ["Seasonal incidence of sucking pests on", "crop"],
      ["Genetic variability and correlation studies in", "crop"],
      ["Response of zinc and boron foliar application on fruit quality of", "fruit"],
      ["Evaluation of botanicals against the pod borer infesting", "pulse"],
      ["Profitability of organic cultivation of", "crop"],
      ["Influence of sowing dates on phenology and yield of", "crop"],
      ["Molecular diversity assessment using SSR markers in", "crop"],
      ["Post-harvest shelf life extension with edible coatings in", "fruit"],
    ],
    pools: {
      crop: [
        "<i>Oryza sativa</i> L.", "<i>Triticum aestivum</i> L.", "<i>Zea mays</i> L.", "<i>Cicer arietinum</i> L.",
        "<i>Solanum lycopersicum</i>", "<i>Brassica juncea</i>", "<i>Capsicum annuum</i>", "<i>Sorghum bicolor</i> (L.) Moench",
        "pearl millet", "mustard", "groundnut", "okra",
      ],
      fruit: [
        "<i>Mangifera indica</i> cv. Alphonso", "<i>Psidium guajava</i> L.", "<i>Punica granatum</i> L.", "<i>Carica papaya</i> L.",
        "<i>Solanum lycopersicum</i>", "<i>Capsicum annuum</i>", "banana cv. Grand Naine", "okra",
      ],
      pulse: ["<i>Cicer arietinum</i> L.", "<i>Cajanus cajan</i> (L.) Millsp.", "<i>Vigna radiata</i> (L.) Wilczek", "<i>Lens culinaris</i> Medik.", "okra"],
    },
    variants: ["under rainfed conditions", "under irrigated conditions", "in the semi-arid tract", "in the coastal plains", "in the mid hills"],
    subjects: ["Agronomy", "Plant Pathology", "Entomology", "Horticulture", "Soil Science", "Genetics and Plant Breeding"],
    partners: [
      { title: "Google Scholar", link: "https://scholar.google.com", sortnumber: 1, status: "enabled" },
      { title: "CrossRef", link: "https://www.crossref.org", sortnumber: 2, status: "enabled" },
      { title: "Index Copernicus", link: "https://journals.indexcopernicus.com", sortnumber: 3, status: "enabled" },
      { title: "CAB Abstracts", link: "https://www.cabidigitallibrary.org", sortnumber: 4, status: "enabled" },
      { title: "AGRIS", link: "https://agris.fao.org", sortnumber: 5, status: "enabled" },
      { title: "Research Bible", link: "", sortnumber: 6, status: "enabled" },
      { title: "Journal TOCs", link: "https://www.journaltocs.ac.uk", sortnumber: 7, status: "disabled" },
    ],
  },
  {
    slug: "jacer",
    name: "Journal of Applied Chemistry and Environmental Research",
    hosts: ["journal-b.localhost"],
    admin: { username: "editor", password: "chem-demo-2026", name: "Managing Editor (JACER)" },
    settings: (thisYear) => ({
      websitename: "Journal of Applied Chemistry and Environmental Research",
      formatted_journal_name: "Journal of Applied Chemistry <br>and Environmental Research",
      websiteemail: "submit@chemenvjournal.example",
      whatsup_number: "+91 91234 56780",
      issn: "2456-7788",
      journal_essn: "2456-9900",
      year_started: String(thisYear - 3),
      journal_frequency: "Triannual (January, May, September)",
      journal_type: "Online",
      journal_language: "English",
      nassScore: "",
      nassScoreYear: "",
      impactfactor: "Impact Factor: 3.87 (ICV 2025)",
      fee_rupee: "₹ 3,000",
      fee_dollar: "US$ 75",
      home_content:
        "<p>The <strong>Journal of Applied Chemistry and Environmental Research</strong> is an open-access, peer-reviewed journal for analytical, green and environmental chemistry, water and soil remediation, and materials for sustainability.</p><p>We welcome original articles, reviews and data papers from researchers in academia and industry.</p>",
      google_review_link: "",
      publisher_name: "GreenChem Scholarly Press",
      publisher_address: "GreenChem Scholarly Press, 221 Science Park, Pune 411007, Maharashtra, India",
      timezone: "Asia/Kolkata",
      phone: "+91 20 2569 1100",
      show_subject_column: false,
      show_cover_image: false,
      show_editor_contacts: false,
      // Journal A keeps the default, CC BY 4.0.
      license_url: "https://creativecommons.org/licenses/by-nc/4.0/",
    }),
    slots: [
      { frequency: "January", month: 0 },
      { frequency: "May", month: 4 },
      { frequency: "September", month: 8 },
    ],
    perIssue: [
      [8, 7, 9],
      [9, 8, 7],
      [7, 9, 8],
      [8, 8, 8],
    ],
    topics: [
      ["Green synthesis of silver nanoparticles using leaf extract of", "plant"],
      ["Green synthesis of zinc oxide nanoparticles mediated by", "plant"],
      ["Antioxidant activity and phenolic profile of essential oil from", "plant"],
      ["Corrosion inhibition of mild steel in acidic medium by extract of", "plant"],
      ["GC–MS characterisation of bioactive compounds in", "plant"],
      ["Adsorptive removal of methylene blue from aqueous solution by activated carbon derived from", "waste"],
      ["Photocatalytic degradation of textile dye effluent using ZnO supported on biochar from", "waste"],
      ["Kinetics of hexavalent chromium adsorption onto chemically modified", "waste"],
      ["Production of bio-oil by slow pyrolysis of", "waste"],
      ["Heavy metal accumulation in soils irrigated with treated wastewater near", "place"],
      ["Spectrophotometric determination of nitrate in groundwater samples of", "place"],
      ["Physico-chemical assessment of river water quality along", "place"],
      ["Seasonal variation of microplastics in surface sediments of", "place"],
    ],
    pools: {
      plant: [
        "<i>Azadirachta indica</i>", "<i>Ocimum sanctum</i>", "<i>Moringa oleifera</i>", "<i>Eucalyptus globulus</i>",
        "<i>Aloe vera</i>", "<i>Curcuma longa</i>", "<i>Terminalia chebula</i>", "<i>Syzygium cumini</i>",
      ],
      waste: ["coconut shell", "rice husk", "sugarcane bagasse", "groundnut shell", "spent tea leaves", "orange peel"],
      place: [
        "the Godavari basin", "the Mula-Mutha river", "the Yamuna floodplain, Delhi", "the Vapi industrial estate, Gujarat",
        "the Hooghly estuary", "Lake Pichola, Udaipur",
      ],
    },
    variants: ["a kinetic and isotherm study", "a comparative study", "a two-year assessment", "a pilot-scale study", "a statistical optimisation"],
    subjects: ["Analytical Chemistry", "Environmental Chemistry", "Green Chemistry", "Materials Science"],
    partners: [
      { title: "Google Scholar", link: "https://scholar.google.com", sortnumber: 1, status: "enabled" },
      { title: "DOAJ", link: "https://doaj.org", sortnumber: 2, status: "enabled" },
      { title: "ROAD ISSN", link: "https://road.issn.org", sortnumber: 3, status: "enabled" },
      { title: "Scilit", link: "https://www.scilit.com", sortnumber: 4, status: "enabled" },
      { title: "Semantic Scholar", link: "https://www.semanticscholar.org", sortnumber: 5, status: "enabled" },
      { title: "EuroPub", link: "", sortnumber: 6, status: "enabled" },
      { title: "CiteFactor", link: "https://www.citefactor.org", sortnumber: 7, status: "disabled" },
    ],
  },
];

const pad = (n: number) => String(n).padStart(2, "0");

/** A title not used before in this journal: topic + subject, else with a qualifier. */
function uniqueTitle(r: () => number, p: Profile, used: Set<string>): string {
  for (let tries = 0; tries < 40; tries++) {
    const [topic, pool] = pick(r, p.topics);
    const base = `${topic} ${pick(r, p.pools[pool])}`;
    const candidates = [base, ...p.variants.map((v) => (v.startsWith("a ") ? `${base}: ${v}` : `${base} ${v}`))];
    const title = tries < 20 ? candidates[0] : candidates.find((t) => !used.has(t));
    if (title && !used.has(title)) {
      used.add(title);
      return title;
    }
  }
  throw new Error(`demo data: ran out of distinct titles for ${p.slug}`);
}

function articlesOf(
  r: () => number,
  p: Profile,
  issue: { year: number; volume: number; issue: number; frequency: string; month: number },
  count: number,
  today: { year: number; month: number; day: number },
  state: { ref: number; serial: number; titles: Set<string> },
): DemoArticle[] {
  const out: DemoArticle[] = [];
  let page = 1;
  for (let k = 0; k < count; k++) {
    const title = uniqueTitle(r, p, state.titles);
    const authorCount = 1 + Math.floor(r() * 5);
    const authors: DemoAuthor[] = [];
    while (authors.length < authorCount) {
      const a = pick(r, AUTHORS);
      if (!authors.includes(a)) authors.push(a);
    }
    const subject = pick(r, p.subjects);
    const length = 4 + Math.floor(r() * 9);
    const refnumber = String(state.ref++);
    const abstract = abstractFor(r, plain(title), subject);
    const keywords = [subject, ...plain(title).split(/\s+/).filter((w) => w.length > 7).slice(0, 3)].join(", ");
    let day = 1 + Math.floor(r() * 27);
    // An issue that opens this month is only as old as today.
    if (issue.year === today.year && issue.month === today.month) day = Math.min(day, today.day);
    const publishdate = `${issue.year}-${pad(issue.month + 1)}-${pad(day)}`;
    const email = `author${refnumber}@mail.example`;
    out.push({
      refnumber,
      title,
      authors,
      people: peopleOf(authors, email),
      references: referencesOf(refnumber, issue.year),
      ...historyOf(refnumber, publishdate),
      abstract,
      keywords,
      subject,
      country: pick(r, COUNTRIES),
      email,
      mobile: `98${refnumber}${refnumber.slice(0, 4)}`,
      txnid: `TXN${issue.year}${refnumber}`,
      ptype: r() < 0.85 ? "paid" : "free",
      publishdate,
      firstPage: page,
      lastPage: page + length - 1,
      status: state.serial % 23 === 22 ? "disabled" : "enabled",
    });
    page += length;
    state.serial++;
  }
  return out;
}

/**
 * The demo journals as of `today`: volumes 1–3 are the three full years before it, volume 4
 * holds the current year's issues whose first month has begun. Everything but the calendar
 * years (and dates) is the same whatever the day.
 */
export function demoJournals(today: Date = new Date()): DemoJournal[] {
  const t = { year: today.getUTCFullYear(), month: today.getUTCMonth(), day: today.getUTCDate() };
  return PROFILES.map((p, index) => {
    const state = { ref: 1000 * (index + 1) + 101, serial: 0, titles: new Set<string>() };
    const issues: DemoIssue[] = [];
    for (let k = 0; k < 4; k++) {
      const year = t.year - 3 + k;
      const counts = p.perIssue[k];
      p.slots.forEach((slot, i) => {
        if (year === t.year && slot.month > t.month) return;
        const meta = { year, volume: k + 1, issue: i + 1, frequency: slot.frequency, month: slot.month };
        const r = rng(1234 + index * 1000 + k * 10 + i);
        issues.push({
          year,
          volume: meta.volume,
          issue: meta.issue,
          frequency: slot.frequency,
          creation: `${year}-${pad(slot.month + 1)}-01T09:00:00.000Z`,
          articles: articlesOf(r, p, meta, counts[i], t, state),
        });
      });
    }
    return {
      slug: p.slug,
      name: p.name,
      hosts: p.hosts,
      admin: p.admin,
      settings: p.settings(t.year),
      issues,
      editors: editorsFor(index * 5),
      partners: p.partners,
    };
  });
}

const EDITOR_POOL = [
  ["Prof. (Dr.) Ramesh Chandra Tiwari", "Professor", "Ph.D. (Agronomy), FNAAS", "Department of Agronomy, Banaras Hindu University, Varanasi", "India"],
  ["Dr. Sunil Kumar Mehta", "Scientist", "Ph.D.", "ICAR-Indian Agricultural Research Institute, New Delhi", "India"],
  ["Dr. Ayesha Siddiqui", "Associate Professor", "Ph.D. (Plant Pathology)", "Aligarh Muslim University, Aligarh", "India"],
  ["Dr. Kwame Mensah", "Professor", "Ph.D.", "College of Agriculture, University of Ghana, Legon", "Ghana"],
  ["Dr. María Fernanda López", "Associate Professor", "Dr. rer. nat.", "Universidad de Córdoba, Córdoba", "Spain"],
  ["Dr. Pradeep Kumar Singh", "Assistant Professor", "Ph.D. (Soil Science)", "Chandra Shekhar Azad University of Agriculture and Technology, Kanpur", "India"],
  ["डॉ. विनोद कुमार", "Head", "Ph.D.", "Department of Horticulture, Rajasthan Agricultural Research Institute, Jaipur", "India"],
  ["Dr. Tanvir Ahmed", "Associate Professor", "Ph.D.", "Bangladesh Agricultural University, Mymensingh", "Bangladesh"],
  ["Dr. Shalini Reddy", "Assistant Professor", "M.Sc., Ph.D.", "Professor Jayashankar Telangana State Agricultural University, Hyderabad", "India"],
  ["Dr. Bishnu Prasad Adhikari", "Lecturer", "Ph.D.", "Tribhuvan University, Kirtipur", "Nepal"],
  ["Dr. Rohit Sharma", "Scientist", "Ph.D. (Entomology)", "ICAR-National Bureau of Agricultural Insect Resources, Bengaluru", "India"],
  ["Dr. Eleni Papadopoulou", "Assistant Professor", "Ph.D.", "Aristotle University of Thessaloniki", "Greece"],
  ["Dr. Nandini Ghosh", "Associate Professor", "Ph.D.", "University of Calcutta, Kolkata", "India"],
  ["Dr. Abebe Tadesse", "Assistant Professor", "Ph.D.", "Haramaya University, Dire Dawa", "Ethiopia"],
] as const;

/** 14 editors per journal: 2 chief, 6 associate, 6 assistant; a few without pictures, one disabled. */
function editorsFor(offset: number): DemoEditor[] {
  const cats = ["chief editor", "chief editor", ...Array(6).fill("associate editor"), ...Array(6).fill("assistant editor")];
  return cats.map((category, i) => {
    const [name, post, degree, content, country] = EDITOR_POOL[(i + offset) % EDITOR_POOL.length];
    const slug = name.replace(/[^A-Za-z]+/g, ".").replace(/^\.|\.$/g, "").toLowerCase() || `editor${i}`;
    return {
      name,
      category,
      post: i === 0 ? `<b>${post}</b> and Editor-in-Chief` : post,
      degree,
      content,
      email: `${slug}@univ.example`,
      phone: `+91 9${String(800000000 + i * 7919 + offset * 13).slice(0, 9)}`,
      country,
      editor_website: i % 3 === 0 ? `https://faculty.example/${slug}` : "",
      picture: i % 4 !== 3,
      status: i === 13 ? "disabled" : "enabled",
      is_pinned: i === 1 || i === 4 ? 1 : 0,
    };
  });
}

function abstractFor(r: () => number, titleText: string, subject: string): string {
  const aims = [
    "A field experiment was conducted during two consecutive seasons in a randomised block design with three replications.",
    "Samples were collected from twelve locations and analysed following standard protocols.",
    "A laboratory study was carried out under controlled conditions to evaluate the treatments.",
    "The investigation combined field observations with laboratory analysis of the collected material.",
  ];
  const results = [
    "The results revealed significant differences among the treatments (p &lt; 0.05), with the best treatment improving the response by 18–27\u00a0% over the control.",
    "Maximum values were recorded in the combined treatment, while the control recorded the minimum; correlation analysis showed strong positive associations among the principal traits.",
    "Analysis of variance indicated highly significant effects, and the benefit–cost ratio favoured the recommended practice.",
    "Principal component analysis explained 71.4\u00a0% of the total variation in the first two components.",
  ];
  return [
    `<p><strong>Background:</strong> ${subject} research increasingly asks how management choices translate into measurable outcomes. This study examines ${titleText.charAt(0).toLowerCase()}${titleText.slice(1)}.</p>`,
    `<p><strong>Methods:</strong> ${pick(r, aims)}</p>`,
    `<p><strong>Results:</strong> ${pick(r, results)}</p>`,
    `<p><strong>Conclusion:</strong> The findings provide a practical basis for recommendations to farmers and practitioners and identify directions for further work.</p>`,
  ].join("");
}

/** The demo journals as of now (the bench borrows journal A's settings). */
export const JOURNALS: DemoJournal[] = demoJournals();
