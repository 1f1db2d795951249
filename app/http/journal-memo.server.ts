import type { JournalContext } from "../models/journals.server";

/**
 * How long an isolate may reuse what it read of a journal (ms): the host → journal lookup
 * (workers/journal-cache.ts) and, through it, the journal's version, which every staff write
 * bumps. 0 = ask D1 on every request and keep nothing (the workerd tests run that way).
 */
export function journalCacheMs(env: { JOURNAL_CACHE_MS?: string }): number {
  const ms = Number(env.JOURNAL_CACHE_MS ?? 2000);
  return Number.isFinite(ms) && ms > 0 ? Math.min(ms, 60_000) : 0;
}

/**
 * What a journal's pages derive from its data — an issue's table of contents with its HTML, the
 * home page's lists — kept in the isolate and reused while the journal's version stays the same
 * (docs/decisions/031-static-html.md). Every staff write bumps the version, and the edge cache
 * keys its copies on it too (ADR 005), so a reused value is exactly as fresh as a cached page:
 * this isolate sees a write at once, others within `journalCacheMs`. Least recently used
 * entries go first past `max`; with `journalCacheMs` 0 nothing is kept.
 */
export class JournalMemo<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private readonly max: number;

  constructor(max: number) {
    this.max = max;
  }

  get(env: { JOURNAL_CACHE_MS?: string }, journal: Pick<JournalContext, "id" | "version">, key: string, make: () => Promise<T>): Promise<T> {
    if (journalCacheMs(env) === 0) return make();
    const id = `${journal.id}.${journal.version}:${key}`;
    let value = this.entries.get(id);
    if (value) {
      // Most recently used last.
      this.entries.delete(id);
    } else {
      value = make();
      // A failed read is not kept: the next request tries again.
      value.catch(() => this.entries.get(id) === value && this.entries.delete(id));
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    }
    this.entries.set(id, value);
    return value;
  }
}
