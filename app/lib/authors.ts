/**
 * An article's authors as people (docs/decisions/028-authors-as-people.md): an ordered list, each
 * with the name as the byline prints it, given and family names, an ORCID iD, affiliations
 * (institution, ROR ID, country), an e-mail and a corresponding-author flag. Stored as JSON in
 * `articles.authors`; the spec's comma string `authorname` is derived from it on every write
 * (bylineOf) and never edited on its own. Every reader — byline, citations, exports, Scholar
 * tags, JSON-LD, Crossref, DOAJ, JATS, OAI-PMH, certificates — goes through authorsOf().
 * Browser-safe (the author editor and the citation box use it).
 */
import { normaliseAuthorName, splitAuthors, stripHonorifics } from "./names.ts";
import { splitPersonalName } from "./person-names.ts";

export interface AuthorAffiliation {
  /** Institution as printed ('Department of Agronomy, Punjab Agricultural University'). */
  name: string;
  /** 'https://ror.org/…' or ''. */
  ror: string;
  /** Country as printed ('India') or ''. */
  country: string;
}

export interface ArticleAuthor {
  /** As the byline prints it, titles included ('Dr. Anjali Sharma'). */
  name: string;
  /** Given names ('Anjali'; '' for a one-word name). */
  given: string;
  /** Family name with its particles ('Sharma', 'van der Berg'). */
  family: string;
  /** 'https://orcid.org/…' or ''. */
  orcid: string;
  affiliations: AuthorAffiliation[];
  /** '' when none; readers see only a corresponding author's (see publicAuthors). */
  email: string;
  corresponding: boolean;
}

/** An author from nothing but the printed name, split by the one name rule (app/lib/names.ts). */
export function authorFromName(name: string): ArticleAuthor {
  const printed = name.trim().replace(/\s+/g, " ");
  return { name: printed, ...splitPersonalName(printed), orcid: "", affiliations: [], email: "", corresponding: false };
}

const text = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");

/** One stored or posted author, every field of the right type (values are not validated here). */
export function coerceAuthor(raw: unknown): ArticleAuthor {
  const o = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const affiliations = Array.isArray(o.affiliations) ? o.affiliations : [];
  return {
    name: text(o.name),
    given: text(o.given),
    family: text(o.family),
    orcid: text(o.orcid),
    affiliations: affiliations.map((a) => {
      const x = (a && typeof a === "object" ? a : {}) as Record<string, unknown>;
      return { name: text(x.name), ror: text(x.ror), country: text(x.country) };
    }),
    email: text(o.email),
    corresponding: o.corresponding === true || o.corresponding === "true" || o.corresponding === 1,
  };
}

/** The stored JSON as a list ([] for '' or anything that is not a JSON array). */
export function parseAuthors(json: string | null | undefined): ArticleAuthor[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(coerceAuthor) : [];
  } catch {
    return [];
  }
}

/** The list as stored: the keys in one order, so equal lists are equal strings. */
export function serialiseAuthors(authors: ArticleAuthor[]): string {
  return JSON.stringify(
    authors.map((a) => ({
      name: a.name,
      given: a.given,
      family: a.family,
      orcid: a.orcid,
      affiliations: a.affiliations.map((f) => ({ name: f.name, ror: f.ror, country: f.country })),
      email: a.email,
      corresponding: a.corresponding,
    })),
  );
}

/**
 * The authors of an article. A row written before authors were stored as people (or restored
 * from such a backup) has '[]': its byline is read by the same rule the conversion applies
 * (migration 0029, scripts/structure-authors.ts), so it reads the same before and after.
 */
export function authorsOf(a: { authors?: string | null; authorname: string }): ArticleAuthor[] {
  const stored = parseAuthors(a.authors);
  return stored.length ? stored : splitAuthors(a.authorname).map(authorFromName);
}

/** The spec's `authorname`: the printed names, comma and space separated. */
export function bylineOf(authors: ArticleAuthor[]): string {
  return authors.map((a) => a.name).join(", ");
}

/** The printed names in byline order (certificates: one per author). */
export function authorNames(a: { authors?: string | null; authorname: string }): string[] {
  return authorsOf(a).map((x) => x.name);
}

const sameName = (a: string, b: string) => normaliseAuthorName(a).toLocaleLowerCase() === normaliseAuthorName(b).toLocaleLowerCase();

/**
 * A new comma byline read against the list it replaces (a client of the spec's API that sends
 * only `authorname`): each name found in the old list (titles, case and spacing aside) keeps its
 * ORCID iD, affiliations, e-mail, flag and split, with the name as now printed; a new name is
 * split by the name rule. So renaming 'Anjali Sharma' to 'Dr. Anjali Sharma' loses nothing.
 */
export function authorsFromByline(authorname: string, previous: ArticleAuthor[] = []): ArticleAuthor[] {
  const unused = [...previous];
  return splitAuthors(authorname).map((name) => {
    const i = unused.findIndex((p) => sameName(p.name, name));
    if (i < 0) return authorFromName(name);
    const [old] = unused.splice(i, 1);
    const printed = name.trim().replace(/\s+/g, " ");
    return { ...old, name: printed };
  });
}

/** A name for machine-read metadata: the printed name without titles (citation_author, DC, JSON-LD, feeds). */
export function creatorName(a: ArticleAuthor): string {
  return stripHonorifics(a.name.normalize("NFC").replace(/\s+/g, " ")) || [a.given, a.family].filter(Boolean).join(" ");
}

/** What readers may see of the authors: e-mail only for a corresponding author (the journal publishes it to be written to). */
export function publicAuthors(authors: ArticleAuthor[]): ArticleAuthor[] {
  return authors.map((a) => (a.corresponding ? a : { ...a, email: "" }));
}

/** The distinct affiliations of a byline in first-mention order, and each author's numbers (1-based) into it. */
export function affiliationIndex(authors: Pick<ArticleAuthor, "affiliations">[]): { list: AuthorAffiliation[]; numbers: number[][] } {
  const list: AuthorAffiliation[] = [];
  const key = (f: AuthorAffiliation) => `${f.name.trim().toLowerCase()}\u0000${f.ror}\u0000${f.country.trim().toLowerCase()}`;
  const numbers = authors.map((a) =>
    a.affiliations.map((f) => {
      let i = list.findIndex((g) => key(g) === key(f));
      if (i < 0) i = list.push(f) - 1;
      return i + 1;
    }),
  );
  return { list, numbers };
}

/** An affiliation on one line: 'Punjab Agricultural University, India'. */
export function affiliationText(f: AuthorAffiliation): string {
  const name = f.name.trim();
  const country = f.country.trim();
  return country && !name.toLowerCase().endsWith(country.toLowerCase()) ? `${name}, ${country}` : name;
}
