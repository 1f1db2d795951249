/**
 * Shapes database rows into what reader pages render: sanitised HTML, URLs and citation text
 * are prepared on the server so the sanitiser never ships to the browser.
 */
import type { Article } from "../models/articles.server";
import type { ArticleRow } from "../components/ArticleTable";
import { articlePath, issueTitle } from "./archive-paths";
import { howToCite } from "./citation";
import { sanitizeHtml, TITLE_PROFILE } from "./html";
import { articleFileUrl } from "./storage";

export function articleFileHref(a: Pick<Article, "year" | "volume" | "issue" | "file">): string | null {
  return a.file ? articleFileUrl(a.year, a.volume, a.issue, a.file) : null;
}

export function toArticleRow(a: Article, siteName: string, withIssue = false): ArticleRow {
  return {
    id: a.id,
    refnumber: a.refnumber,
    titleHtml: sanitizeHtml(a.title, TITLE_PROFILE),
    authors: a.authorname,
    pagenumber: a.pagenumber,
    subject: a.subject,
    country: a.country,
    url: articlePath(a),
    fileUrl: articleFileHref(a),
    cite: howToCite(a, siteName),
    issueText: withIssue ? issueTitle(a) : undefined,
  };
}
