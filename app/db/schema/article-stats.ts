import { integer, sqliteTable } from "drizzle-orm/sqlite-core";
import { ownedBy } from "./columns";
import { articles } from "./articles";
import { journals } from "./journals";

/** Reader counts per article: abstract page views and PDF downloads (bots skipped). */
export const articleStats = sqliteTable("article_stats", {
  articleId: integer("article_id")
    .primaryKey()
    .references(() => articles.id, { onDelete: "cascade" }),
  journalId: ownedBy("journal_id", () => journals.id),
  views: integer("views").notNull().default(0),
  downloads: integer("downloads").notNull().default(0),
});
