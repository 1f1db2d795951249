/**
 * What staff type to find an issue in the admin search: "2025", "vol 4 issue 2",
 * "volume 4 issue 2", "Vol. 4, Issue 2 (2025)", "v4 i2", "2025 vol 4". Null when the text does
 * not read as an issue reference (then only articles are searched).
 */
interface IssueQuery {
  year?: number;
  volume?: number;
  issue?: number;
}

export function parseIssueQuery(input: string): IssueQuery | null {
  let text = input.toLowerCase().replace(/[.,:;()#]/g, " ").replace(/\s+/g, " ").trim();
  if (!text || text.length > 60) return null;
  const out: IssueQuery = {};
  const take = (re: RegExp, key: keyof IssueQuery) => {
    const m = re.exec(text);
    if (!m) return;
    out[key] = Number(m[1]);
    text = (text.slice(0, m.index) + " " + text.slice(m.index + m[0].length)).trim();
  };
  take(/\b(?:volume|vol|v)\s*(\d{1,4})\b/, "volume");
  take(/\b(?:issue|iss|no|number|i)\s*(\d{1,4})\b/, "issue");
  take(/\b((?:19|20|21)\d{2})\b/, "year");
  // Whatever is left must be nothing (or the word "year").
  if (text.replace(/\byear\b/g, "").trim()) return null;
  return Object.keys(out).length ? out : null;
}
