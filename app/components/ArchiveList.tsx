import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";
import { issueLinkLabel, issuePath, type IssueRef } from "../utils/archive-paths";

export interface ArchiveYear {
  year: number;
  issues: { year: number; volume: number; issue: number; frequency: string }[];
}

const DRAWER_ID = "archive-drawer";
export const NO_ARCHIVES_TEXT = "No published articles yet. Please come back later.";

/**
 * The 'All Issues' button that opens the archive list as a drawer on narrow screens. It is a
 * native popover invoker, so it works before (and without) JavaScript.
 */
export function AllIssuesButton() {
  return (
    <button type="button" className="all-issues-button" popoverTarget={DRAWER_ID} aria-controls={DRAWER_ID}>
      <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
        <path fill="currentColor" d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
      </svg>
      All Issues
    </button>
  );
}

/**
 * The archive side list (spec §2): one box per year titled '{year} ISSUES' with its issues
 * newest first. The first two years are always open; older years are <details> that open and
 * close by clicking the title, with or without JavaScript. On narrow screens the whole list is
 * a drawer (a popover) opened by AllIssuesButton; on wide screens it is a plain sidebar.
 */
export function ArchiveList({ years, current }: { years: ArchiveYear[]; current?: IssueRef }) {
  const drawer = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  // Picking an issue in the drawer navigates client-side: close the drawer afterwards.
  useEffect(() => {
    const el = drawer.current;
    if (el && typeof el.hidePopover === "function" && el.matches(":popover-open")) el.hidePopover();
  }, [pathname]);

  return (
    <div
      id={DRAWER_ID}
      ref={drawer}
      popover="auto"
      className="archive-drawer"
      aria-labelledby="archive-list-title"
      role="region"
      onToggle={(event) => {
        if ((event.nativeEvent as ToggleEvent).newState === "open") closeButton.current?.focus();
      }}
    >
      <div className="archive-list side-card">
        <div className="archive-list-head">
          <h2 id="archive-list-title">Archives</h2>
          <button
            ref={closeButton}
            type="button"
            className="drawer-close"
            popoverTarget={DRAWER_ID}
            popoverTargetAction="hide"
            aria-label="Close the list of issues"
          >
            ×
          </button>
        </div>
        {years.length === 0 ? (
          <p className="empty-note">{NO_ARCHIVES_TEXT}</p>
        ) : (
          years.map((y, index) =>
            index < 2 ? (
              <section className="year-box" key={y.year} aria-labelledby={`year-${y.year}`}>
                <h3 className="year-title" id={`year-${y.year}`}>
                  {y.year} ISSUES
                </h3>
                <IssueLinks year={y} current={current} />
              </section>
            ) : (
              <details className="year-box" key={y.year}>
                <summary className="year-title">
                  <h3>{y.year} ISSUES</h3>
                </summary>
                <IssueLinks year={y} current={current} />
              </details>
            ),
          )
        )}
      </div>
    </div>
  );
}

function IssueLinks({ year, current }: { year: ArchiveYear; current?: IssueRef }) {
  return (
    <ul className="issue-links">
      {year.issues.map((i) => {
        // The issue page answers two URL shapes, so compare numbers rather than paths.
        const active = current && current.year === i.year && current.volume === i.volume && current.issue === i.issue;
        return (
          <li key={`${i.volume}-${i.issue}`}>
            <Link to={issuePath(i)} prefetch="intent" className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
              {issueLinkLabel(i)}
              {i.frequency ? <span className="issue-month"> {i.frequency.toUpperCase()}</span> : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
