/**
 * Numbered pagers, so long lists stay quick to load and to move through: the admin issue list, admin search and the public search.
 * `pageWindow(5, 40)` → [1, null, 4, 5, 6, null, 40]: the first and last page, the current
 * page with its neighbours, and `null` for each gap.
 */
export function pageWindow(current: number, pages: number, neighbours = 1): (number | null)[] {
  if (pages <= 1) return pages === 1 ? [1] : [];
  const wanted = new Set<number>([1, pages]);
  for (let p = current - neighbours; p <= current + neighbours; p++) if (p >= 1 && p <= pages) wanted.add(p);
  // A gap of one page shows that page instead of an ellipsis.
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    if (typeof last === "number" && p - last === 2) out.push(last + 1);
    else if (typeof last === "number" && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** Number of pages for `total` items; at least 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A page number from a query string value: 1 for anything that is not a whole number ≥ 1. */
export function pageParam(value: string | null | undefined, max = 10_000): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? Math.min(n, max) : 1;
}
