import type { ArticleRow } from "../lib/article";
import { escapeHtml } from "../lib/html";
import { splitAuthors } from "../lib/names";
import { authorPath } from "../lib/urls";

interface ArticleTableSpec {
  rows: ArticleRow[];
  /** The Subject column (only journals that show it). */
  showSubject: boolean;
  /** The table's caption (read by screen readers, hidden on screen). */
  caption: string;
  /** Serial number of the first row (search results continue from page to page). */
  startAt?: number;
}

/**
 * The articles table of the issue page, search results and author pages (spec §2): S.No.,
 * Title and Authors Name, Subject (only for journals that show it) and Country; on narrow
 * screens each row becomes a card (app.css). Built as a string on the server and shown as static
 * HTML (components/ArticleTable.tsx): nobody edits it, so the browser needs neither its data
 * nor React's render of it (docs/decisions/031-static-html.md).
 *
 * A 100-article issue is most of its page, so the rows carry nothing that repeats a hundred times
 * without being read: no classes (app.css knows the cells and paragraphs by position: S.No.
 * first, Country last, Subject third when shown; in the main cell the title first, the authors
 * after it, the links second to last, the citation last), no end tags HTML lets a table row leave
 * out (</td>, </tr>, </p>), and the fixed labels 'Pages:' and 'How to cite this article:'
 * written by the stylesheet, as the phone layout's column labels already were. Titles and
 * snippets are sanitised HTML already (toArticleRow, the search model); everything else is
 * escaped here.
 */
export function articleTableHtml({ rows, showSubject, caption, startAt = 1 }: ArticleTableSpec): string {
  let html = `<table class="article-table${showSubject ? " with-subject" : ""}"><caption class="visually-hidden">${escapeHtml(caption)}</caption><thead><tr><th scope="col" class="col-sno">S.No.</th><th scope="col">Title and Authors Name</th>${showSubject ? '<th scope="col" class="col-subject">Subject</th>' : ""}<th scope="col" class="col-country">Country</th></tr></thead><tbody>`;
  rows.forEach((row, i) => {
    const url = escapeHtml(row.url);
    html += `<tr><td>${startAt + i}<td><p><a href="${url}">${row.titleHtml}</a><p>${authorLinksHtml(row.authors)}`;
    if (row.issueText) html += `<p class="article-issue">${escapeHtml(row.issueText)}`;
    if (row.snippetHtml) html += `<p class="article-snippet">${row.snippetHtml}`;
    html += `<p><a href="${url}#abstract">Abstract</a>`;
    // A bare `download`: the file is saved under its URL's name, {refnumber}.pdf.
    if (row.fileUrl) html += `<a href="${escapeHtml(row.fileUrl)}" download>Download</a>`;
    html += `<span>${escapeHtml(row.pagenumber)}</span><p> ${escapeHtml(row.cite)}`;
    if (showSubject) html += `<td>${escapeHtml(row.subject)}`;
    html += `<td>${escapeHtml(row.country)}`;
  });
  return `${html}</tbody></table>`;
}

/** The byline with each author linking to their articles in this journal. */
function authorLinksHtml(authors: string): string {
  return splitAuthors(authors)
    .map((name) => `<a href="${escapeHtml(authorPath(name))}">${escapeHtml(name)}</a>`)
    .join(", ");
}
