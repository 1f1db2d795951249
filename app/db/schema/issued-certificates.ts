import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ownedBy, timestamp } from "./columns";
import { journals } from "./journals";

/**
 * The register of issued certificates (docs/decisions/027-certificate-register.md): one row per
 * code, written once when the site first issues that certificate (concurrent downloads insert
 * it once: ON CONFLICT DO NOTHING), never updated. Article and editor ids are not foreign keys:
 * a row outlives the record, so /verify can still say what was issued.
 */
export const issuedCertificates = sqliteTable(
  "issued_certificates",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    /** The code as printed (canonical form: upper-case MAC). */
    code: text("code").notNull(),
    /** 'author' (Certificate of Publication) or 'editor' (Certificate of Appreciation). */
    kind: text("kind", { enum: ["author", "editor"] }).notNull(),
    articleId: integer("article_id"),
    /** The article's reference number as printed. */
    refnumber: text("refnumber").notNull().default(""),
    /** The author's 1-based position in the byline as printed (author certificates). */
    position: integer("position").notNull().default(0),
    editorId: integer("editor_id"),
    /** The editor's role as printed ('Associate Editor'…; editor certificates). */
    role: text("role").notNull().default(""),
    /** The name as printed (NFC, spaces collapsed). */
    printedName: text("printed_name").notNull(),
    /** The date printed on the certificate (YYYY-MM-DD): the publish date, or the editor certificate's issue date. */
    issuedOn: text("issued_on").notNull().default(""),
    /** When the site first issued it (ISO 8601 UTC). */
    firstIssuedAt: timestamp("first_issued_at"),
  },
  (t) => [
    uniqueIndex("issued_certificates_code_idx").on(t.journalId, t.code),
    index("issued_certificates_article_idx").on(t.journalId, t.articleId, t.position),
    index("issued_certificates_editor_idx").on(t.journalId, t.editorId),
  ],
);
