import { and, asc, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { d1Of, type Db } from "../db/client.server";
import * as schema from "../db/schema";
import { journalHosts, journals, settings } from "../db/schema";
import { publicOrigin, type PublicUrlConfig } from "../lib/urls";

export type Settings = typeof settings.$inferSelect;
export type JournalStatus = (typeof journals.$inferSelect)["status"];

/** The journal a request is for, with its settings: resolved once per request. */
export interface JournalContext {
  id: number;
  slug: string;
  name: string;
  /** 'disabled' journals answer every request with 503 (workers/app.ts). */
  status: JournalStatus;
  /** Cache version: bumped on every staff write (see workers/cache.ts). */
  version: number;
  /** The journal's primary hostname: the only one any emitted URL names. */
  host: string;
  /**
   * Scheme, primary host and (locally) port: the start of every absolute URL the site emits
   * (`absoluteUrl` in app/lib/urls.ts), never the request's own Host, port or scheme.
   */
  origin: string;
  /** The hostname the request came in on (normalised); another than `host` is an alias. */
  requestHost: string;
  /**
   * What the journal's identities are built from, fixed for its life (never its current host):
   * `host` is the OAI-PMH repository identifier and the `tag:` authority of feed ids, `since`
   * (YYYY-MM-DD, the journal's creation day) the `tag:` date (app/lib/identity.ts).
   */
  identity: { host: string; since: string };
  settings: Settings;
}

/**
 * Finds the journal owning `host` together with its primary hostname and settings in one D1
 * round trip. Returns null for a host no journal owns — callers answer 404, never a default
 * journal.
 */
export async function resolveJournalByHost(db: Db, host: string, urls: PublicUrlConfig = {}): Promise<JournalContext | null> {
  if (!host) return null;
  const rows = await db
    .select({
      journal: journals,
      settings,
      primary: sql<string | null>`(select p.hostname from journal_hosts p where p.journal_id = ${journals.id} and p.is_primary = 1)`,
    })
    .from(journalHosts)
    .innerJoin(journals, eq(journals.id, journalHosts.journalId))
    .innerJoin(settings, eq(settings.journalId, journals.id))
    .where(eq(journalHosts.hostname, host))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  // A journal always has a primary (the partial unique index keeps it to one; `npm run
  // journal` never removes it); the request's host stands in should a hand edit remove it.
  const primary = row.primary ?? host;
  return {
    id: row.journal.id,
    slug: row.journal.slug,
    name: row.journal.name,
    status: row.journal.status,
    version: row.journal.version,
    host: primary,
    origin: publicOrigin(primary, urls),
    requestHost: host,
    // A row written without one (by hand) falls back to the primary: still a working identity.
    identity: { host: row.journal.identityHost || primary, since: row.journal.creation.slice(0, 10) },
    // The spec's `domain` is the primary host (it follows `hosts --primary`); read from the
    // hostnames, so no stale copy can ever be printed.
    settings: { ...row.settings, domain: primary },
  };
}

export type SettingValues = Partial<Omit<Settings, "journalId">>;

export interface NewJournal {
  slug: string;
  name: string;
  /** Normalised hostnames; the first is the primary. */
  hosts: string[];
  settings?: SettingValues;
  /** On the publisher's journal list (default true). */
  listed?: boolean;
}

/**
 * Settings of a new journal: every field the pages read has a value a reader can be shown,
 * so a journal with no issues, editors or partners yet looks finished. Staff change them on
 * the admin Settings page. (The formatted name stays empty: the header then shows the site
 * name, and a later change of the name is not hidden behind a stale copy.)
 */
export function defaultSettings(name: string, primaryHost: string, now = new Date()): SettingValues {
  return {
    websitename: name,
    domain: primaryHost,
    year_started: String(now.getUTCFullYear()),
    journal_type: "Peer-reviewed, open access",
    journal_language: "English",
    // Written without the name, so renaming the journal leaves nothing stale behind.
    home_content:
      "<p>The journal publishes peer-reviewed research articles. Browse the archives for published issues, read the instructions to authors before you submit, and contact the editorial office with any question.</p>",
    timezone: "UTC",
    updated_at: now.toISOString(),
  };
}

/** A SQL statement with its parameters, as scripts run them (locally or through wrangler). */
export interface Statement {
  sql: string;
  params: (string | number | null)[];
}

// Builds statements only (never executes): scripts run them on the local D1 or in production.
const builder = drizzle({} as D1Database, { schema });
const journalIdOf = (slug: string) => sql`(select ${journals.id} from ${journals} where ${journals.slug} = ${slug})`;

function statement(query: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = query.toSQL();
  return {
    sql: text,
    params: params.map((p) => (typeof p === "boolean" ? (p ? 1 : 0) : (p as string | number | null))),
  };
}

/**
 * The writes that create a journal, its hostnames (the first is the primary) and its complete
 * settings, as one batch: D1 runs a batch as a transaction, so a taken slug or hostname leaves
 * nothing behind. `npm run journal -- add`, the demo seed and the tests all create journals
 * through this.
 */
export function newJournalStatements(input: NewJournal): Statement[] {
  const [primary] = input.hosts;
  if (!primary) throw new Error("a journal needs at least one hostname");
  const id = journalIdOf(input.slug);
  return [
    // The first primary host is the journal's identity for good (OAI-PMH, feed ids).
    statement(builder.insert(journals).values({ slug: input.slug, name: input.name, listed: input.listed ?? true, identityHost: primary })),
    statement(
      builder.insert(settings).values({
        ...defaultSettings(input.settings?.websitename || input.name, primary),
        ...input.settings,
        // The domain is the primary host, whatever else was asked for.
        domain: primary,
        journalId: sql`${id}` as unknown as number,
      }),
    ),
    ...input.hosts.map((hostname, i) =>
      statement(builder.insert(journalHosts).values({ hostname, journalId: sql`${id}` as unknown as number, isPrimary: i === 0 })),
    ),
  ];
}

/** Runs statements as one D1 batch (a transaction); returns each statement's rows. */
export async function runStatements(d1: D1Database, statements: Statement[]): Promise<Record<string, unknown>[][]> {
  if (!statements.length) return [];
  const results = await d1.batch(statements.map((s) => d1.prepare(s.sql).bind(...s.params)));
  return results.map((r) => (r.results ?? []) as Record<string, unknown>[]);
}

/** Creates a journal (see newJournalStatements): all or nothing. Returns its id. */
export async function createJournal(db: Db, input: NewJournal): Promise<number> {
  const d1 = d1Of(db);
  await runStatements(d1, newJournalStatements(input));
  const row = await d1.prepare("select id from journals where slug = ?").bind(input.slug).first<{ id: number }>();
  return row!.id;
}

// Each change below bumps the journal's version, so pages cached with its old addresses or
// state are never served again (workers/cache.ts keys on the version).
const bump = (slug: string) =>
  statement(builder.update(journals).set({ version: sql`${journals.version} + 1` }).where(eq(journals.slug, slug)));

export function addHostStatements(slug: string, hostname: string): Statement[] {
  return [statement(builder.insert(journalHosts).values({ hostname, journalId: sql`${journalIdOf(slug)}` as unknown as number })), bump(slug)];
}

export function removeHostStatements(slug: string, hostname: string): Statement[] {
  return [
    statement(
      builder
        .delete(journalHosts)
        .where(and(eq(journalHosts.hostname, hostname), eq(journalHosts.journalId, sql`${journalIdOf(slug)}`), eq(journalHosts.isPrimary, false))),
    ),
    bump(slug),
  ];
}

/**
 * Makes `hostname` (one of the journal's) its primary; the others become aliases. The spec's
 * `domain` setting follows in the same batch. URLs move; identities (`journals.identity_host`)
 * do not.
 */
export function primaryHostStatements(slug: string, hostname: string): Statement[] {
  const owned = eq(journalHosts.journalId, sql`${journalIdOf(slug)}`);
  return [
    statement(builder.update(journalHosts).set({ isPrimary: false }).where(owned)),
    statement(builder.update(journalHosts).set({ isPrimary: true }).where(and(owned, eq(journalHosts.hostname, hostname)))),
    statement(builder.update(settings).set({ domain: hostname }).where(eq(settings.journalId, sql`${journalIdOf(slug)}`))),
    bump(slug),
  ];
}

export function journalStatusStatements(slug: string, status: JournalStatus): Statement[] {
  return [statement(builder.update(journals).set({ status, version: sql`${journals.version} + 1` }).where(eq(journals.slug, slug)))];
}

export function journalListedStatements(slug: string, listed: boolean): Statement[] {
  return [statement(builder.update(journals).set({ listed }).where(eq(journals.slug, slug)))];
}

/** Every journal with its hostnames (primary first), counts and state, for `npm run journal -- list`. */
export const journalsOverviewStatement: Statement = {
  sql: `select j.slug, j.name, j.status, j.listed,
           (select json_group_array(hostname) from (select hostname from journal_hosts h where h.journal_id = j.id order by h.is_primary desc, h.hostname)) as hosts,
           (select hostname from journal_hosts h where h.journal_id = j.id and h.is_primary = 1) as primary_host,
           (select count(*) from issues i where i.journal_id = j.id) as issues,
           (select count(*) from articles a where a.journal_id = j.id and a.status <> 'trashed') as articles,
           (select json_group_array(username) from (select username from users u where u.journal_id = j.id order by u.username)) as users
      from journals j order by j.id`,
  params: [],
};

/** Who owns a slug or hostname (to refuse a second one with a clear message). */
export const slugOwnerStatement = (slug: string): Statement => ({ sql: "select id from journals where slug = ?", params: [slug] });
export const hostOwnerStatement = (hostname: string): Statement => ({
  sql: "select j.slug, h.is_primary from journal_hosts h join journals j on j.id = h.journal_id where h.hostname = ?",
  params: [hostname],
});

/** Makes every edge-cached page of this journal stale (called after each staff write). */
export async function bumpJournalVersion(db: Db, journalId: number): Promise<void> {
  await db
    .update(journals)
    .set({ version: sql`${journals.version} + 1` })
    .where(eq(journals.id, journalId));
}

/** The journal's hostnames, the primary first (the admin Settings page shows them). */
export async function listJournalHosts(db: Db, journalId: number): Promise<{ hostname: string; primary: boolean }[]> {
  const rows = await db
    .select({ hostname: journalHosts.hostname, primary: journalHosts.isPrimary })
    .from(journalHosts)
    .where(eq(journalHosts.journalId, journalId))
    .orderBy(sql`${journalHosts.isPrimary} desc`, asc(journalHosts.hostname));
  return rows;
}

/** One entry of the publisher's journal list (/journals). */
export interface ListedJournal {
  id: number;
  slug: string;
  websitename: string;
  issn: string;
  essn: string;
  logo: string;
  /** The publisher named in the journal's settings ('' when none is set). */
  publisher: string;
  origin: string;
}

/** Enabled journals that are on the list, by name, each with the origin of its primary host. */
export async function listPublicJournals(db: Db, urls: PublicUrlConfig = {}): Promise<ListedJournal[]> {
  const rows = await db
    .select({
      id: journals.id,
      slug: journals.slug,
      websitename: settings.websitename,
      name: journals.name,
      issn: settings.issn,
      essn: settings.journal_essn,
      logo: settings.logo,
      publisher: settings.publisher_name,
      primary: journalHosts.hostname,
    })
    .from(journals)
    .innerJoin(settings, eq(settings.journalId, journals.id))
    .innerJoin(journalHosts, and(eq(journalHosts.journalId, journals.id), eq(journalHosts.isPrimary, true)))
    .where(and(eq(journals.status, "enabled"), eq(journals.listed, true)));
  return rows
    .map((r) => ({
      id: r.id,
      slug: r.slug,
      websitename: r.websitename || r.name,
      issn: r.issn,
      essn: r.essn,
      logo: r.logo,
      publisher: r.publisher.trim().replace(/\s+/g, " "),
      origin: publicOrigin(r.primary, urls),
    }))
    .sort((a, b) => a.websitename.localeCompare(b.websitename));
}

/** A listed, enabled journal's logo object name (for /journals/logos/…), or null. */
export async function listedJournalLogo(db: Db, journalId: number): Promise<string | null> {
  const rows = await db
    .select({ logo: settings.logo })
    .from(journals)
    .innerJoin(settings, eq(settings.journalId, journals.id))
    .where(and(eq(journals.id, journalId), eq(journals.status, "enabled"), eq(journals.listed, true)))
    .limit(1);
  return rows[0]?.logo || null;
}
