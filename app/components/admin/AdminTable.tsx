/**
 * The admin's list tables (archives, an issue's articles, editors, search): the card they sit
 * in with its toolbar, the table with its header row, the selection checkboxes and the cells
 * every list repeats (status, count, the row's Open/EDIT button). One markup for all of them, so
 * classes, ARIA labels and texts stay the same from list to list; the pager is AdminPager.tsx.
 */
import type { ReactNode, RefObject } from "react";
import { Link } from "react-router";
import { three } from "./format";

/**
 * `<section class="card table-card">`, named by its visible title (`title` + `titleId`) or, when
 * it has none, by `label`; the toolbar holds the title and whatever `toolbar` adds.
 */
export function TableCard({
  title,
  titleId,
  label,
  toolbar,
  children,
}: {
  title?: ReactNode;
  titleId?: string;
  label?: string;
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card table-card" aria-labelledby={title ? titleId : undefined} aria-label={title ? undefined : label}>
      {title ? (
        <div className="table-toolbar">
          <h2 id={titleId} className="table-title">
            {title}
          </h2>
          {toolbar}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** The live note beside a selectable table's buttons: 'N selected', or what selecting is for. */
function SelectionNote({ count, hint }: { count: number; hint: string }) {
  return (
    <p className="selection-note" aria-live="polite">
      {count ? `${count} selected` : hint}
    </p>
  );
}

/** A selectable table's toolbar: the selection note, then the buttons that act on the selection. */
export function SelectionToolbar({ count, hint, children }: { count: number; hint: string; children: ReactNode }) {
  return (
    <>
      <SelectionNote count={count} hint={hint} />
      <div className="toolbar-actions">{children}</div>
    </>
  );
}

/** A header cell: `hidden` labels are for screen readers only (a column of buttons or pictures). */
interface Column {
  label: string;
  className?: string;
  title?: string;
  hidden?: boolean;
}

/** What the select-all box needs of useSelection() (selection.ts). */
interface SelectAll {
  allRef: RefObject<HTMLInputElement | null>;
  all: boolean;
  toggleAll: () => void;
}

/**
 * `<div class="table-scroll"><table class="data-table …">` with one header row; with `select`,
 * the first column is the select-all box ('Select all {noun}' / 'Deselect all {noun}').
 * `stacked`: on phones each row becomes a card — selection box, the row's title (`.title-cell`
 * or `.name-cell`) with its EDIT/Open button beside it, then the other cells labelled by their
 * `data-label` — so nothing needs sideways scrolling (admin.css).
 */
export function DataTable({
  className,
  columns,
  select,
  stacked = false,
  children,
}: {
  className?: string;
  columns: Column[];
  select?: { selection: SelectAll; noun: string };
  stacked?: boolean;
  children: ReactNode;
}) {
  const classes = ["data-table", className, stacked ? "stacked" : ""].filter(Boolean).join(" ");
  return (
    <div className="table-scroll">
      <table className={classes}>
        <thead>
          <tr>
            {select ? (
              <th scope="col" className="check">
                <input
                  ref={select.selection.allRef}
                  type="checkbox"
                  checked={select.selection.all}
                  onChange={select.selection.toggleAll}
                  aria-label={select.selection.all ? `Deselect all ${select.noun}` : `Select all ${select.noun}`}
                />
              </th>
            ) : null}
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.className} title={c.title}>
                {c.hidden ? <span className="visually-hidden">{c.label}</span> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A row's selection box; `name`/`value` when the ticked rows are also read as form data. */
export function SelectCell({ checked, onToggle, label, name, value }: { checked: boolean; onToggle: () => void; label: string; name?: string; value?: string }) {
  return (
    <td className="check">
      <input type="checkbox" checked={checked} onChange={onToggle} aria-label={label} value={value} name={name} />
    </td>
  );
}

/** 'Enabled' / 'Disabled', coloured by status. */
export function StatusBadge({ status }: { status: "enabled" | "disabled" | "trashed" }) {
  return <span className={`status status-${status}`}>{status === "enabled" ? "Enabled" : status === "trashed" ? "In the trash" : "Disabled"}</span>;
}

/** An issue's article count, three digits, greyed when zero; `label` names it on a phone's stacked row. */
export function CountCell({ count, label }: { count: number; label?: string }) {
  return (
    <td className="num" data-label={label}>
      <span className={`count-pill${count ? "" : " is-zero"}`}>{three(count)}</span>
    </td>
  );
}

/** The row's last cell: its Open or EDIT button, named for screen readers by `label`. */
export function RowAction({ to, label, className, children }: { to: string; label: string; className?: string; children: ReactNode }) {
  return (
    <td className="row-action">
      <Link to={to} className={className ? `btn btn-small btn-ghost ${className}` : "btn btn-small btn-ghost"} aria-label={label}>
        {children}
      </Link>
    </td>
  );
}

/** The Open button of an issue row (archives, search). */
export function OpenIssueAction({ to, issue }: { to: string; issue: { year: number; volume: number; issue: number } }) {
  return (
    <RowAction to={to} label={`Open volume ${issue.volume}, issue ${issue.issue} (${issue.year})`}>
      Open
    </RowAction>
  );
}

/** An empty list: what is missing and the button that adds the first one. */
export function EmptyList({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <div className="empty-state">
      <p>{text}</p>
      <Link to={to} className="btn btn-primary">
        {action}
      </Link>
    </div>
  );
}

/** A toolbar button's 16 px icon: one path in a 24-unit square, drawn in the text colour. */
export function ButtonIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path fill="currentColor" d={d} />
    </svg>
  );
}

/** The '+' of the page headers' Add buttons. */
export function AddIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <path fill="currentColor" d="M9 3h2v6h6v2h-6v6H9v-6H3V9h6z" />
    </svg>
  );
}
