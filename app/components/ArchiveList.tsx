import { memo, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { escapeHtml } from "../lib/escape-html";
import { PrefetchPageLinks, useNavigate } from "react-router";
import { decodeArchiveIndex, type ArchiveYearBox } from "../lib/archive";
import { issuePath, type IssueRef } from "../lib/urls";
import { followLink, linkOf, StaticHtml } from "./StaticHtml";

const DRAWER_ID = "archive-drawer";
/** The year boxes' name among a page's static HTML (components/StaticHtml.tsx). */
export const ARCHIVE_FRAGMENT = "archive";
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
 * as a top-level <aside>. `index` is the loader's archiveIndex (./archive-list.server.ts): the
 * compact index on a client-side navigation, null when the page came with the list written in.
 */
export function ArchiveLayout({ index, current, children }: { index: string | null; current?: IssueRef; children: ReactNode }) {
  return (
    <div className="with-sidebar archive-layout">
      {children}
      <ArchiveAside index={index} current={current ? issuePath(current) : undefined} />
    </div>
  );
}

/**
 * The archive side list (spec §2): one box per year titled '{year} ISSUES' with its issues
 * newest first. The first two years are always open; older years are <details> that open and
 * close by clicking the title, with or without JavaScript (the year holding the current issue
 * starts open). On narrow screens the whole aside is a drawer (a popover) opened by
 * AllIssuesButton; on wide screens it is a plain sidebar.
 *
 * It costs little per issue: the boxes are one HTML string (yearBoxesHtml) with each issue a
 * plain <a> in an <li>, written into the page once (static HTML: not repeated in its data) and,
 * on a client-side navigation, made in the browser from the compact index in the loader data
 * (see encodeArchiveIndex). The links navigate client-side through one delegated click
 * handler, and are prefetched on hover or focus like <Link prefetch="intent"> — without a
 * Link's hooks and attributes, or a React element, 300 times over.
 */
const ArchiveAside = memo(function ArchiveAside({ index, current }: { index: string | null; current?: string }) {
  const navigate = useNavigate();
  const drawer = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const intentTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [prefetch, setPrefetch] = useState<string | null>(null);
  const boxes = useMemo(() => (index === null ? null : yearBoxesHtml(decodeArchiveIndex(index), current)), [index, current]);
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
        if (!followLink(event, navigate)) return;
        const el = drawer.current;
        if (el?.matches(":popover-open")) el.hidePopover();
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
        <StaticHtml name={ARCHIVE_FRAGMENT} html={boxes} />
      </div>
      {prefetch ? <PrefetchPageLinks page={prefetch} /> : null}
    </aside>
  );
});

/**
 * The year boxes as HTML: the server writes them as one string and the browser takes them as
 * they are (no element per issue to render or hydrate); the same function renders them in the
 * browser when a client-side navigation changes the current issue. Lean markup, no classes:
 * this runs once per issue (see .archive-list in app.css). The `</li>` end tags, which HTML
 * lets a list leave out, are left out (300 of them in 25 years of monthly issues).
 */
export function yearBoxesHtml(years: ArchiveYearBox[], current: string | undefined): string {
  if (years.length === 0) return `<p class="empty-note">${NO_ARCHIVES_TEXT}</p>`;
  let html = "";
  years.forEach((y, index) => {
    let holdsCurrent = false;
    let links = "";
    for (const i of y.issues) {
      const active = i.href === current;
      if (active) holdsCurrent = true;
      // The months on one line ('OCT-DEC' broke at its hyphen): moved down whole if they must.
      const label = i.month ? `${escapeHtml(i.label)} <span>${escapeHtml(i.month)}</span>` : escapeHtml(i.label);
      links += `<li><a href="${escapeHtml(i.href)}"${active ? ' class="active" aria-current="page"' : ""}>${label}</a>`;
    }
    const title = `<h3>${y.year} ISSUES</h3>`;
    html += index < 2 ? `<section>${title}<ul>${links}</ul></section>` : `<details${holdsCurrent ? ' open=""' : ""}><summary>${title}</summary><ul>${links}</ul></details>`;
  });
  return html;
}
