/**
 * The article type family: the stored row, from the drizzle schema, and each view of it the
 * site works with, derived with Pick/Omit so that a column added or retyped in
 * app/db/schema/articles.ts reaches every one of them. Types only (nothing here runs), so any
 * layer may use them, browser code included.
 */
import type { articles } from "../db/schema";

/** An article as stored. */
export type Article = typeof articles.$inferSelect;

/** What a new row needs; the columns derived from others (pages, search copies) are set by the model. */
export type NewArticle = Omit<
  typeof articles.$inferInsert,
  "id" | "journalId" | "description" | "firstPage" | "lastPage" | "searchTitle" | "searchAbstract" | "modifiedby" | "creation" | "modification"
>;

/** The fields staff write through the admin form and the JSON API, as validated (app/schemas/article.ts). */
export type ArticleFields = Pick<
  Article,
  | "refnumber" | "txnid" | "ptype" | "publishdate" | "authorname" | "email" | "mobile" | "country" | "subject"
  | "keywords" | "pagenumber" | "firstPage" | "lastPage" | "title" | "abstract" | "frequency" | "status"
> &
  /** Always set by the validator; optional for writers that predate them (stored defaults apply). */
  Partial<Pick<Article, "authors" | "references" | "license_url" | "received_date" | "accepted_date">> & {
  /** Optional DOI ('10.1234/abc'), without the https://doi.org/ prefix; undefined = not sent (keep). */
  doi?: string;
};

/**
 * What a citation line needs (app/lib/citation). `authors` is the stored list (JSON); without
 * it the byline is read from `authorname` (app/lib/authors.ts authorsOf).
 */
export type CitableArticle = Pick<Article, "title" | "authorname" | "year" | "volume" | "issue" | "pagenumber"> & Partial<Pick<Article, "authors">>;

/**
 * What documents (certificates, index page) and the staff announcement say about an article;
 * `frequency` is the issue's month or month range ('January', 'Jan-Mar').
 */
export type ArticleSummary = CitableArticle & Pick<Article, "refnumber" | "frequency" | "publishdate">;

/**
 * What the Crossref, DOAJ and JATS builders and their checks (app/schemas/deposit.ts) read of
 * an article: title and abstract as stored (sanitised HTML), `file` '' when it has no PDF.
 */
export type DepositArticle = Pick<
  Article,
  | "id" | "refnumber" | "title" | "authorname" | "authors" | "abstract" | "keywords" | "pagenumber" | "publishdate" | "year" | "volume" | "issue" | "doi" | "file" | "status"
  | "references" | "license_url" | "received_date" | "accepted_date"
>;

/**
 * What readers may see of an article through the JSON API (workers/api/serialize.ts): no
 * e-mail, phone, transaction id, staff names or search copies. The API's search reads only these.
 */
export const PUBLIC_ARTICLE_FIELDS = [
  "id", "refnumber", "title", "authorname", "abstract", "keywords", "description", "pagenumber", "subject",
  "country", "publishdate", "year", "volume", "issue", "frequency", "file", "doi", "status",
  "authors", "references", "license_url", "received_date", "accepted_date",
] as const satisfies readonly (keyof Article)[];

export type PublicArticle = Pick<Article, (typeof PUBLIC_ARTICLE_FIELDS)[number]>;

/** What a row of an articles table is made from (app/models/article-rows.server.ts). */
export type ArticleRowSource = Pick<Article, "id" | "refnumber" | "title" | "authorname" | "pagenumber" | "subject" | "country" | "year" | "volume" | "issue" | "file">;

/** One row of an issue's table of contents or of search results, prepared by the loader. */
export interface ArticleRow extends Pick<Article, "id" | "refnumber" | "pagenumber" | "subject" | "country"> {
  /** Sanitised HTML: italics and emphasis only. */
  titleHtml: string;
  /** The byline as stored ('A, B, C'). */
  authors: string;
  /** Article page URL. */
  url: string;
  /** Public PDF URL, or null when the article has no file. */
  fileUrl: string | null;
  /** The 'How to cite this article' text. */
  cite: string;
  /** Where the article appeared ('VOL. 04, ISSUE 02 (2025)'), shown in search results. */
  issueText?: string;
  /** Safe HTML excerpt with matched words in <mark> (search results). */
  snippetHtml?: string;
}
