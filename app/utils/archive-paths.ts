/**
 * URLs and labels of the public archive (spec §2): safe in browser code, shared by the archive
 * list, the issue and article pages, search results and the certificate page.
 */
import { pad } from "./site";

export interface IssueRef {
  year: number;
  volume: number;
  issue: number;
}

/** The archive list's form of an issue URL: /archives/{year}/vol{volume}/issue{issue}. */
export function issuePath({ year, volume, issue }: IssueRef): string {
  return `/archives/${year}/vol${volume}/issue${issue}`;
}

/** Article URL with plain numbers: /archives/{year}/{vol}/{issue}/{ref}. */
export function articlePath(a: IssueRef & { refnumber: string }): string {
  return `/archives/${a.year}/${a.volume}/${a.issue}/${encodeURIComponent(a.refnumber)}`;
}

export function certificatePagePath(refnumber: string): string {
  return `/pdf?refno=${encodeURIComponent(refnumber)}`;
}

/**
 * Reads the year, volume and issue of either issue-path shape: `/2025/vol4/issue2` (archive
 * list links) or `/2025/4/2` (article links). Null when any part is not a number.
 */
export function parseIssueParams(params: { year?: string; volume?: string; issue?: string }): IssueRef | null {
  const year = /^\d{4}$/.exec(params.year ?? "");
  const volume = /^(?:vol)?(\d{1,4})$/i.exec(params.volume ?? "");
  const issue = /^(?:issue)?(\d{1,4})$/i.exec(params.issue ?? "");
  if (!year || !volume || !issue) return null;
  return { year: Number(year[0]), volume: Number(volume[1]), issue: Number(issue[1]) };
}

/** Volume and issue are shown with two digits (spec §9). */
export function volumeLabel(volume: number): string {
  return pad(volume, 2);
}

export function issueLabel(issue: number): string {
  return pad(issue, 2);
}

/** The issue page title: 'VOL. 04, ISSUE 02 (2025)'. */
export function issueTitle({ year, volume, issue }: IssueRef): string {
  return `VOL. ${volumeLabel(volume)}, ISSUE ${issueLabel(issue)} (${year})`;
}

/** An archive-list link: 'VOL. 04 : ISSUE 02'. */
export function issueLinkLabel({ volume, issue }: { volume: number; issue: number }): string {
  return `VOL. ${volumeLabel(volume)} : ISSUE ${issueLabel(issue)}`;
}

/** Article counts are shown with three digits (spec §9). */
export function countLabel(n: number): string {
  return pad(n, 3);
}

/** '2025-01-15' → '2025/01/15' (Google Scholar's citation_publication_date), '' if malformed. */
export function scholarDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  return m ? `${m[1]}/${m[2]}/${m[3]}` : "";
}

const MONTHS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
];

/** '2025-01-15' → '15 January 2025'; the input unchanged when it is not an ISO date. */
export function longDate(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return isoDate;
  const month = MONTHS[Number(m[2]) - 1];
  return month ? `${Number(m[3])} ${month} ${m[1]}` : isoDate;
}

/** Splits '12-18' into first and last page for citation_firstpage/lastpage. */
export function splitPages(pagenumber: string): { first: string; last: string } {
  const [first = "", last = ""] = pagenumber.split("-").map((p) => p.trim());
  return { first, last: last || first };
}

/** Author page: every article of this author in this journal ('Dr. ' and similar dropped). */
export function authorPath(name: string): string {
  const clean = name.replace(/^(?:\(?(?:dr|prof|professor|mr|mrs|ms|miss|shri|smt|sri)\.?\)?\s+)+/i, "").trim();
  return `/authors/${encodeURIComponent(clean)}`;
}

/** One issue of the archive side list, ready to render. */
export interface ArchiveIssueLink {
  href: string;
  /** 'VOL. 04 : ISSUE 02' */
  label: string;
  /** The upper-cased month (or month range), or '' when not known. */
  month: string;
}

export interface ArchiveYearBox {
  year: number;
  issues: ArchiveIssueLink[];
}

/**
 * The archive side list in the page data, compactly: years newest first separated by ';', each
 * 'year:' then its issues separated by ',', each 'volume.issue' plus '.month' when known (the
 * month URI-encoded, so no separator can appear in it). A few bytes per issue instead of an
 * object per issue: '2025:4.2.Apr-Jun,4.1.Jan-Mar;2024:3.1'. Rows come newest first.
 */
export function encodeArchiveIndex(rows: ReadonlyArray<IssueRef & { frequency: string }>): string {
  let out = "";
  let year = -1;
  for (const r of rows) {
    if (r.year !== year) {
      out += `${year === -1 ? "" : ";"}${r.year}:`;
      year = r.year;
    } else {
      out += ",";
    }
    out += `${r.volume}.${r.issue}${r.frequency ? `.${encodeURIComponent(r.frequency)}` : ""}`;
  }
  return out;
}

let decoded: { index: string; years: ArchiveYearBox[] } | null = null;

/** Reads encodeArchiveIndex's form back into year boxes (remembered: one parse per value). */
export function decodeArchiveIndex(index: string): ArchiveYearBox[] {
  if (decoded?.index === index) return decoded.years;
  const years: ArchiveYearBox[] = [];
  for (const chunk of index ? index.split(";") : []) {
    const colon = chunk.indexOf(":");
    const year = Number(chunk.slice(0, colon));
    const issues: ArchiveIssueLink[] = [];
    for (const item of chunk.slice(colon + 1).split(",")) {
      const m = /^(\d+)\.(\d+)(?:\.(.*))?$/.exec(item);
      if (!m) continue;
      const ref = { year, volume: Number(m[1]), issue: Number(m[2]) };
      let month = "";
      try {
        month = m[3] ? decodeURIComponent(m[3]).toUpperCase() : "";
      } catch {
        month = "";
      }
      issues.push({ href: issuePath(ref), label: issueLinkLabel(ref), month });
    }
    years.push({ year, issues });
  }
  decoded = { index, years };
  return years;
}
