/**
 * Citation renderings (APA, MLA, Chicago, Harvard, IEEE, Vancouver) and machine formats (RIS,
 * BibTeX, CSL-JSON) from one description of an article. Browser-safe: used by the article
 * page's citation box and by the export endpoints.
 */
import { joinInitials, parseName, splitAuthors } from "../names";
import type { Article, CitableArticle } from "../article";
import { escapeHtml, htmlToText } from "../html";
import { formatPages, splitPages } from "../pages";
import { doiUrl } from "../urls";
import { keywordList } from "./scholarly-meta";

/** The article as the citation styles and exports read it. */
export type CiteSource = CitableArticle &
  Pick<Article, "publishdate" | "refnumber"> &
  Partial<Pick<Article, "doi" | "keywords" | "abstract">>;

export interface CiteJournal {
  name: string;
  issn?: string;
  essn?: string;
  publisher?: string;
  /** Absolute URL of the article page. */
  url: string;
  /** Absolute URL of the PDF, when there is one. */
  pdfUrl?: string;
}

export interface Person {
  family: string;
  given: string;
  /** 'A. K.', 'J.-P.' */
  initialsDotted: string;
  /** 'AK', 'JP'; 'श्या सुं' (see joinInitials) */
  initials: string;
}

/**
 * A name as the styles need it. Honorifics are dropped; given names written as initials
 * ('R.K.', 'R. K.', 'RK') come out as 'R. K.'; hyphenated given names keep the hyphen between
 * their initials ('Jean-Paul' → 'J.-P.' and 'JP'). See parseName in ./citation.
 */
export function parsePerson(name: string): Person {
  const { family, given, initials } = parseName(name);
  return {
    family,
    given,
    initialsDotted: initials.map((parts) => parts.map((i) => `${i}.`).join("-")).join(" "),
    initials: joinInitials(initials),
  };
}

function list(items: string[], last: string, serialComma: boolean): string {
  if (items.length <= 1) return items.join("");
  if (items.length === 2) return `${items[0]}${last}${items[1]}`;
  return `${items.slice(0, -1).join(", ")}${serialComma ? "," : ""}${last}${items[items.length - 1]}`;
}

/** Ends an author list with one period: 'Singh, R. K.' must not become 'Singh, R. K..'. */
function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

export interface Rendered {
  text: string;
  html: string;
}

type Style = "apa" | "mla" | "chicago" | "harvard" | "ieee" | "vancouver";

export const CITATION_STYLES: { id: Style; label: string }[] = [
  { id: "apa", label: "APA" },
  { id: "mla", label: "MLA" },
  { id: "chicago", label: "Chicago" },
  { id: "harvard", label: "Harvard" },
  { id: "ieee", label: "IEEE" },
  { id: "vancouver", label: "Vancouver" },
];

/** Renders one style; `html` has the journal (or title) in italics where the style wants it. */
export function renderCitation(style: Style, a: CiteSource, j: CiteJournal): Rendered {
  const people = splitAuthors(a.authorname).map(parsePerson);
  const title = htmlToText(a.title).replace(/[.\s]+$/, "");
  const doi = a.doi ? doiUrl(a.doi) : "";
  const link = doi || j.url;
  const vi = `${a.volume}(${a.issue})`;
  let parts: [string, boolean][]; // [text, italic]
  switch (style) {
    case "apa": {
      const names = people.map((p) => (p.initialsDotted ? `${p.family}, ${p.initialsDotted}` : p.family));
      const authors = names.length > 1 ? `${names.slice(0, -1).join(", ")}, & ${names[names.length - 1]}` : names[0] ?? "";
      parts = [[`${authors} (${a.year}). ${title}. `, false], [j.name, true], [`, `, false], [String(a.volume), true], [`(${a.issue}), ${formatPages(a.pagenumber)}. ${link}`, false]];
      break;
    }
    case "mla": {
      const first = people[0] ? (people[0].given ? `${people[0].family}, ${people[0].given}` : people[0].family) : "";
      const authors =
        people.length >= 3 ? `${first}, et al` : people.length === 2 ? `${first}, and ${[people[1].given, people[1].family].filter(Boolean).join(" ")}` : first;
      parts = [[`${sentence(authors)} “${title}.” `, false], [j.name, true], [`, vol. ${a.volume}, no. ${a.issue}, ${a.year}, pp. ${formatPages(a.pagenumber)}${doi ? `, ${doi}` : ""}.`, false]];
      break;
    }
    case "chicago": {
      const names = people.map((p, i) => (i === 0 ? (p.given ? `${p.family}, ${p.given}` : p.family) : [p.given, p.family].filter(Boolean).join(" ")));
      const authors = list(names, " and ", true);
      parts = [[`${sentence(authors)} ${a.year}. “${title}.” `, false], [j.name, true], [` ${a.volume} (${a.issue}): ${formatPages(a.pagenumber)}. ${link}.`, false]];
      break;
    }
    case "harvard": {
      const names = people.map((p) => (p.initialsDotted ? `${p.family}, ${p.initialsDotted.replace(/ /g, "")}` : p.family));
      const authors = list(names, " and ", false);
      parts = [[`${authors} (${a.year}) ‘${title}’, `, false], [j.name, true], [`, ${vi}, pp. ${formatPages(a.pagenumber)}. ${doi ? `doi:${a.doi}` : `Available at: ${j.url}`}.`, false]];
      break;
    }
    case "ieee": {
      const names = people.map((p) => [p.initialsDotted, p.family].filter(Boolean).join(" "));
      const authors = names.length > 2 ? `${names.slice(0, -1).join(", ")}, and ${names[names.length - 1]}` : names.join(" and ");
      parts = [[`${authors}, “${title},” `, false], [j.name, true], [`, vol. ${a.volume}, no. ${a.issue}, pp. ${formatPages(a.pagenumber)}, ${a.year}${doi ? `, doi: ${a.doi}` : ""}.`, false]];
      break;
    }
    case "vancouver": {
      const names = people.map((p) => [p.family, p.initials].filter(Boolean).join(" "));
      const authors = names.length > 6 ? `${names.slice(0, 6).join(", ")}, et al` : names.join(", ");
      parts = [[`${authors}. ${title}. ${j.name}. ${a.year};${vi}:${a.pagenumber}.${doi ? ` doi:${a.doi}` : ""}`, false]];
      break;
    }
  }
  return {
    text: parts.map(([t]) => t).join(""),
    html: parts.map(([t, italic]) => (italic ? `<i>${escapeHtml(t)}</i>` : escapeHtml(t))).join(""),
  };
}

function risLine(tag: string, value: string | number | undefined): string {
  return value === undefined || value === "" ? "" : `${tag}  - ${value}\r\n`;
}

/** RIS record (Zotero, EndNote, Mendeley). */
export function toRis(a: CiteSource, j: CiteJournal): string {
  const pages = splitPages(a.pagenumber);
  let out = risLine("TY", "JOUR");
  out += risLine("TI", htmlToText(a.title));
  for (const name of splitAuthors(a.authorname)) {
    const p = parsePerson(name);
    out += risLine("AU", p.given ? `${p.family}, ${p.given}` : p.family);
  }
  out += risLine("JO", j.name) + risLine("T2", j.name);
  out += risLine("PY", a.year) + risLine("DA", a.publishdate.replace(/-/g, "/"));
  out += risLine("VL", a.volume) + risLine("IS", a.issue) + risLine("SP", pages.first) + risLine("EP", pages.last);
  out += risLine("SN", j.issn || j.essn) + risLine("PB", j.publisher) + risLine("DO", a.doi);
  out += risLine("UR", j.url) + risLine("L1", j.pdfUrl);
  for (const k of keywordList(a.keywords)) out += risLine("KW", k);
  if (a.abstract) out += risLine("AB", htmlToText(a.abstract));
  out += risLine("LA", "en");
  return `${out}ER  - \r\n`;
}

function bibEscape(text: string): string {
  return text.replace(/([{}%&$#_])/g, "\\$1").replace(/\\(?![{}%&$#_])/g, "\\textbackslash{}");
}

export function bibKey(a: CiteSource): string {
  const first = parsePerson(splitAuthors(a.authorname)[0] ?? "").family;
  const ascii = first.normalize("NFKD").replace(/[^A-Za-z]/g, "") || "article";
  return `${ascii.toLowerCase()}${a.year}_${a.refnumber}`;
}

/** BibTeX @article entry. */
export function toBibtex(a: CiteSource, j: CiteJournal): string {
  const authors = splitAuthors(a.authorname)
    .map(parsePerson)
    .map((p) => (p.given ? `${p.family}, ${p.given}` : p.family))
    .join(" and ");
  const fields: [string, string | number | undefined][] = [
    ["title", `{${bibEscape(htmlToText(a.title))}}`],
    ["author", `{${bibEscape(authors)}}`],
    ["journal", `{${bibEscape(j.name)}}`],
    ["year", a.year],
    ["volume", a.volume],
    ["number", a.issue],
    ["pages", formatPages(a.pagenumber, "--")],
    ["issn", j.issn || j.essn ? `{${j.issn || j.essn}}` : undefined],
    ["publisher", j.publisher ? `{${bibEscape(j.publisher)}}` : undefined],
    ["doi", a.doi ? `{${a.doi}}` : undefined],
    ["url", `{${j.url}}`],
  ];
  const body = fields
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `  ${k} = ${typeof v === "number" ? v : String(v).startsWith("{") ? v : `{${v}}`}`)
    .join(",\n");
  return `@article{${bibKey(a)},\n${body}\n}\n`;
}

/** CSL-JSON item (citeproc, Zotero). */
export function toCslJson(a: CiteSource, j: CiteJournal) {
  const [y, m, d] = a.publishdate.split("-").map(Number);
  return {
    id: bibKey(a),
    type: "article-journal",
    title: htmlToText(a.title),
    author: splitAuthors(a.authorname).map((n) => {
      const p = parsePerson(n);
      return p.given ? { family: p.family, given: p.given } : { literal: p.family };
    }),
    "container-title": j.name,
    ISSN: j.issn || j.essn || undefined,
    publisher: j.publisher || undefined,
    volume: String(a.volume),
    issue: String(a.issue),
    page: a.pagenumber,
    issued: { "date-parts": [[y || a.year, ...(m ? [m] : []), ...(d ? [d] : [])]] },
    DOI: a.doi || undefined,
    URL: j.url,
    keyword: a.keywords || undefined,
    language: "en",
  };
}
