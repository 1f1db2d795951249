/**
 * Demo content for the two seeded journals: deterministic (a seeded PRNG), realistic, and
 * varied enough to exercise the pages (italic species names, 'Dr. ' prefixes, Devanagari and
 * accented names, several frequencies, enabled and disabled rows).
 */

export interface DemoAuthor {
  /** As shown on the site. */
  name: string;
  /** A Latin-script rendering for the demo PDF (standard PDF fonts have no Devanagari). */
  latin: string;
}

export interface DemoJournal {
  slug: string;
  name: string;
  hosts: string[];
  admin: { username: string; password: string; name: string };
  settings: Record<string, string | boolean>;
  issues: { year: number; volume: number; issue: number; frequency: string }[];
  topics: string[];
  species: string[];
  subjects: string[];
  editors: {
    name: string;
    category: string;
    post: string;
    degree: string;
    content: string;
    email: string;
    phone: string;
    country: string;
    editor_website: string;
    picture: boolean;
    status: string;
    is_pinned: number;
  }[];
  partners: { title: string; link: string; sortnumber: number; status: string }[];
}

export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const AUTHORS: DemoAuthor[] = [
  { name: "Dr. Anjali Sharma", latin: "Dr. Anjali Sharma" },
  { name: "Rahul Verma", latin: "Rahul Verma" },
  { name: "Priya Nair", latin: "Priya Nair" },
  { name: "Dr. Suresh Kumar Patel", latin: "Dr. Suresh Kumar Patel" },
  { name: "राजेश कुमार", latin: "Rajesh Kumar" },
  { name: "सुनीता देवी", latin: "Sunita Devi" },
  { name: "Meenakshi Iyer", latin: "Meenakshi Iyer" },
  { name: "José Martínez", latin: "José Martínez" },
  { name: "Zoë Müller", latin: "Zoë Müller" },
  { name: "Dr. Kavita Rao", latin: "Dr. Kavita Rao" },
  { name: "Arjun Singh Rathore", latin: "Arjun Singh Rathore" },
  { name: "Fatima Begum", latin: "Fatima Begum" },
  { name: "अमित शर्मा", latin: "Amit Sharma" },
  { name: "Dr. Vikram Chauhan", latin: "Dr. Vikram Chauhan" },
  { name: "Neha Gupta", latin: "Neha Gupta" },
  { name: "Sandeep Yadav", latin: "Sandeep Yadav" },
  { name: "Lakshmi Narayanan", latin: "Lakshmi Narayanan" },
  { name: "Dr. Hemant Joshi", latin: "Dr. Hemant Joshi" },
  { name: "Pooja Mishra", latin: "Pooja Mishra" },
  { name: "Ravi Shankar Tiwari", latin: "Ravi Shankar Tiwari" },
  { name: "Aarti Deshmukh", latin: "Aarti Deshmukh" },
  { name: "François Lefèvre", latin: "François Lefèvre" },
  { name: "Dr. Mohammed Irfan", latin: "Dr. Mohammed Irfan" },
  { name: "Sneha Kulkarni", latin: "Sneha Kulkarni" },
  { name: "Gaurav Bhatt", latin: "Gaurav Bhatt" },
  { name: "Dr. Rekha Pillai", latin: "Dr. Rekha Pillai" },
  { name: "Manoj Tripathi", latin: "Manoj Tripathi" },
  { name: "Divya Menon", latin: "Divya Menon" },
];

export const COUNTRIES = ["India", "India", "India", "India", "Nepal", "Bangladesh", "Sri Lanka", "Ethiopia", "Nigeria", "Spain"];

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

function quarterly(years: number[], volumeOf: (y: number) => number, upToMonthIndex: number) {
  const q = ["Jan-Mar", "Apr-Jun", "Jul-Sep", "Oct-Dec"];
  const out: DemoJournal["issues"] = [];
  for (const year of years) {
    q.forEach((frequency, i) => {
      if (year === years[years.length - 1] && i * 3 > upToMonthIndex) return;
      out.push({ year, volume: volumeOf(year), issue: i + 1, frequency });
    });
  }
  return out;
}

function monthly(years: number[], volumeOf: (y: number) => number, perYear: number[], upToMonthIndex: number) {
  const out: DemoJournal["issues"] = [];
  for (const year of years) {
    perYear.forEach((monthIndex, i) => {
      if (year === years[years.length - 1] && monthIndex > upToMonthIndex) return;
      out.push({ year, volume: volumeOf(year), issue: i + 1, frequency: MONTHS[monthIndex] });
    });
  }
  return out;
}

const now = new Date();
const THIS_YEAR = now.getUTCFullYear();
const THIS_MONTH = now.getUTCMonth();
const YEARS = [THIS_YEAR - 3, THIS_YEAR - 2, THIS_YEAR - 1, THIS_YEAR];

export const JOURNALS: DemoJournal[] = [
  {
    slug: "ijals",
    name: "International Journal of Agriculture and Life Sciences",
    hosts: ["localhost", "127.0.0.1", "journal-a.localhost"],
    admin: { username: "admin", password: "agri-demo-2026", name: "Editorial Office (IJALS)" },
    settings: {
      websitename: "International Journal of Agriculture and Life Sciences",
      domain: "www.agrijournal.example",
      formatted_journal_name: "International Journal of <i>Agriculture</i> and Life Sciences",
      websiteemail: "editor@agrijournal.example",
      whatsup_number: "+91 98765 43210",
      issn: "2583-1234",
      journal_essn: "2583-5678",
      year_started: String(THIS_YEAR - 3),
      journal_frequency: "Quarterly",
      journal_type: "Print and Online",
      journal_language: "English",
      nassScore: "4.21",
      nassScoreYear: String(THIS_YEAR - 1),
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
    },
    issues: quarterly(YEARS, (y) => y - (THIS_YEAR - 4), THIS_MONTH),
    topics: [
      "Effect of integrated nutrient management on growth and yield of",
      "Screening of germplasm for resistance to leaf blight in",
      "Impact of drip irrigation scheduling on water use efficiency of",
      "Biochemical characterisation of rhizosphere bacteria associated with",
      "Seasonal incidence of sucking pests on",
      "Genetic variability and correlation studies in",
      "Response of zinc and boron foliar application on fruit quality of",
      "Evaluation of botanicals against the pod borer infesting",
      "Profitability of organic cultivation of",
      "Influence of sowing dates on phenology and yield of",
      "Molecular diversity assessment using SSR markers in",
      "Post-harvest shelf life extension with edible coatings in",
    ],
    species: [
      "<i>Oryza sativa</i> L.", "<i>Triticum aestivum</i> L.", "<i>Zea mays</i> L.", "<i>Cicer arietinum</i> L.",
      "<i>Solanum lycopersicum</i>", "<i>Brassica juncea</i>", "<i>Mangifera indica</i> cv. Alphonso",
      "<i>Capsicum annuum</i>", "pearl millet", "mustard", "groundnut", "okra",
    ],
    subjects: ["Agronomy", "Plant Pathology", "Entomology", "Horticulture", "Soil Science", "Genetics and Plant Breeding"],
    editors: [],
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
    settings: {
      websitename: "Journal of Applied Chemistry and Environmental Research",
      domain: "www.chemenvjournal.example",
      formatted_journal_name: "Journal of Applied Chemistry <br>and Environmental Research",
      websiteemail: "submit@chemenvjournal.example",
      whatsup_number: "+91 91234 56780",
      issn: "2456-7788",
      journal_essn: "2456-9900",
      year_started: String(THIS_YEAR - 3),
      journal_frequency: "Bi-monthly",
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
    },
    issues: monthly(YEARS, (y) => y - (THIS_YEAR - 4), [1, 5, 9], THIS_MONTH),
    topics: [
      "Green synthesis of silver nanoparticles using leaf extract of",
      "Adsorptive removal of methylene blue from aqueous solution by activated carbon derived from",
      "Heavy metal accumulation in soils irrigated with treated wastewater near",
      "Spectrophotometric determination of nitrate in groundwater samples of",
      "Photocatalytic degradation of textile dye effluent using ZnO supported on",
      "Physico-chemical assessment of river water quality along",
      "Antioxidant activity and phenolic profile of essential oil from",
      "Corrosion inhibition of mild steel in acidic medium by extract of",
    ],
    species: [
      "<i>Azadirachta indica</i>", "<i>Ocimum sanctum</i>", "<i>Moringa oleifera</i>", "coconut shell",
      "rice husk", "the Godavari basin", "the Mula-Mutha river", "<i>Eucalyptus globulus</i>",
      "<i>Aloe vera</i>", "sugarcane bagasse",
    ],
    subjects: ["Analytical Chemistry", "Environmental Chemistry", "Green Chemistry", "Materials Science"],
    editors: [],
    partners: [
      { title: "Google Scholar", link: "https://scholar.google.com", sortnumber: 1, status: "enabled" },
      { title: "DOAJ", link: "https://doaj.org", sortnumber: 2, status: "enabled" },
      { title: "ROAD ISSN", link: "https://road.issn.org", sortnumber: 3, status: "enabled" },
      { title: "Scilit", link: "https://www.scilit.com", sortnumber: 4, status: "enabled" },
      { title: "Semantic Scholar", link: "https://www.semanticscholar.org", sortnumber: 5, status: "enabled" },
      { title: "EuroPub", link: "", sortnumber: 6, status: "enabled" },
    ],
  },
];

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
export function editorsFor(journal: DemoJournal, offset: number): DemoJournal["editors"] {
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

export function pick<T>(r: () => number, list: readonly T[]): T {
  return list[Math.floor(r() * list.length)];
}

export function abstractFor(r: () => number, titleText: string, subject: string): string {
  const aims = [
    "A field experiment was conducted during two consecutive seasons in a randomised block design with three replications.",
    "Samples were collected from twelve locations and analysed following standard protocols.",
    "A laboratory study was carried out under controlled conditions to evaluate the treatments.",
    "The investigation combined field observations with laboratory analysis of the collected material.",
  ];
  const results = [
    "The results revealed significant differences among the treatments (p &lt; 0.05), with the best treatment improving the response by 18–27&nbsp;% over the control.",
    "Maximum values were recorded in the combined treatment, while the control recorded the minimum; correlation analysis showed strong positive associations among the principal traits.",
    "Analysis of variance indicated highly significant effects, and the benefit–cost ratio favoured the recommended practice.",
    "Principal component analysis explained 71.4&nbsp;% of the total variation in the first two components.",
  ];
  return [
    `<p><strong>Background:</strong> ${subject} research increasingly asks how management choices translate into measurable outcomes. This study examines ${titleText.charAt(0).toLowerCase()}${titleText.slice(1)}.</p>`,
    `<p><strong>Methods:</strong> ${pick(r, aims)}</p>`,
    `<p><strong>Results:</strong> ${pick(r, results)}</p>`,
    `<p><strong>Conclusion:</strong> The findings provide a practical basis for recommendations to farmers and practitioners and identify directions for further work.</p>`,
  ].join("");
}
