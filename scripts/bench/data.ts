/**
 * Benchmark data, generated inside SQLite (recursive CTEs) so 111k articles take seconds, not
 * minutes. Three journals in one state folder, each with the same shape except the article
 * count: the newest issue holds exactly 100 articles (the issue page measured, and the 100 × 5
 * authors of the certificates zip); the other articles fill earlier monthly issues.
 *
 * Titles are built from word lists by mixed-radix arithmetic on the row number, so they are
 * unique per journal and a two-word query has a known selectivity: the title starts with
 * "<T1> <T2>" and each (T1, T2) pair occurs in 1 of 200 rows (0.5 %). The query words occur
 * nowhere else (abstracts use other words), so the FTS query (both words anywhere) and the
 * app's substring search (the exact phrase) select the same rows.
 */
import { insertJournal, upsertAdmin } from "../lib/local.ts";
import { JOURNALS } from "../seed/data.ts";
import { emblem, logo } from "../seed/png.ts";

export const T1 = ["Drought", "Salinity", "Heat", "Nitrogen", "Phosphorus", "Zinc", "Irrigation", "Weed", "Pest", "Canopy"];
export const T2 = [
  "tolerance", "response", "stress", "management", "uptake", "efficiency", "dynamics", "variability", "assessment", "modelling",
  "partitioning", "signalling", "resilience", "adaptation", "interactions", "profiling", "mapping", "screening", "regulation", "balance",
];
const SPECIES = [
  "Oryza sativa", "Triticum aestivum", "Zea mays", "Cicer arietinum", "Solanum lycopersicum", "Brassica juncea",
  "Mangifera indica", "Capsicum annuum", "Pennisetum glaucum", "Arachis hypogaea", "Abelmoschus esculentus", "Glycine max",
  "Sorghum bicolor", "Gossypium hirsutum", "Saccharum officinarum", "Vigna radiata", "Cajanus cajan", "Allium cepa",
  "Musa acuminata", "Camellia sinensis", "Coffea arabica", "Hordeum vulgare", "Eleusine coracana", "Sesamum indicum",
  "Helianthus annuus",
];
const CONDITIONS = [
  "rainfed", "irrigated", "semi-arid", "coastal", "hill", "terai", "alluvial", "black soil", "red soil", "saline", "acidic", "organic",
];
const REGIONS = ["north India", "the Deccan plateau", "the Indo-Gangetic plains", "eastern Nepal", "Bangladesh", "Sri Lanka", "Ethiopia", "Nigeria"];
/** Abstract sentences: other vocabulary than T1/T2, so only titles and keywords hold the query words. */
const AIMS = [
  "A field experiment was conducted during two consecutive seasons in a randomised block design with three replications.",
  "Samples were collected from twelve locations and analysed following standard protocols for soil and plant material.",
  "A laboratory study was carried out under controlled conditions to evaluate eleven treatments against an untreated control.",
  "The investigation combined field observations with laboratory analysis of the collected material over three years.",
  "Forty genotypes obtained from the national gene bank were evaluated in an augmented design at two research farms.",
  "Farm surveys covering three hundred households were combined with on-station trials to compare practices.",
  "Pot culture experiments in a net house compared combinations of organic and inorganic sources of nutrients.",
];
const METHODS = [
  "Growth parameters, yield attributes and quality traits were recorded at thirty day intervals.",
  "Chlorophyll content, relative water content and proline were estimated using standard methods.",
  "Data were analysed by analysis of variance and means were separated by the least significant difference test.",
  "Soil organic carbon, available potassium and microbial biomass were determined before sowing and after harvest.",
  "Molecular characterisation used thirty polymorphic markers and cluster analysis based on Jaccard similarity.",
  "Economic analysis considered the cost of cultivation, gross returns and the benefit to cost ratio.",
  "Remote sensing indices were derived from multispectral images acquired at weekly intervals.",
  "Insect populations were counted on tagged plants and natural enemies were recorded alongside.",
  "Nutrient concentrations in grain and straw were measured by atomic absorption spectrophotometry.",
  "Statistical models were fitted with mixed effects for locations, seasons and replications.",
  "Sensory evaluation of the produce was carried out by a panel of trained judges on a hedonic scale.",
];
const RESULTS = [
  "The results revealed significant differences among the treatments, with the best treatment improving the response by eighteen to twenty seven per cent over the control.",
  "Maximum values were recorded in the combined treatment while the control recorded the minimum, and correlation analysis showed strong positive associations among the principal traits.",
  "Analysis of variance indicated highly significant effects and the benefit to cost ratio favoured the recommended practice.",
  "Principal component analysis explained seventy one per cent of the total variation in the first two components.",
  "Genotypic coefficients of variation were close to phenotypic ones, indicating little influence of the environment on expression.",
  "Heritability estimates were high for plant height, test weight and grain yield per plant.",
  "Incidence peaked during the fourth week after transplanting and declined after the onset of monsoon rains.",
  "Shelf life was extended by six days without any loss of firmness, colour or total soluble solids.",
  "Microbial counts increased steadily under the organic treatments and remained stable under the conventional ones.",
  "Returns per rupee invested were highest for the integrated package, followed by the farmers' practice.",
  "The treatments did not differ in germination but differed markedly in vigour index and seedling dry weight.",
  "Pooled analysis over seasons confirmed the consistency of the superior entries across environments.",
  "Path analysis revealed that the number of productive tillers had the highest direct effect on yield.",
];
const CONCLUSIONS = [
  "The study recommends the practice for adoption by farmers of the region.",
  "These genotypes may be used as donors in future breeding programmes.",
  "Further multi-location trials are needed before a general recommendation can be made.",
  "The findings provide a basis for resource conservation in smallholder farming systems.",
  "The approach offers a low cost alternative to the current recommendation.",
  "Integrating these results into extension advisories could raise farm incomes.",
  "Long term monitoring is suggested to confirm the sustainability of the gains.",
  "The method is simple, reproducible and suitable for routine laboratory use.",
  "The results support a revision of the present fertiliser schedule for the crop.",
];
const AUTHORS = [
  "Dr. Anjali Sharma", "Rahul Verma", "Priya Nair", "Dr. Suresh Kumar Patel", "Meenakshi Iyer", "José Martínez", "Zoë Müller",
  "Dr. Kavita Rao", "Arjun Singh Rathore", "Fatima Begum", "Dr. Vikram Chauhan", "Neha Gupta", "Sandeep Yadav", "Lakshmi Narayanan",
  "Dr. Hemant Joshi", "Pooja Mishra", "Ravi Shankar Tiwari", "Aarti Deshmukh", "François Lefèvre", "Dr. Mohammed Irfan",
  "Sneha Kulkarni", "Gaurav Bhatt", "Dr. Rekha Pillai", "Manoj Tripathi", "Divya Menon", "Karthik Subramanian", "Ananya Bose",
  "Dr. Prakash Reddy", "Shalini Srivastava", "Vivek Agarwal", "Nandini Ghosh", "Harish Chandra", "Dr. Ritu Saxena", "Imran Qureshi",
  "Deepa Thomas", "Sunil Pandey", "Dr. Geeta Kumari", "Rohit Malhotra", "Swati Jain", "Abebe Bekele", "Chinedu Okafor",
];
const SUBJECTS = ["Agronomy", "Plant Pathology", "Entomology", "Horticulture", "Soil Science", "Genetics and Plant Breeding"];
const COUNTRIES = ["India", "India", "India", "India", "Nepal", "Bangladesh", "Sri Lanka", "Ethiopia", "Nigeria", "Spain"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export const DEVANAGARI_AUTHOR = "राजेश कुमार";
/** Two-word query used for every search figure: matches 0.5 % of a journal's articles. */
export const SEARCH_QUERY = "drought tolerance";
/** Two-word query matching one article per journal (an older one): a substring scan must read every row. */
export const RARE_QUERY = "quinoa bioreactor";

export interface BenchJournal {
  label: string;
  size: number;
  host: string;
  id: number;
  /** Other issues (besides the newest, which has 100 articles) and their size. */
  otherIssues: number;
  perIssue: number;
  newestIssue: { year: number; volume: number; issue: number };
  /** Refnumbers of the newest issue's 100 articles (5 Latin-named authors each). */
  issueRefs: string[];
  /** 100 refnumbers of the issue before: with issueRefs, the 200-entry index page. */
  previousRefs: string[];
  /** An article whose first author is in Devanagari. */
  devanagariRef: string;
  articleId: number;
  expectedHits: number;
}

export const ADMIN = { username: "bench", password: "bench-password-2026", name: "Benchmark admin" };
export const EDITORS_PER_JOURNAL = 200;

/** (issues besides the newest, articles in each): monthly issues, at most 25 years. */
function shape(size: number): [number, number] {
  const rest = size - 100;
  if (rest <= 0) return [0, 0];
  let others = Math.min(300, Math.ceil(rest / 100));
  while (rest % others !== 0) others++;
  return [others, rest / others];
}

const NEWEST_YEAR = 2025;
const SLICE = 10_000;

/** Creates one benchmark journal with `size` articles, 200 editors, partners and an admin. */
export async function seedBenchJournal(db: D1Database, label: string, size: number, index: number, files?: R2Bucket): Promise<BenchJournal> {
  const host = `bench-${label}.localhost`;
  const base = JOURNALS[0].settings;
  const name = `Benchmark Journal of Agricultural Research (${label})`;
  const id = await insertJournal(db, {
    slug: `bench-${label}`,
    name,
    hosts: [host],
    settings: {
      ...base,
      websitename: name,
      formatted_journal_name: `Benchmark Journal of <i>Agricultural</i> Research (${label})`,
      domain: host,
      year_started: "2000",
      journal_frequency: "Monthly",
    },
  });
  await upsertAdmin(db, id, ADMIN);
  const [others, per] = shape(size);
  const issueCount = others + 1;
  const refBase = (index + 1) * 1_000_000;

  // Issues: k = 0 is the newest (December of NEWEST_YEAR), then one a month going back.
  await db
    .prepare(
      `WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k + 1 < ?2)
       INSERT INTO issues (journal_id, year, volume, issue, frequency, createdby, creation)
       SELECT ?1, CAST(?3 AS INTEGER) - k / 12, CAST(?3 AS INTEGER) - k / 12 - 1999, 12 - k % 12, json_extract(?4, '$[' || (11 - k % 12) || ']'), 'bench',
              printf('%04d-%02d-01T09:00:00.000Z', CAST(?3 AS INTEGER) - k / 12, 12 - k % 12)
         FROM k ORDER BY k`,
    )
    .bind(id, issueCount, NEWEST_YEAR, JSON.stringify(MONTHS))
    .run();

  // Articles. Row n: issue k (0 for n < 100), position pos in the issue (page order).
  const J = (a: readonly string[]) => JSON.stringify(a);
  const A = AUTHORS.length;
  const pick = (param: number, expr: string) => `json_extract(?${param}, '$[' || (${expr}) || ']')`;
  const sql = `
    WITH RECURSIVE seq(n) AS (SELECT CAST(?18 AS INTEGER) UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < CAST(?2 AS INTEGER)),
    p AS (
      SELECT n,
             CASE WHEN n < 100 THEN 0 ELSE 1 + (n - 100) / CAST(?3 AS INTEGER) END AS k,
             CASE WHEN n < 100 THEN n ELSE (n - 100) % CAST(?3 AS INTEGER) END AS pos,
             CASE WHEN n < 100 THEN 5 ELSE 1 + (n * 7) % 5 END AS na,
             ${pick(5, "n % 10")} AS t1,
             ${pick(6, "(n / 10) % 20")} AS t2,
             ${pick(7, "(n / 200) % 25")} AS sp,
             ${pick(8, "(n / 5000) % 12")} AS cond,
             ${pick(9, "(n / 60000) % 8")} AS region,
             ${pick(10, "(n * 3) % 7")} || ' ' || ${pick(11, "(n * 5) % 11")} || ' ' || ${pick(12, "(n * 7) % 13")} || ' ' ||
               ${pick(10, "(n / 7) % 7")} || ' ' || ${pick(12, "(n / 3) % 13")} || ' ' || ${pick(13, "(n * 11) % 9")} AS abs,
             ${pick(14, `(n * 7) % ${A}`)} AS a1, ${pick(14, `(n * 7 + 13) % ${A}`)} AS a2, ${pick(14, `(n * 7 + 26) % ${A}`)} AS a3,
             ${pick(14, `(n * 7 + 5) % ${A}`)} AS a4, ${pick(14, `(n * 7 + 18) % ${A}`)} AS a5,
             ${pick(15, "n % 6")} AS subject, ${pick(16, "n % 10")} AS country
        FROM seq
    ),
    q AS (
      SELECT p.*, CAST(?4 AS INTEGER) - k / 12 AS year, CAST(?4 AS INTEGER) - k / 12 - 1999 AS volume, 12 - k % 12 AS iss,
             CAST(CAST(?17 AS INTEGER) + n AS TEXT) AS ref,
             t1 || ' ' || t2 || ' in ' || sp || ' under ' || cond || ' conditions of ' || region AS plain_title,
             t1 || ' ' || t2 || ' in <i>' || sp || '</i> under ' || cond || ' conditions of ' || region AS html_title,
             a1 || CASE WHEN na > 1 THEN ', ' || a2 ELSE '' END || CASE WHEN na > 2 THEN ', ' || a3 ELSE '' END
                || CASE WHEN na > 3 THEN ', ' || a4 ELSE '' END || CASE WHEN na > 4 THEN ', ' || a5 ELSE '' END AS authors
        FROM p
    )
    INSERT INTO articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, description, pagenumber,
                          first_page, last_page, subject, country, email, mobile, txnid, ptype, publishdate, year, volume, issue,
                          frequency, file, status, createdby, modifiedby, creation, modification, search_title, search_abstract)
    SELECT ?1, i.id, ref, html_title, authors, '<p>' || abs || '</p>', lower(t1) || ' ' || t2 || ', ' || sp || ', ' || cond,
           html_title, (pos * 8 + 1) || '-' || (pos * 8 + 8), pos * 8 + 1, pos * 8 + 8, subject, country,
           'author' || ref || '@mail.example', '98' || substr(ref, -8), 'TXN' || ref, CASE WHEN n % 7 = 0 THEN 'free' ELSE 'paid' END,
           printf('%04d-%02d-15', q.year, iss), q.year, q.volume, iss, i.frequency, ref || '.pdf',
           CASE WHEN k > 0 AND n % 97 = 96 THEN 'disabled' ELSE 'enabled' END, 'bench', 'bench',
           printf('%04d-%02d-15T10:00:00.000Z', q.year, iss), printf('%04d-%02d-15T10:00:00.000Z', q.year, iss),
           plain_title, abs
      FROM q JOIN issues i ON i.journal_id = ?1 AND i.year = q.year AND i.volume = q.volume AND i.issue = q.iss
     ORDER BY n`;
  // In slices: one statement writing 100k rows (and their FTS entries) outlasts what local D1
  // allows a single request.
  const stmt = db.prepare(sql);
  for (let from = 0; from < size; from += SLICE) {
    await stmt
      .bind(
        id, Math.min(size, from + SLICE), per || 1, NEWEST_YEAR, J(T1), J(T2), J(SPECIES), J(CONDITIONS), J(REGIONS), J(AIMS),
        J(METHODS), J(RESULTS), J(CONCLUSIONS), J(AUTHORS), J(SUBJECTS), J(COUNTRIES), refBase, from,
      )
      .run();
  }

  // One older article gets the rare query's words in its title.
  const rare = "Quinoa bioreactor trials: ";
  await db
    .prepare(
      `UPDATE articles SET title = ?3 || title, description = ?3 || description, search_title = ?3 || search_title
        WHERE journal_id = ?1 AND refnumber = ?2`,
    )
    .bind(id, String(refBase + Math.floor(size * 0.6)), rare)
    .run();

  // One article (first of the previous issue) gets a Devanagari first author.
  const devanagariRef = String(refBase + 100);
  await db
    .prepare(`UPDATE articles SET authorname = ?3 || substr(authorname, instr(authorname || ',', ',')) WHERE journal_id = ?1 AND refnumber = ?2`)
    .bind(id, devanagariRef, DEVANAGARI_AUTHOR)
    .run();

  // 200 enabled editors (1 chief, 60 associate, 139 assistant) and 2 disabled ones; partners.
  await db
    .prepare(
      `WITH RECURSIVE e(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM e WHERE i + 1 < ?2)
       INSERT INTO editors (journal_id, name, category, post, degree, content, email, phone, country, editor_website, picture, status, is_pinned)
       SELECT ?1, json_extract(?3, '$[' || (i % CAST(?7 AS INTEGER)) || ']') || CASE WHEN i >= ?7 THEN ' ' || (i / CAST(?7 AS INTEGER) + 1) ELSE '' END,
              CASE WHEN i = 0 THEN 'chief editor' WHEN i <= 60 THEN 'associate editor' ELSE 'assistant editor' END,
              CASE WHEN i = 0 THEN 'Professor and Editor-in-Chief' ELSE 'Professor, Department of ' || json_extract(?4, '$[' || (i % 6) || ']') END,
              'Ph.D.', '<p>Research interests: ' || json_extract(?4, '$[' || ((i + 2) % 6) || ']') || ', crop physiology and field trials.</p>',
              'editor' || i || '@univ.example', '+91 98' || printf('%08d', i * 7919),
              json_extract(?5, '$[' || (i % 10) || ']'), CASE WHEN i % 3 = 0 THEN 'https://faculty.example/e' || i ELSE '' END,
              '', CASE WHEN i >= ?6 THEN 'disabled' ELSE 'enabled' END, CASE WHEN i IN (1, 4) THEN 1 ELSE 0 END
         FROM e`,
    )
    .bind(id, EDITORS_PER_JOURNAL + 2, J(AUTHORS), J(SUBJECTS), J(COUNTRIES), EDITORS_PER_JOURNAL, AUTHORS.length)
    .run();
  const partners = ["Google Scholar", "CrossRef", "Index Copernicus", "CABI", "AGRIS", "Directory of Research Journals Indexing"];
  await db.batch(
    partners.map((title, i) =>
      db
        .prepare("INSERT INTO indexing_partners (journal_id, title, link, image, sortnumber, status) VALUES (?, ?, ?, ?, ?, 'enabled')")
        .bind(id, title, `https://partner${i + 1}.example`, `partner-${i + 1}.png`, i + 1),
    ),
  );

  // The partners' logos and the journal's own (documents draw it), as a journal has them
  // (missing images would be 404s on every page).
  if (files && base.logo) {
    await files.put(`journals/${id}/logo/${base.logo}`, emblem(), { httpMetadata: { contentType: "image/png" } });
  }
  if (files) {
    for (const [i, title] of partners.entries()) {
      await files.put(`journals/${id}/indexing/partner-${i + 1}.png`, logo(title, [30, 60, 110], [255, 255, 255]), { httpMetadata: { contentType: "image/png" } });
    }
  }

  const issueRefs = Array.from({ length: 100 }, (_, i) => String(refBase + i));
  const previousRefs = Array.from({ length: 100 }, (_, i) => String(refBase + 100 + i));
  const article = await db.prepare("SELECT id FROM articles WHERE journal_id = ? AND refnumber = ?").bind(id, issueRefs[42]).first<{ id: number }>();
  return {
    label,
    size,
    host,
    id,
    otherIssues: others,
    perIssue: per,
    newestIssue: { year: NEWEST_YEAR, volume: NEWEST_YEAR - 1999, issue: 12 },
    issueRefs,
    previousRefs,
    devanagariRef,
    articleId: article!.id,
    expectedHits: Math.round(size / 200),
  };
}

/** Sanity checks on what was written; throws with the numbers when something is off. */
export async function checkBenchJournal(db: D1Database, j: BenchJournal): Promise<{ articles: number; fts: number; hits: number }> {
  const match = (q: string) =>
    db
      .prepare("SELECT count(*) AS n FROM articles_fts JOIN articles a ON a.id = articles_fts.rowid WHERE articles_fts MATCH ? AND a.journal_id = ?")
      .bind(q.split(" ").map((w) => `"${w}"*`).join(" "), j.id);
  const [articles, newest, editors, hits, rareHits] = await db.batch<{ n: number }>([
    db.prepare("SELECT count(*) AS n FROM articles WHERE journal_id = ?").bind(j.id),
    db
      .prepare("SELECT count(*) AS n FROM articles WHERE journal_id = ? AND year = ? AND volume = ? AND issue = ? AND status = 'enabled'")
      .bind(j.id, j.newestIssue.year, j.newestIssue.volume, j.newestIssue.issue),
    db.prepare("SELECT count(*) AS n FROM editors WHERE journal_id = ? AND status = 'enabled'").bind(j.id),
    match(SEARCH_QUERY),
    match(RARE_QUERY),
  ]);
  const fts = await db.prepare("SELECT count(*) AS n FROM articles_fts").first<{ n: number }>();
  const out = { articles: articles.results[0].n, fts: fts!.n, hits: hits.results[0].n };
  const problems: string[] = [];
  if (out.articles !== j.size) problems.push(`${out.articles} articles instead of ${j.size}`);
  if (newest.results[0].n !== 100) problems.push(`newest issue has ${newest.results[0].n} articles instead of 100`);
  if (editors.results[0].n !== EDITORS_PER_JOURNAL) problems.push(`${editors.results[0].n} enabled editors`);
  if (out.hits < j.expectedHits * 0.8) problems.push(`search query matches ${out.hits} rows, expected about ${j.expectedHits}`);
  if (rareHits.results[0].n !== 1) problems.push(`rare query matches ${rareHits.results[0].n} rows, expected 1`);
  if (problems.length) throw new Error(`bench-${j.label}: ${problems.join("; ")}`);
  return out;
}
