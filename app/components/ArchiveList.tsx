import { memo, useEffect, useMemo, useRef, useState, type ReactNode, type SyntheticEvent } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { decodeArchiveIndex, type ArchiveYearBox } from "../lib/archive";
import { issuePath, type IssueRef } from "../lib/urls";

const DRAWER_ID = "archive-drawer";
export const NO_ARCHIVES_TEXT = "No published articles yet. Please come back later.";

/**
 * The 'All Issues' button that opens the archive list as a drawer on narrow screens (hidden on
 * wide ones, where the list is a sidebar). A native popover invoker: it works before (and
 * without) JavaScript. Every page with the archive side list shows one.
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
 * A page with the archive side list: the page's own <main> (children) and the list beside it
 * as a top-level <aside>.
 */
export function ArchiveLayout({ index, current, children }: { index: string; current?: IssueRef; children: ReactNode }) {
  return (
    <div className="with-sidebar archive-layout">
      {children}
      <ArchiveAside index={index} current={current ? issuePath(current) : undefined} />
    </div>
  );
}

/** A link in the list, for clicks, hovers and focus that bubble up to the aside. */
function linkOf(event: SyntheticEvent<HTMLElement>): HTMLAnchorElement | null {
  const a = (event.target as Element | null)?.closest?.("a");
  return a && event.currentTarget.contains(a) ? a : null;
}

/**
 * The archive side list (spec §2): one box per year titled '{year} ISSUES' with its issues
 * newest first. The first two years are always open; older years are <details> that open and
 * close by clicking the title, with or without JavaScript (the year holding the current issue
 * starts open). On narrow screens the whole aside is a drawer (a popover) opened by
 * AllIssuesButton; on wide screens it is a plain sidebar.
 *
 * It costs little per issue: the page data carries the compact index string (see
 * encodeArchiveIndex), decoded once per value, and each issue is a plain <a> in an <li>. Those
 * links navigate client-side through one delegated click handler, and are prefetched on hover
 * or focus like <Link prefetch="intent"> — without a Link's hooks and attributes 300 times over.
 */
const ArchiveAside = memo(function ArchiveAside({ index, current }: { index: string; current?: string }) {
  const navigate = useNavigate();
  const drawer = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const intentTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [prefetch, setPrefetch] = useState<string | null>(null);
  const years = decodeArchiveIndex(index);
  const boxes = useMemo(() => yearBoxes(years, current), [years, current]);
  useEffect(() => () => clearTimeout(intentTimer.current), []);

  const intent = (href: string | null, delay: number) => {
    clearTimeout(intentTimer.current);
    if (href && href !== current) intentTimer.current = setTimeout(() => setPrefetch(href), delay);
  };

  return (
    <aside
      id={DRAWER_ID}
      ref={drawer}
      popover="auto"
      className="sidebar archive-drawer"
      aria-labelledby="archive-list-title"
      onToggle={(event) => {
        if ((event.nativeEvent as ToggleEvent).newState === "open") closeButton.current?.focus();
      }}
      onClick={(event) => {
        const a = linkOf(event);
        if (!a || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) {
          return;
        }
        event.preventDefault();
        const el = drawer.current;
        if (el?.matches(":popover-open")) el.hidePopover();
        navigate(a.getAttribute("href")!);
      }}
      onMouseOver={(event) => intent(linkOf(event)?.getAttribute("href") ?? null, 100)}
      onMouseOut={() => intent(null, 0)}
      onFocus={(event) => intent(linkOf(event)?.getAttribute("href") ?? null, 100)}
      onTouchStart={(event) => intent(linkOf(event)?.getAttribute("href") ?? null, 0)}
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
        {years.length === 0 ? <p className="empty-note">{NO_ARCHIVES_TEXT}</p> : boxes}
      </div>
      {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
    </aside>
  );
});

function yearBoxes(years: ArchiveYearBox[], current: string | undefined): ReactNode[] {
  // Lean markup, no classes: this runs once per issue (see .archive-list in app.css).
  return years.map((y, index) => {
    const title = `${y.year} ISSUES`;
    let holdsCurrent = false;
    const links = (
      <ul>
        {y.issues.map((i) => {
          const active = i.href === current;
          if (active) holdsCurrent = true;
          return (
            <li key={i.href}>
              <a href={i.href} className={active ? "active" : undefined} aria-current={active ? "page" : undefined}>
                {/* The months on one line ('OCT-DEC' broke at its hyphen): moved down whole if they must. */}
                {i.month ? `${i.label} ` : i.label}
                {i.month ? <span>{i.month}</span> : null}
              </a>
            </li>
          );
        })}
      </ul>
    );
    return index < 2 ? (
      <section key={y.year}>
        <h3>{title}</h3>
        {links}
      </section>
    ) : (
      <details key={y.year} open={holdsCurrent || undefined}>
        <summary>
          <h3>{title}</h3>
        </summary>
        {links}
      </details>
    );
  });
}
