/**
 * The register of issued certificates (docs/decisions/027-certificate-register.md): what the
 * site printed on each certificate it issued — code, article or editor, position, name, date —
 * recorded once per code when it is first issued, so /verify can tell a certificate whose name
 * has since been corrected from one that was never issued.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { editors, issuedCertificates } from "../db/schema";
import { articleForVerificationQuery, type DocumentArticle } from "./documents.server";

type IssuedCertificate = typeof issuedCertificates.$inferSelect;

/** What a certificate prints, to be registered. */
export interface IssuedEntry {
  code: string;
  kind: "author" | "editor";
  articleId?: number | null;
  refnumber?: string;
  position?: number;
  editorId?: number | null;
  role?: string;
  printedName: string;
  issuedOn: string;
}

/**
 * Registers certificates as issued, in one statement however many (a 1,000-certificate zip
 * included): rows travel as one JSON parameter. A code already registered keeps its first row —
 * two downloads at once insert it once, neither fails.
 */
export async function recordIssuedCertificates(db: Db, journalId: number, entries: IssuedEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = JSON.stringify(
    entries.map((e) => ({
      code: e.code,
      kind: e.kind,
      article_id: e.articleId ?? null,
      refnumber: e.refnumber ?? "",
      position: e.position ?? 0,
      editor_id: e.editorId ?? null,
      role: e.role ?? "",
      printed_name: e.printedName,
      issued_on: e.issuedOn,
    })),
  );
  // "WHERE true" lets SQLite parse the upsert clause after INSERT … SELECT.
  await db.run(sql`
    INSERT INTO issued_certificates (journal_id, code, kind, article_id, refnumber, position, editor_id, role, printed_name, issued_on)
    SELECT ${journalId}, value ->> 'code', value ->> 'kind', value ->> 'article_id', value ->> 'refnumber', value ->> 'position',
           value ->> 'editor_id', value ->> 'role', value ->> 'printed_name', value ->> 'issued_on'
    FROM json_each(${rows}) WHERE true
    ON CONFLICT (journal_id, code) DO NOTHING`);
}

/**
 * What /verify needs for an author certificate code, in one round trip: the article with the
 * code's refnumber (any status) and the register's row for the code. When the article's
 * reference number has changed since, the row's article is read by id (a second trip, rare).
 */
export async function readAuthorVerification(
  db: Db,
  journalId: number,
  refnumber: string,
  code: string,
): Promise<{ article: DocumentArticle | null; issued: IssuedCertificate | null }> {
  const [issuedRows, articleRows] = await db.batch([
    db.select().from(issuedCertificates).where(and(eq(issuedCertificates.journalId, journalId), eq(issuedCertificates.code, code))).limit(1),
    articleForVerificationQuery(db, journalId, { refnumber }),
  ]);
  const issued = issuedRows[0] ?? null;
  let article = (articleRows[0] as DocumentArticle | undefined) ?? null;
  if (issued?.articleId && article?.id !== issued.articleId) {
    const [row] = await articleForVerificationQuery(db, journalId, { id: issued.articleId });
    article = (row as DocumentArticle | undefined) ?? null;
  }
  return { article, issued };
}

/** What /verify needs for an editor certificate code: the register's row and the editor today (any status). */
export async function readEditorVerification(
  db: Db,
  journalId: number,
  editorId: number,
  code: string,
): Promise<{ issued: IssuedCertificate | null; editor: { id: number; name: string; category: string; status: string } | null }> {
  const [issuedRows, editorRows] = await db.batch([
    db.select().from(issuedCertificates).where(and(eq(issuedCertificates.journalId, journalId), eq(issuedCertificates.code, code))).limit(1),
    db
      .select({ id: editors.id, name: editors.name, category: editors.category, status: editors.status })
      .from(editors)
      .where(and(eq(editors.journalId, journalId), eq(editors.id, editorId)))
      .limit(1),
  ]);
  return { issued: issuedRows[0] ?? null, editor: editorRows[0] ?? null };
}
