import type { ReactNode } from "react";
import { Link } from "react-router";

/** Title row of an admin page: breadcrumbs, heading, and the page's main actions. */
export function PageHeader({
  title,
  crumbs = [],
  actions,
  sub,
}: {
  title: ReactNode;
  crumbs?: { to: string; label: string }[];
  actions?: ReactNode;
  sub?: ReactNode;
}) {
  return (
    <div className="page-header">
      <div className="page-header-text">
        {crumbs.length ? (
          <nav aria-label="Breadcrumb" className="crumbs">
            <ol>
              {crumbs.map((c) => (
                <li key={c.to}>
                  <Link to={c.to}>{c.label}</Link>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        <h1>{title}</h1>
        {sub ? <p className="page-sub">{sub}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </div>
  );
}
