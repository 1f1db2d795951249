/**
 * The authors of an article as staff send them — the admin form's author editor and the API's
 * `authors` (a JSON array) — checked and normalised: names as printed (spec §5's letters rule),
 * given and family names (split from the printed name when both are left empty), ORCID iDs
 * with their check digit, ROR IDs with theirs, e-mails. Messages name the author by place:
 * `authors[0].orcid`. Browser-safe: the editor shows the same messages while typing.
 */
import { coerceAuthor, type ArticleAuthor, type AuthorAffiliation } from "../lib/authors.ts";
import { splitPersonalName } from "../lib/person-names.ts";
import { readOrcid } from "../lib/orcid.ts";
import { readRor } from "../lib/ror.ts";
import { AUTHOR_MESSAGES as M, FIELD_MESSAGES } from "./messages.ts";
import { forbiddenCharacter } from "./text.ts";

export const MAX_AUTHORS = 100;
export const MAX_AFFILIATIONS = 10;

/** Spec §5's letters (Latin or Devanagari, with marks), spaces and periods — the comma separates authors. */
const NAME_CHARS = /^[\p{Script=Latin}\p{Script=Devanagari}\p{M}\s.]+$/u;
/** Given and family names: letters of any script, marks, spaces, periods, hyphens, apostrophes; Crossref's 60 characters. */
const NAME_PART = /^[\p{L}\p{M}\s.'\u2019\u2010\u2011-]{1,60}$/u;
const EMAIL = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;.]+$/;

const clean = (v: string) => v.normalize("NFC").replace(/\s+/g, " ").trim();

/** The posted value as a list: a JSON string (form, multipart) or an array (JSON body); null when it is neither. */
export function postedAuthors(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string") return null;
  if (!value.trim()) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function isBlank(a: ArticleAuthor): boolean {
  return !a.name.trim() && !a.given.trim() && !a.family.trim() && !a.orcid.trim() && !a.email.trim() && a.affiliations.every((f) => !f.name.trim() && !f.ror.trim() && !f.country.trim());
}

/**
 * Checks and normalises a posted list. Blank rows (nothing typed) are dropped; `fields` holds
 * one message per faulty value. The result's order is the posted order.
 */
export function validateAuthorList(list: unknown[]): { authors: ArticleAuthor[]; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const authors: ArticleAuthor[] = [];
  const posted = list.map(coerceAuthor).filter((a) => !isBlank(a));
  if (posted.length > MAX_AUTHORS) return { authors: [], fields: { authors: M.tooMany(MAX_AUTHORS) } };
  const orcids = new Map<string, number>();
  posted.forEach((raw, i) => {
    const at = (key: string) => `authors[${i}].${key}`;
    let given = clean(raw.given);
    let family = clean(raw.family);
    const name = clean(raw.name) || [given, family].filter(Boolean).join(" ");
    if (!name) fields[at("name")] = M.nameRequired;
    else if (name.includes(",")) fields[at("name")] = M.comma;
    else if (!NAME_CHARS.test(name)) fields[at("name")] = FIELD_MESSAGES.authorChars;
    const typedParts = !!(given || family);
    if (!typedParts && name) ({ given, family } = splitPersonalName(name));
    // Parts split from a faulty name would only repeat its message.
    if (typedParts || !fields[at("name")]) {
      if (!family) fields[at("family")] = M.familyRequired;
      else if (!NAME_PART.test(family)) fields[at("family")] = M.nameParts;
      if (given && !NAME_PART.test(given)) fields[at("given")] = M.nameParts;
    }

    let orcid = "";
    if (raw.orcid.trim()) {
      const r = readOrcid(raw.orcid);
      if (!r.ok) fields[at("orcid")] = r.reason === "format" ? M.orcidFormat : M.orcidChecksum(r.id);
      else if (orcids.has(r.uri)) fields[at("orcid")] = M.orcidTwice(r.id);
      else {
        orcid = r.uri;
        orcids.set(r.uri, i);
      }
    }

    const email = raw.email.trim();
    if (email && (email.length > 320 || !EMAIL.test(email))) fields[at("email")] = M.email;

    const affiliations: AuthorAffiliation[] = [];
    const postedAffiliations = raw.affiliations.filter((f) => f.name.trim() || f.ror.trim() || f.country.trim());
    if (postedAffiliations.length > MAX_AFFILIATIONS) fields[at("affiliations")] = M.tooManyAffiliations(MAX_AFFILIATIONS);
    postedAffiliations.slice(0, MAX_AFFILIATIONS).forEach((f, k) => {
      const aff = (key: string) => `authors[${i}].affiliations[${k}].${key}`;
      const affName = clean(f.name);
      const country = clean(f.country);
      let ror = "";
      if (!affName) fields[aff("name")] = M.affiliationName;
      else if (affName.length > 300) fields[aff("name")] = M.affiliationTooLong;
      if (f.ror.trim()) {
        const r = readRor(f.ror);
        if (!r.ok) fields[aff("ror")] = r.reason === "format" ? M.rorFormat : M.rorChecksum(r.id);
        else ror = r.uri;
      }
      if (country.length > 100) fields[aff("country")] = M.country;
      affiliations.push({ name: affName, ror, country });
    });

    // Said last, over any other message: an invisible control character is what to fix.
    const texts: [string, string][] = [
      ["name", raw.name], ["given", raw.given], ["family", raw.family], ["orcid", raw.orcid], ["email", raw.email],
      ...postedAffiliations.flatMap((f, k) => (["name", "ror", "country"] as const).map((x): [string, string] => [`affiliations[${k}].${x}`, f[x]])),
    ];
    for (const [key, value] of texts) {
      const found = forbiddenCharacter(value);
      if (found) fields[at(key)] = FIELD_MESSAGES.controlCharacter(found);
    }
    authors.push({ name, given, family, orcid, affiliations, email, corresponding: raw.corresponding });
  });
  return { authors, fields };
}
