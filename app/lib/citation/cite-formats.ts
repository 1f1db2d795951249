/**
 * Citation renderings (APA, MLA, Chicago, Harvard, IEEE, Vancouver) and machine formats (RIS,
 * BibTeX, CSL-JSON) from one description of an article. Browser-safe: used by the article
 * page's citation box and by the export endpoints.
 */
import { givenInitials, joinInitials, splitParticle } from "../person-names";
import { authorFromName, authorsOf, type ArticleAuthor } from "../authors";
import type { Article, CitableArticle } from "../article";
import { decodeEntities, escapeHtml, htmlToText, sanitizeHtml, TITLE_PROFILE } from "../html";
import { formatPages, pageRange, splitPages } from "../pages";
import { doiUrl } from "../urls";
import { exportableDoi } from "../doi";
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

/** The journal's ISSNs, print then electronic, each once (RIS, BibTeX and CSL-JSON carry both). */
function issnsOf(j: CiteJournal): string[] {
  return [...new Set([j.issn, j.essn].map((v) => (v ?? "").trim()).filter(Boolean))];
}

export interface Person {
  family: string;
  /** Lower-case particles before the surname ('van der'): CSL's non-dropping-particle. */
  particle: string;
  given: string;
  /** 'A. K.', 'J.-P.' */
  initialsDotted: string;
  /** 'AK', 'JP'; 'श्या सुं' (see joinInitials) */
  initials: string;
  /**
   * The whole name, for a name cited as written: one word ('Sukarno'), or a script that
   * citation processors do not split into given name and surname (Devanagari). Empty otherwise.
   */
  literal: string;
}

// citeproc-js's own test for a name it splits and initialises ("romanesque" scripts: Latin,
// Greek, Cyrillic, Hebrew, Arabic, Thai). Any other script — Devanagari here — it prints family
// and given name run together ('शर्माअमित'); such names are exported as one literal name, so
// every citation manager prints them as written, and so does the page.
const ROMANESQUE = /[-0-9a-zA-Z\u0e01-\u0e5b\u00c0-\u017f\u0370-\u03ff\u0400-\u052f\u0590-\u05d4\u05d6-\u05ff\u1f00-\u1fff\u0600-\u06ff\u200c\u200d\u200e\u0218\u0219\u021a\u021b\u202a-\u202e]/;

/**
 * An author as the styles need them, from the stored given and family names (no guessing):
 * particles set apart from the surname ('van der Berg' → 'van der' + 'Berg'), given names
 * written as initials as 'R. K.', hyphenated given names keeping the hyphen between their
 * initials ('Jean-Paul' → 'J.-P.' and 'JP').
 */
export function personOf(author: Pick<ArticleAuthor, "given" | "family">): Person {
  const given = author.given.normalize("NFC").replace(/\s+/g, " ").trim();
  const { particle, family } = splitParticle(author.family);
  const initials = givenInitials(given, family);
  const literal = !given || !ROMANESQUE.test(family) ? [given, particle, family].filter(Boolean).join(" ") : "";
  return {
    family,
    particle,
    given,
    initialsDotted: initials.map((parts) => parts.map((i) => `${i}.`).join("-")).join(" "),
    initials: joinInitials(initials),
    literal,
  };
}

/** A printed name as the styles need it: split by the name rule (honorifics dropped), then personOf. */
export function parsePerson(name: string): Person {
  return personOf(authorFromName(name));
}

/** The article's authors as the styles and exports need them. */
function peopleOf(a: CiteSource): Person[] {
  return authorsOf(a).map(personOf);
}

/** A run of title text, italic or not (the stored title's <i> and <em>). */
type Run = [text: string, italic: boolean];

/** The stored title HTML as runs: <i>/<em> kept as italics, other tags dropped, text decoded. */
function titleRuns(titleHtml: string): Run[] {
  const clean = sanitizeHtml(titleHtml, TITLE_PROFILE);
  const runs: Run[] = [];
  let italic = 0;
  for (const part of clean.split(/(<\/?(?:i|em)\b[^>]*>)/i)) {
    if (/^<\//.test(part)) italic = Math.max(0, italic - 1);
    else if (/^</.test(part)) italic++;
    else if (part) runs.push([decodeEntities(part), italic > 0]);
  }
  // One space between words, none at the ends.
  const out: Run[] = [];
  for (const [t, i] of runs) {
    const last = out[out.length - 1];
    let text = t.replace(/[\u0000-\u001f\u007f-\u009f\s]+/g, " ");
    if (last && /\s$/.test(last[0]) && text.startsWith(" ")) text = text.slice(1);
    if (!out.length) text = text.replace(/^ /, "");
    if (!text) continue;
    if (last && last[1] === i) last[0] += text;
    else out.push([text, i]);
  }
  while (out.length && /\s$/.test(out[out.length - 1][0])) {
    out[out.length - 1][0] = out[out.length - 1][0].replace(/\s+$/, "");
    if (!out[out.length - 1][0]) out.pop();
  }
  return out;
}

/** The title in CSL-JSON's markup: italics as <i>, protected from case changes (species names). */
export function cslTitle(titleHtml: string): string {
  return titleRuns(titleHtml)
    .map(([t, i]) => (i ? `<i><span class="nocase">${t}</span></i>` : t))
    .join("");
}

// ---- Title case, as citeproc-js applies CSL's text-case="title" (English) ------------------

const SKIP_WORDS = new Set(["about", "above", "across", "afore", "after", "against", "al", "along", "alongside", "amid", "amidst", "among", "amongst", "anenst", "apropos", "apud", "around", "as", "aside", "astride", "at", "athwart", "atop", "barring", "before", "behind", "below", "beneath", "beside", "besides", "between", "beyond", "but", "by", "circa", "despite", "down", "during", "et", "except", "for", "forenenst", "from", "given", "in", "inside", "into", "lest", "like", "modulo", "near", "next", "notwithstanding", "of", "off", "on", "onto", "out", "over", "per", "plus", "pro", "qua", "sans", "since", "than", "through", "throughout", "thruout", "till", "to", "toward", "towards", "under", "underneath", "until", "unto", "up", "upon", "versus", "vs.", "v.", "vs", "v", "via", "vis-à-vis", "with", "within", "without", "or", "yet", "so", "and", "nor", "a", "an", "the", "de", "d'", "von", "van", "c", "ca"]);
const CASE_TAG = /(\u2018|\u2019|\u201C|\u201D| "| '|"|'|[-\u2013\u2014/.,;?!:]|\[|\]|\(|\))/;
const SPACES = /([\u00A0\u0020\u2000-\u200B\u205F\u3000]+)/;

function capitalise(word: string): string {
  const [first, ...rest] = Array.from(word);
  if (/^[\u0370-\u03FF]$/.test(first) && rest.length === 0) return word;
  return first.toLocaleUpperCase("en") + rest.join("");
}

/**
 * Title case the way citeproc-js does it for English items: each word of two or more letters
 * that is not a stop word, the first word, a word after ':', '?' or '!', a word before a hyphen
 * and a stop word at the very end get a capital — but only words written all in lower case
 * ('pH', 'ZnO' and 'L.' stay). Italic runs are species names, exported as nocase: untouched.
 */
function titleCase(runs: Run[]): Run[] {
  type Tok = { tag: string } | { str: string; run: number };
  const toks: Tok[] = [];
  runs.forEach(([t, italic], run) => {
    if (italic) {
      toks.push({ tag: "<i>" }, { str: t, run }, { tag: "</i>" });
      return;
    }
    const parts = t.split(CASE_TAG);
    for (let k = 0; k < parts.length; k++) {
      if (k % 2 === 0) toks.push({ str: parts[k], run });
      // An apostrophe followed by text is part of the word ('farmer's').
      else if (parts[k] === "'" && parts[k + 1]) parts[k + 1] = `'${parts[k + 1]}`;
      else toks.push({ tag: parts[k] });
    }
  });
  let isFirst = true;
  let afterPunct = false;
  let lastWord: { tok: number; word: number } | null = null;
  const words: (string[] | null)[] = toks.map(() => null);
  toks.forEach((tok, n) => {
    if ("tag" in tok) {
      if (/[!?:]$/.test(tok.tag)) afterPunct = true;
      return;
    }
    const italic = runs[tok.run][1];
    if (!italic && tok.str.trim()) {
      const next = toks.slice(n + 1).find((t) => "tag" in t || t.str !== "");
      const followingTag = next && "tag" in next ? next.tag : "";
      const list = tok.str.split(SPACES);
      for (let j = 0; j < list.length; j += 2) {
        const word = list[j];
        if (!word) continue;
        const lower = word.toLocaleLowerCase("en");
        const capitalize = (word.length > 1 && !SKIP_WORDS.has(lower)) || (j === list.length - 1 && followingTag === "-") || isFirst || afterPunct;
        if (capitalize && word === lower) list[j] = capitalise(word);
        isFirst = false;
        afterPunct = false;
        lastWord = { tok: n, word: j };
      }
      words[n] = list;
    } else if (tok.str.trim()) {
      lastWord = null;
    }
    if (tok.str.trim()) {
      isFirst = false;
      afterPunct = false;
    }
  });
  if (lastWord) {
    const { tok, word } = lastWord as { tok: number; word: number };
    const list = words[tok]!;
    if (list[word].length > 1 && SKIP_WORDS.has(list[word].toLocaleLowerCase("en"))) list[word] = capitalise(list[word]);
  }
  const out: Run[] = runs.map(([, i]) => ["", i]);
  toks.forEach((tok, n) => {
    if ("tag" in tok) {
      if (tok.tag === "<i>" || tok.tag === "</i>") return;
      // A tag belongs to the run of the string before it (tags only come from plain runs).
      const prev = toks.slice(0, n).reverse().find((t) => "str" in t) as { run: number } | undefined;
      const nextStr = toks.slice(n + 1).find((t) => "str" in t) as { run: number } | undefined;
      out[(prev ?? nextStr)!.run][0] += tok.tag;
    } else {
      out[tok.run][0] += words[n] ? words[n]!.join("") : tok.str;
    }
  });
  return out.filter(([t]) => t);
}

// ---- Rendering ------------------------------------------------------------------------------

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

// Short months of the en-US locale; IEEE and NLM override three of them (Jun., Jul., Sep.).
const MONTHS = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."];
const MONTHS_IEEE = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec."];

/**
 * The issued date of CSL-JSON and the styles: the issue's year, with the month and day of the
 * publish date when that date falls in the same year ('2025-04-09' → [2025, 4, 9]).
 */
function dateParts(publishdate: string, year: number): number[] {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?/.exec(publishdate);
  if (!m || Number(m[1]) !== year) return [year];
  return [year, ...(m[2] ? [Number(m[2])] : []), ...(m[2] && m[3] ? [Number(m[3])] : [])];
}

/** Ends with one period: 'Singh, R. K.' must not become 'Singh, R. K..', nor 'Kerala?' 'Kerala?.'. */
function endsSentence(runs: Run[]): boolean {
  const last = runs[runs.length - 1]?.[0] ?? "";
  return /[.?!]$/.test(last);
}

/**
 * A name list with the style's 'and'. When the last name is cited as written (a literal
 * name), citeproc-js puts a comma before the 'and' exactly when there are three names or more,
 * whatever the style asks.
 */
function join(names: string[], options: { and: string; comma: "always" | "never" | "contextual"; lastLiteral?: boolean }): string {
  if (names.length <= 1) return names.join("");
  const head = names.slice(0, -1).join(", ");
  const comma = options.lastLiteral ? names.length > 2 : options.comma === "always" || (options.comma === "contextual" && names.length > 2);
  return `${head}${comma ? "," : ""} ${options.and} ${names[names.length - 1]}`;
}

const surname = (p: Person) => (p.particle ? `${p.particle} ${p.family}` : p.family);

/**
 * Renders one style as citeproc-js renders the official CSL style (APA 7, MLA 9, Chicago 18
 * author-date, Cite Them Right Harvard, IEEE, NLM/Vancouver) for this article's CSL-JSON
 * (toCslJson): test/e2e/citations-csl.test.ts compares them. `html` keeps italics as <i>.
 */
export function renderCitation(style: Style, a: CiteSource, j: CiteJournal): Rendered {
  const people = peopleOf(a);
  const lastLiteral = !!people[people.length - 1]?.literal;
  // citeproc-js prints a straight apostrophe as a typographic one ('Farmers’').
  const title = titleRuns(a.title).map(([t, i]): Run => [t.replace(/'/g, "\u2019"), i]);
  const validDoi = exportableDoi(a.doi);
  const doi = validDoi ? doiUrl(validDoi) : "";
  const link = doi || j.url;
  const [, month] = dateParts(a.publishdate, a.year);
  const monthYear = month ? `${MONTHS[month - 1]} ${a.year}` : String(a.year);
  const parts: Run[] = [];
  const add = (text: string, italic = false) => parts.push([text, italic]);
  const addTitle = (runs: Run[]) => parts.push(...runs.map(([t, i]): Run => [t, i]));
  const titled = titleCase(title);
  const period = (runs: Run[]) => (endsSentence(runs) ? "" : ".");
  switch (style) {
    case "apa": {
      const names = people.map((p) => p.literal || (p.initialsDotted ? `${surname(p)}, ${p.initialsDotted}` : surname(p)));
      const authors =
        names.length >= 21
          ? `${names.slice(0, 19).join(", ")}, … ${names[names.length - 1]}`
          : join(names, { and: "&", comma: "always", lastLiteral });
      add(`${authors}${/\.$/.test(authors) ? "" : "."} (${a.year}). `);
      addTitle(title);
      add(`${period(title)} `);
      add(j.name, true);
      add(", ");
      add(String(a.volume), true);
      add(`(${a.issue}), ${pageRange(a.pagenumber, "expanded")}. ${link}`);
      break;
    }
    case "mla": {
      const first = people[0] ? people[0].literal || (people[0].given ? `${surname(people[0])}, ${people[0].given}` : surname(people[0])) : "";
      const second = people[1] ? people[1].literal || [people[1].given, surname(people[1])].filter(Boolean).join(" ") : "";
      const authors = people.length >= 3 ? `${first}, et al.` : people.length === 2 ? join([first, second], { and: "and", comma: "always", lastLiteral }) : first;
      add(`${authors}${/\.$/.test(authors) ? "" : "."} “`);
      addTitle(titled);
      add(`${period(titled)}” `);
      add(titleCase([[j.name, false]])[0]?.[0] ?? j.name, true);
      add(`, vol. ${a.volume}, no. ${a.issue}, ${monthYear}, pp. ${pageRange(a.pagenumber, "minimal-two")}, ${link}.`);
      break;
    }
    case "chicago": {
      const names = people.map((p, i) =>
        p.literal || (i === 0 ? [`${p.family}, ${p.given}`, p.particle].filter(Boolean).join(" ") : [p.given, surname(p)].filter(Boolean).join(" ")),
      );
      const authors = names.length >= 7 ? `${names.slice(0, 3).join(", ")}, et al.` : join(names, { and: "and", comma: "always", lastLiteral });
      add(`${authors}${/\.$/.test(authors) ? "" : "."} ${a.year}. “`);
      addTitle(titled);
      add(`${period(titled)}” `);
      add(titleCase([[j.name, false]])[0]?.[0] ?? j.name, true);
      add(` ${a.volume} (${a.issue}): ${pageRange(a.pagenumber, "chicago-16")}. ${link}.`);
      break;
    }
    case "harvard": {
      const names = people.map((p) => p.literal || (p.initialsDotted ? `${surname(p)}, ${p.initialsDotted.replace(/ /g, "")}` : surname(p)));
      if (names.length >= 4) {
        add(`${names[0]} `);
        add("et al.", true);
      } else {
        add(join(names, { and: "and", comma: "never", lastLiteral }));
      }
      // British English, as Cite Them Right is (its style's own terms are en-GB): the title in
      // single quotes, the comma after them (docs/decisions/032-harvard-in-british-english.md).
      add(` (${a.year}) ‘`);
      addTitle(title);
      add("’, ");
      add(titleCase([[j.name, false]])[0]?.[0] ?? j.name, true);
      add(`, ${a.volume}(${a.issue}), pp. ${pageRange(a.pagenumber, "expanded")}. Available at: ${link}.`);
      break;
    }
    case "ieee": {
      const names = people.map((p) => p.literal || [p.initialsDotted, surname(p)].filter(Boolean).join(" "));
      if (names.length >= 7) {
        add(`${names[0]} `);
        add("et al.", true);
      } else {
        add(join(names, { and: "and", comma: "contextual", lastLiteral }));
      }
      add(", “");
      addTitle(title);
      add(",” ");
      add(j.name, true);
      add(`, vol. ${a.volume}, no. ${a.issue}, pp. ${pageRange(a.pagenumber, "expanded")}, ${month ? `${MONTHS_IEEE[month - 1]} ${a.year}` : a.year}${validDoi ? `, doi: ${validDoi}.` : `, [Online]. Available: ${j.url}`}`);
      break;
    }
    case "vancouver": {
      const names = people.map((p) => p.literal || [surname(p), p.initials.replace(/ /g, "")].filter(Boolean).join(" "));
      const authors = names.length >= 7 ? `${names.slice(0, 6).join(", ")}, et al` : names.join(", ");
      const [y, m, d] = dateParts(a.publishdate, a.year);
      const date = [y, m ? MONTHS_IEEE[m - 1].replace(/\.$/, "") : "", m && d ? d : ""].filter(Boolean).join(" ");
      add(`${authors}. `);
      addTitle(title);
      // Online without a DOI: '[Internet]' and 'Available from:'; with one, the DOI alone.
      const issue = `${date};${a.volume}(${a.issue}):${pageRange(a.pagenumber, "minimal")}.`;
      add(`${period(title)} ${validDoi ? `${j.name}. ${issue} doi:${validDoi}` : `${j.name} [Internet]. ${issue} Available from: ${j.url}`}`);
      break;
    }
  }
  // Adjacent runs of the same kind merge, so the HTML has one <i> per italic stretch.
  const merged: Run[] = [];
  for (const [t, i] of parts) {
    const last = merged[merged.length - 1];
    if (last && last[1] === i) last[0] += t;
    else if (t) merged.push([t, i]);
  }
  return {
    text: merged.map(([t]) => t).join(""),
    html: merged.map(([t, italic]) => (italic ? `<i>${escapeHtml(t)}</i>` : escapeHtml(t))).join(""),
  };
}

/** One line of text, whatever was stored: line and paragraph breaks, tabs and controls become spaces. */
function oneLine(value: string): string {
  return flat(value).trim();
}

/** oneLine without the trim: for runs of a title, whose spaces at the ends separate words. */
function flat(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").replace(/\s+/g, " ");
}

function risLine(tag: string, value: string | number | undefined): string {
  const text = value === undefined ? "" : oneLine(String(value));
  return text === "" ? "" : `${tag}  - ${text}\r\n`;
}

/** 'van der Berg, Jan'; a literal name as written (no comma, so importers keep it whole). */
function invertedName(p: Person): string {
  return p.literal || (p.given ? `${surname(p)}, ${p.given}` : surname(p));
}

/**
 * RIS record (Zotero, EndNote, Mendeley). Every value on one line, so a stored line break can
 * never end the record or start another; titles as plain text.
 */
export function toRis(a: CiteSource, j: CiteJournal): string {
  const pages = splitPages(a.pagenumber);
  let out = risLine("TY", "JOUR");
  out += risLine("TI", titleText(a.title));
  for (const p of peopleOf(a)) out += risLine("AU", invertedName(p));
  out += risLine("JO", j.name) + risLine("T2", j.name);
  // DA only when the publish date is in the issue's year (as CSL-JSON's issued date).
  const date = dateParts(a.publishdate, a.year);
  out += risLine("PY", a.year) + risLine("DA", date.length > 1 ? date.map((n) => String(n).padStart(2, "0")).join("/") : undefined);
  out += risLine("VL", a.volume) + risLine("IS", a.issue) + risLine("SP", pages.first) + risLine("EP", pages.last);
  for (const issn of issnsOf(j)) out += risLine("SN", issn);
  out += risLine("PB", j.publisher) + risLine("DO", exportableDoi(a.doi));
  out += risLine("UR", j.url) + risLine("L1", j.pdfUrl);
  for (const k of keywordList(oneLine(a.keywords ?? ""))) out += risLine("KW", k);
  if (a.abstract) out += risLine("AB", htmlToText(a.abstract));
  out += risLine("LA", "en");
  return `${out}ER  - \r\n`;
}

/**
 * Text for a BibTeX field: every character BibTeX or LaTeX reads specially escaped — braces,
 * backslash, % & # $ _ ~ ^ — so no stored value can close its field or add one.
 */
function bibEscape(text: string): string {
  return flat(text)
    .replace(/[\\{}%&#$_~^]/g, (c) =>
      c === "\\" ? "\\textbackslash{}" : c === "~" ? "\\textasciitilde{}" : c === "^" ? "\\textasciicircum{}" : `\\${c}`,
    );
}

/**
 * A URL for BibTeX's url field. BibLaTeX, and citation-js after it, read url and doi verbatim —
 * a backslash escape would stay in the link — so characters that could end the field or
 * mean something to TeX there (braces, backslash, ^, `, quotes, angle brackets, spaces and
 * controls) are percent-encoded instead, which every browser reads back as the same URL.
 * (DOIs need nothing: DOI_SYNTAX allows none of these.)
 */
function bibUrl(url: string): string {
  return oneLine(url).replace(/[{}\\^`"<>\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** The title as plain text (italics dropped), for RIS. */
export function titleText(titleHtml: string): string {
  return titleRuns(titleHtml).map(([t]) => t).join("");
}

/** A title's words with capitals wrapped in braces, so BibTeX styles do not lower-case them. */
function protectCapitals(escaped: string): string {
  return escaped.replace(/(^|[\s(])([^\s()]*\p{Lu}[^\s()]*)/gu, (m, lead: string, word: string) =>
    word.includes("\\") ? m : `${lead}{${word}}`,
  );
}

/** The title for BibTeX: italics as \textit{…}, capitals protected, everything else escaped. */
function bibTitle(titleHtml: string): string {
  return titleRuns(titleHtml)
    .map(([t, italic]) => (italic ? `\\textit{${protectCapitals(bibEscape(t))}}` : protectCapitals(bibEscape(t))))
    .join("");
}

export function bibKey(a: CiteSource): string {
  const first = peopleOf(a)[0]?.family ?? "";
  const ascii = first.normalize("NFKD").replace(/[^A-Za-z]/g, "") || "article";
  const ref = a.refnumber.replace(/[^A-Za-z0-9]/g, "");
  return `${ascii.toLowerCase()}${a.year}_${ref}`;
}

/** BibTeX @article entry; every field braced and escaped, DOIs only when valid. */
export function toBibtex(a: CiteSource, j: CiteJournal): string {
  const authors = peopleOf(a)
    // A literal name in braces: BibTeX reads it whole, never as 'Last, First'.
    .map((p) => {
      if (p.literal) return /\s/.test(p.literal) ? `{${bibEscape(p.literal)}}` : bibEscape(p.literal);
      // 'al-Rashid' is one surname: braced, BibTeX does not split 'al' off as a particle.
      const family = /^\p{Ll}+-/u.test(p.family) ? `{${bibEscape(p.family)}}` : bibEscape(p.family);
      return [[p.particle ? bibEscape(p.particle) : "", family].filter(Boolean).join(" "), p.given ? bibEscape(p.given) : ""].filter(Boolean).join(", ");
    })
    .join(" and ");
  const doi = exportableDoi(a.doi);
  const fields: [string, string | number | undefined][] = [
    ["title", bibTitle(a.title)],
    ["author", authors],
    ["journal", bibEscape(oneLine(j.name))],
    ["year", a.year],
    ["volume", a.volume],
    ["number", a.issue],
    ["pages", bibEscape(formatPages(a.pagenumber, "--"))],
    ["issn", issnsOf(j).length ? bibEscape(issnsOf(j).join(", ")) : undefined],
    ["publisher", j.publisher ? bibEscape(oneLine(j.publisher)) : undefined],
    ["doi", doi || undefined],
    ["url", bibUrl(j.url)],
  ];
  const body = fields
    .filter(([, v]) => v !== undefined && v !== "")
    .map(([k, v]) => `  ${k} = ${typeof v === "number" ? v : `{${v}}`}`)
    .join(",\n");
  return `@article{${bibKey(a)},\n${body}\n}\n`;
}

/**
 * CSL-JSON item (citeproc, Zotero, Mendeley): the title in CSL's markup (cslTitle), particles
 * as non-dropping-particle, names of scripts CSL processors do not split as literal names —
 * so citeproc-js prints exactly what the page shows (test/e2e/citations-csl.test.ts).
 */
export function toCslJson(a: CiteSource, j: CiteJournal) {
  const doi = exportableDoi(a.doi);
  return {
    id: bibKey(a),
    type: "article-journal",
    title: cslTitle(a.title),
    author: peopleOf(a).map((p) => {
      if (p.literal) return { literal: p.literal };
      return p.particle ? { family: p.family, given: p.given, "non-dropping-particle": p.particle } : { family: p.family, given: p.given };
    }),
    "container-title": j.name,
    ISSN: issnsOf(j).join(", ") || undefined,
    publisher: j.publisher || undefined,
    volume: String(a.volume),
    issue: String(a.issue),
    page: a.pagenumber,
    issued: { "date-parts": [dateParts(a.publishdate, a.year)] },
    DOI: doi || undefined,
    URL: j.url,
    keyword: a.keywords ? keywordList(oneLine(a.keywords)).join(", ") : undefined,
    language: "en",
  };
}
