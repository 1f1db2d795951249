import { Link } from "react-router";
import { authorPath } from "../lib/urls";
import type { ArticleRow } from "../lib/article";
import { splitAuthors } from "../lib/names";

/** The byline with each author linking to their articles in this journal. */
function AuthorLinks({ authors }: { authors: string }) {
  const names = splitAuthors(authors);
  return (
    <>
      {names.map((name, i) => (
        <span key={`${name}-${i}`}>
          {i > 0 ? ", " : null}
          <Link to={authorPath(name)} className="author-link">
            {name}
          </Link>
        </span>
      ))}
    </>
  );
}

/**
 * The articles table of the issue page and search results (spec §2): S.No., Title and Authors
 * Name, Subject (only for journals that show it) and Country. On narrow screens each row
 * becomes a card (see app.css).
 */
export function ArticleTable({
  rows,
  showSubject,
  caption,
  startAt = 1,
}: {
  rows: ArticleRow[];
  showSubject: boolean;
  caption: string;
  startAt?: number;
}) {
  return (
    <div className="table-wrap">
      <table className="article-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="col-sno">
              S.No.
            </th>
            <th scope="col">Title and Authors Name</th>
            {showSubject ? (
              <th scope="col" className="col-subject">
                Subject
              </th>
            ) : null}
            <th scope="col" className="col-country">
              Country
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={row.id}>
              <td className="col-sno" data-label="S.No.">
                {startAt + index}
              </td>
              <td className="col-main">
                <p className="article-title">
                  <Link to={row.url}>
                    <span dangerouslySetInnerHTML={{ __html: row.titleHtml }} />
                  </Link>
                </p>
                <p className="article-authors">
                  <AuthorLinks authors={row.authors} />
                </p>
                {row.issueText ? <p className="article-issue">{row.issueText}</p> : null}
                {row.snippetHtml ? <p className="article-snippet" dangerouslySetInnerHTML={{ __html: row.snippetHtml }} /> : null}
                <p className="article-links">
                  <Link to={`${row.url}#abstract`} state={{ scrollTo: "abstract" }} className="chip">
                    Abstract
                  </Link>
                  {row.fileUrl ? (
                    <a href={row.fileUrl} className="chip chip-download" download={`${row.refnumber}.pdf`}>
                      Download
                    </a>
                  ) : null}
                  <span className="pages">Pages: {row.pagenumber}</span>
                </p>
                <p className="cite-line">
                  <span className="cite-label">How to cite this article:</span> {row.cite}
                </p>
              </td>
              {showSubject ? (
                <td className="col-subject" data-label="Subject">
                  {row.subject}
                </td>
              ) : null}
              <td className="col-country" data-label="Country">
                {row.country}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
