/**
 * Licences: each journal has one (settings `license_url`, CC BY 4.0 unless staff choose
 * otherwise), and an article may name its own (article `license_url`, '' = the journal's). A
 * licence is its URL; the Creative Commons licences are known by name so the page can show
 * their badge and the exports their name. Browser-safe (the settings and article forms offer
 * the list).
 */

export interface License {
  url: string;
  /** 'CC BY 4.0', or the address's host for a licence this list does not know. */
  short: string;
  /** 'Creative Commons Attribution 4.0 International', or the URL. */
  name: string;
  /** One of the Creative Commons licences below. */
  creativeCommons: boolean;
}

/** The Creative Commons licences staff choose from (version 4.0 and the CC0 dedication). */
export const CREATIVE_COMMONS: readonly License[] = [
  ["by", "CC BY 4.0", "Creative Commons Attribution 4.0 International"],
  ["by-sa", "CC BY-SA 4.0", "Creative Commons Attribution-ShareAlike 4.0 International"],
  ["by-nc", "CC BY-NC 4.0", "Creative Commons Attribution-NonCommercial 4.0 International"],
  ["by-nc-sa", "CC BY-NC-SA 4.0", "Creative Commons Attribution-NonCommercial-ShareAlike 4.0 International"],
  ["by-nd", "CC BY-ND 4.0", "Creative Commons Attribution-NoDerivatives 4.0 International"],
  ["by-nc-nd", "CC BY-NC-ND 4.0", "Creative Commons Attribution-NonCommercial-NoDerivatives 4.0 International"],
].map(([code, short, name]) => ({ url: `https://creativecommons.org/licenses/${code}/4.0/`, short, name, creativeCommons: true }))
  .concat([{ url: "https://creativecommons.org/publicdomain/zero/1.0/", short: "CC0 1.0", name: "CC0 1.0 Universal (public domain dedication)", creativeCommons: true }]);

/** What the instructions to authors promise every journal unless staff choose another licence. */
const DEFAULT_LICENSE_URL = CREATIVE_COMMONS[0].url;

const CC_PATH = /^(?:https?:\/\/)?(?:www\.)?creativecommons\.org\/(licenses\/[a-z-]+\/\d\.\d|publicdomain\/zero\/1\.0)(?:\/(?:legalcode(?:\.[a-z]{2,3})?|deed(?:\.[a-z-]+)?)?)?\/?$/i;

/**
 * A licence URL as stored: trimmed; a Creative Commons licence in its canonical form
 * ('creativecommons.org/licenses/by/4.0/legalcode' → 'https://creativecommons.org/licenses/by/4.0/').
 */
export function normaliseLicenseUrl(value: string): string {
  const text = value.trim();
  const cc = CC_PATH.exec(text);
  return cc ? `https://creativecommons.org/${cc[1].toLowerCase()}/` : text;
}

/** A licence URL must be a web address (http or https), at most 500 characters, no spaces. */
export function isLicenseUrl(value: string): boolean {
  if (value.length > 500 || !/^https?:\/\/[^\s<>"']+$/i.test(value)) return false;
  try {
    return !!new URL(value).hostname;
  } catch {
    return false;
  }
}

/** The licence of a URL: a Creative Commons one by name, any other by its address. */
export function licenseOf(url: string): License {
  const normal = normaliseLicenseUrl(url);
  const known = CREATIVE_COMMONS.find((l) => l.url === normal);
  if (known) return known;
  let host = normal;
  try {
    host = new URL(normal).hostname.replace(/^www\./, "");
  } catch {
    /* shown as written */
  }
  return { url: normal, short: host, name: normal, creativeCommons: false };
}

/** An article's licence: its own if it names one, else the journal's, else CC BY 4.0. */
export function articleLicense(articleUrl: string | null | undefined, journalUrl: string | null | undefined): License {
  return licenseOf((articleUrl ?? "").trim() || (journalUrl ?? "").trim() || DEFAULT_LICENSE_URL);
}
