import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, ownedBy, timestamp, version } from "./columns";
import { issues } from "./issues";
import { journals } from "./journals";

export const articles = sqliteTable(
  "articles",
  {
    id: id(),
    journalId: ownedBy("journal_id", () => journals.id),
    issueId: integer("issue_id")
      .notNull()
      .references(() => issues.id, { onDelete: "restrict" }),
    /** Digits only, trimmed; unique per journal. */
    refnumber: text("refnumber").notNull(),
    /** Sanitised HTML (only <i>/<em>), stored as HTML rather than entity-encoded text. */
    title: text("title").notNull(),
    /**
     * Comma-and-space separated author names, in byline order: derived from `authors` on every
     * write (app/lib/authors.ts bylineOf), never edited on its own; the search index reads it.
     */
    authorname: text("authorname").notNull(),
    /**
     * The authors as people: a JSON array of {name, given, family, orcid, affiliations: [{name,
     * ror, country}], email, corresponding} (app/lib/authors.ts). '[]' on rows written before
     * migration 0029 until scripts/structure-authors.ts converts them; readers fall back to
     * `authorname` meanwhile (authorsOf).
     */
    authors: text("authors").notNull().default("[]"),
    /** Sanitised HTML. */
    abstract: text("abstract").notNull().default(""),
    keywords: text("keywords").notNull().default(""),
    /** Copy of the title (spec §3). */
    description: text("description").notNull().default(""),
    /** Page range like '1-6'. */
    pagenumber: text("pagenumber").notNull(),
    /** First and last page parsed from pagenumber, so issues sort numerically (2 before 10). */
    firstPage: integer("first_page").notNull(),
    lastPage: integer("last_page").notNull(),
    /** Plain-text copies of title and abstract (tags stripped) that the FTS5 index reads. */
    searchTitle: text("search_title").notNull().default(""),
    searchAbstract: text("search_abstract").notNull().default(""),
    /** Optional DOI, e.g. '10.1234/abcd.2025.001' (no resolver prefix). */
    doi: text("doi").notNull().default(""),
    /** The reference list, one reference per line (app/lib/references.ts); '' = none. */
    references: text("reference_list").notNull().default(""),
    /** The article's own licence URL; '' = the journal's (settings license_url). */
    license_url: text("license_url").notNull().default(""),
    /** Manuscript history, YYYY-MM-DD or '' (published is `publishdate`). */
    received_date: text("received_date").notNull().default(""),
    accepted_date: text("accepted_date").notNull().default(""),
    subject: text("subject").notNull().default(""),
    country: text("country").notNull().default(""),
    email: text("email").notNull().default(""),
    mobile: text("mobile").notNull().default(""),
    txnid: text("txnid").notNull(),
    ptype: text("ptype", { enum: ["paid", "free"] }).notNull().default("paid"),
    /** Certificate date, YYYY-MM-DD. */
    publishdate: text("publishdate").notNull(),
    year: integer("year").notNull(),
    volume: integer("volume").notNull(),
    issue: integer("issue").notNull(),
    frequency: text("frequency").notNull().default(""),
    /** File name of the PDF ('{refnumber}.pdf') in the issue's folder; '' when none. */
    file: text("file").notNull().default(""),
    /**
     * Name of the R2 object currently holding the PDF ('{refnumber}-{random}.pdf'). Each upload
     * gets a fresh object and the row is switched to it in one write, so a failed upload or a
     * failed DB write never leaves the article pointing at a missing file. '' = the object is
     * stored under `file` itself.
     */
    fileKey: text("file_key").notNull().default(""),
    /**
     * The issue folder ('2025/vol4issue2') the PDF object was stored under; '' = the folder of
     * the row's current year, volume and issue. An issue edit or a move keeps the objects where
     * they are (app/storage/keys.server.ts articlePdfKey).
     */
    fileFolder: text("file_folder").notNull().default(""),
    /** 'trashed': in the trash (hidden everywhere, restorable for 30 days; migration 0018). */
    status: text("status", { enum: ["enabled", "disabled", "trashed"] }).notNull().default("enabled"),
    /** When it went to the trash (ISO 8601 UTC), '' when it is not there. */
    trashedAt: text("trashed_at").notNull().default(""),
    /** The status a restore gives back ('enabled' or 'disabled'), '' when not in the trash. */
    trashedStatus: text("trashed_status").notNull().default(""),
    version: version(),
    createdby: text("createdby").notNull().default(""),
    modifiedby: text("modifiedby").notNull().default(""),
    creation: timestamp("creation"),
    modification: timestamp("modification"),
  },
  (t) => [
    uniqueIndex("articles_journal_refnumber_uq").on(t.journalId, t.refnumber),
    uniqueIndex("articles_journal_txnid_uq").on(t.journalId, t.txnid),
    uniqueIndex("articles_journal_title_uq").on(t.journalId, t.title),
    // Issue table of contents: one index range scan, already in page order.
    index("articles_issue_status_page_idx").on(t.issueId, t.status, t.firstPage),
    index("articles_journal_ymi_idx").on(t.journalId, t.year, t.volume, t.issue, t.firstPage),
    // OAI-PMH pages through a journal's articles by id: a range scan, not a sort of the journal.
    index("articles_journal_id_idx").on(t.journalId, t.id),
    // DOI clash checks (DOIs are case-insensitive): an index lookup, not a scan of the journal.
    index("articles_journal_doi_idx").on(t.journalId, sql`lower(${t.doi})`),
    // The dashboard's last edited articles: a range scan of the journal's newest modifications.
    index("articles_journal_modification_idx").on(t.journalId, t.modification),
    // Articles of a journal by status (migration 0014; admin search no longer reads it since
    // 0015 indexed the disabled articles' words) and admin search's e-mail lookups by index.
    index("articles_journal_status_idx").on(t.journalId, t.status),
    index("articles_journal_email_idx").on(t.journalId, sql`lower(${t.email})`),
    // Admin search's matches (article ids from FTS5, any journal) checked against the journal
    // and put in issue order from this narrow index, not from the wide rows (migration 0015).
    // With the status (migration 0018), so the matches of trashed articles drop out here too.
    index("articles_id_sort_idx").on(t.id, t.journalId, t.year, t.volume, t.issue, t.firstPage, t.status),
    // The scheduled purge of expired trash, every journal (migration 0018).
    index("articles_trashed_idx").on(t.trashedAt).where(sql`status = 'trashed'`),
  ],
);
