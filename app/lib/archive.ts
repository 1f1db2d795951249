/**
 * Labels of the public archive (spec §2) and the archive side list's compact form: safe in
 * browser code, shared by the archive list, the issue and article pages, search results and the
 * certificate page. The archive's URLs are built in app/lib/urls.ts.
 */
import { pad } from "./site.ts";
import { issuePath, type IssueRef } from "./urls.ts";

/** Volume and issue are shown with two digits (spec §9). */
function volumeLabel(volume: number): string {
  return pad(volume, 2);
}

function issueLabel(issue: number): string {
  return pad(issue, 2);
}

/**
 * The words naming an issue, the one place they are written: 'Vol. 04, Issue 02' on the
 * journal's own pages (two digits, spec §9); `digits: "plain"` ('Vol. 4, Issue 2') where a
 * reader or harvester compares it with other catalogues (metadata, exports); `long`
 * ('Volume 4, Issue 2') in running text, documents and flash messages. Callers add the year or
 * the period in whatever punctuation their sentence needs.
 */
export function volumeIssueLabel(
  i: { volume: number; issue: number },
  { long = false, digits = "two" }: { long?: boolean; digits?: "two" | "plain" } = {},
): string {
  const [v, n] = digits === "two" ? [volumeLabel(i.volume), issueLabel(i.issue)] : [String(i.volume), String(i.issue)];
  return long ? `Volume ${v}, Issue ${n}` : `Vol. ${v}, Issue ${n}`;
}

/** The issue page title: 'VOL. 04, ISSUE 02 (2025)'. */
export function issueTitle({ year, volume, issue }: IssueRef): string {
  return `${volumeIssueLabel({ volume, issue }).toUpperCase()} (${year})`;
}

/** An archive-list link: 'VOL. 04 : ISSUE 02'. */
function issueLinkLabel({ volume, issue }: { volume: number; issue: number }): string {
  return `VOL. ${volumeLabel(volume)} : ISSUE ${issueLabel(issue)}`;
}

/** Article counts are shown with three digits (spec §9). */
export function countLabel(n: number): string {
  return pad(n, 3);
}

/** One issue of the archive side list, ready to render. */
interface ArchiveIssueLink {
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
