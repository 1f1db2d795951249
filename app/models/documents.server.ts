/**
 * Reads behind the PDF downloads and the certificate verification page. Every query is scoped
 * to the journal; lists of ids are chunked to stay under D1's 100 bound parameters per
 * statement and sent as one batch (one round trip).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import type { Article, ArticleSummary } from "../lib/article";
import { articles, editors, issues } from "../db/schema";
import { chiefEditorQuery } from "./editors.server";
import { notTrashed } from "./articles.server";

/** Bound parameters per statement: D1 allows 100; the journal id takes one. */
const CHUNK = 90;

const articleColumns = {
  id: articles.id,
  refnumber: articles.refnumber,
  title: articles.title,
  authorname: articles.authorname,
  authors: articles.authors,
  year: articles.year,
  volume: articles.volume,
  issue: articles.issue,
  frequency: articles.frequency,
  // Aliased: D1 batches return rows keyed by column name, and "frequency" is in both tables.
  issueFrequency: sql<string | null>`${issues.frequency}`.as("issue_frequency"),
  pagenumber: articles.pagenumber,
  firstPage: articles.firstPage,
  publishdate: articles.publishdate,
  status: articles.status,
  doi: articles.doi,
};

export type DocumentArticle = ArticleSummary &
  Pick<Article, "id" | "firstPage" | "status" | "doi"> & {
    /** The issue's period; the article's own copy (`frequency`, '' when unset) comes first. */
    issueFrequency: string | null;
  };

function articleSelect(db: Db) {
  return db.select(articleColumns).from(articles).leftJoin(issues, eq(issues.id, articles.issueId));
}

/** Query for one enabled article by refnumber, with its issue's period (certificates, /verify). */
function publicArticleForDocumentQuery(db: Db, journalId: number, refnumber: string) {
  return articleSelect(db)
    .where(and(eq(articles.journalId, journalId), eq(articles.refnumber, refnumber), eq(articles.status, "enabled")))
    .limit(1);
}

/** Query for one enabled article by id, with its issue's period (cover page). */
export function publicArticleByIdForDocumentQuery(db: Db, journalId: number, id: number) {
  return articleSelect(db)
    .where(and(eq(articles.journalId, journalId), eq(articles.id, id), eq(articles.status, "enabled")))
    .limit(1);
}

/**
 * What one author's certificate needs, in one round trip: the enabled article (null when it is
 * unknown or withdrawn) and the name of the editor-in-chief ('' without one).
 */
export async function readCertificateSources(db: Db, journalId: number, refnumber: string): Promise<{ article: DocumentArticle | null; chief: string }> {
  const [rows, chief] = await db.batch([publicArticleForDocumentQuery(db, journalId, refnumber), chiefEditorQuery(db, journalId)]);
  return { article: (rows[0] as DocumentArticle | undefined) ?? null, chief: chief[0]?.name ?? "" };
}

/**
 * Query for one article by refnumber or id, whatever its status, with its issue's period
 * (/verify) — but not one in the trash: added by mistake, its codes are as unknown as forged ones.
 */
export function articleForVerificationQuery(db: Db, journalId: number, by: { refnumber: string } | { id: number }) {
  return articleSelect(db)
    .where(and(eq(articles.journalId, journalId), "id" in by ? eq(articles.id, by.id) : eq(articles.refnumber, by.refnumber), notTrashed))
    .limit(1);
}

/** The editor-in-chief's name, '' without one. */
export async function chiefEditorName(db: Db, journalId: number): Promise<string> {
  const [chief] = await chiefEditorQuery(db, journalId);
  return chief?.name ?? "";
}

/**
 * Articles of this journal with any of the given refnumbers (any status: staff select them in
 * the admin), in page order. Unknown refnumbers are simply absent.
 */
export async function articlesByRefnumbers(db: Db, journalId: number, refnumbers: string[]): Promise<DocumentArticle[]> {
  const unique = [...new Set(refnumbers)];
  if (!unique.length) return [];
  const queries = [];
  // No ORDER BY in SQL: to return rows already sorted, SQLite would walk the journal's
  // year/volume/issue/page index — every article of the journal (278 ms at 100k) — instead of
  // looking each refnumber up in the unique (journal_id, refnumber) index. At most 200 rows are
  // sorted here instead.
  for (let i = 0; i < unique.length; i += CHUNK) {
    queries.push(articleSelect(db).where(and(eq(articles.journalId, journalId), inArray(articles.refnumber, unique.slice(i, i + CHUNK)), notTrashed)));
  }
  const results = await db.batch(queries as [(typeof queries)[0], ...typeof queries]);
  return (results.flat() as DocumentArticle[]).sort(
    (a, b) => a.year - b.year || a.volume - b.volume || a.issue - b.issue || a.firstPage - b.firstPage || a.id - b.id,
  );
}

/** Editors of this journal with the given ids (any status), in board order. */
export async function editorsByIds(db: Db, journalId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const queries = [];
  for (let i = 0; i < unique.length; i += CHUNK) {
    queries.push(
      db
        .select()
        .from(editors)
        .where(and(eq(editors.journalId, journalId), inArray(editors.id, unique.slice(i, i + CHUNK))))
        .orderBy(desc(editors.is_pinned), asc(editors.id)),
    );
  }
  const results = await db.batch(queries as [(typeof queries)[0], ...typeof queries]);
  return results.flat();
}
