import { Link } from "react-router";
import { pageWindow } from "../../lib/paging";

/**
 * Numbered pages for admin lists that grow for years: Previous, 1 … 4 5 6 … 40, Next, as links (they
 * work before the script loads and can be opened in a new tab). `href(n)` builds page n's URL.
 */
export function AdminPager({ page, pages, href, label }: { page: number; pages: number; href: (page: number) => string; label: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <span className="pager-status">
        Page {page} of {pages}
      </span>
      <ul>
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className="btn btn-small btn-secondary">
              Previous
            </Link>
          ) : null}
        </li>
        {pageWindow(page, pages).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="pager-gap">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span className="pager-page is-current" aria-current="page">
                  {n}
                </span>
              ) : (
                <Link to={href(n)} className="pager-page" aria-label={`Page ${n}`}>
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pages ? (
            <Link to={href(page + 1)} rel="next" className="btn btn-small btn-secondary">
              Next
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
