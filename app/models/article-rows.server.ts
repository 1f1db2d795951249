/**
 * Shapes database rows into what reader pages render: sanitised HTML, URLs and citation text
 * are prepared on the server so the sanitiser never ships to the browser.
 */
import type { ArticleRow, ArticleRowSource } from "../lib/article";
import { issueTitle } from "../lib/archive";
import { articleFileUrl, articlePath } from "../lib/urls";
import { howToCite } from "../lib/citation/citation";
import { sanitizeHtml, TITLE_PROFILE } from "../lib/html";

export function toArticleRow(a: ArticleRowSource, siteName: string, withIssue = false): ArticleRow {
  return {
    id: a.id,
    refnumber: a.refnumber,
    titleHtml: sanitizeHtml(a.title, TITLE_PROFILE),
    authors: a.authorname,
    pagenumber: a.pagenumber,
    subject: a.subject,
    country: a.country,
    url: articlePath(a),
    fileUrl: articleFileUrl(a),
    cite: howToCite(a, siteName),
    issueText: withIssue ? issueTitle(a) : undefined,
  };
}
