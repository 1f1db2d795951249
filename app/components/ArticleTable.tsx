import { Link, useNavigate } from "react-router";
import { authorPath } from "../lib/urls";
import { splitAuthors } from "../lib/names";
import { followLink, StaticHtml } from "./StaticHtml";

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
 * An articles table (issue page, search results, author pages), built by the loader with
 * articleTableHtml (./article-table.server.ts) and shown as static HTML: its links navigate
 * client-side through one click handler, like the <Link>s they replace.
 */
export function ArticleTable({ name, html }: { name: string; html: string | null }) {
  const navigate = useNavigate();
  return <StaticHtml name={name} html={html} className="table-wrap" onClick={(event) => followLink(event, navigate)} />;
}
