import { Link } from "react-router";
import type { ChangeView, EntryView } from "./history-view";

/** One entry's field changes: field, before → after. */
export function EntryChanges({ changes }: { changes: ChangeView[] }) {
  if (!changes.length) return null;
  return (
    <dl className="entry-changes">
      {changes.map((c) => (
        <div key={c.field} className="entry-change">
          <dt>{c.label}</dt>
          <dd>
            {c.before !== null ? <del className="value-before">{c.before}</del> : null}
            {c.before !== null && c.after !== null ? <span aria-hidden="true"> → </span> : null}
            {c.before !== null && c.after !== null ? <span className="visually-hidden"> changed to </span> : null}
            {c.after !== null ? <ins className="value-after">{c.after}</ins> : c.before !== null ? <span className="muted"> (removed)</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Who did it and when, as a line. */
export function EntryLine({ entry, linkRecord = false }: { entry: EntryView; linkRecord?: boolean }) {
  return (
    <p className="entry-line">
      <time dateTime={entry.at}>{entry.when}</time>
      <span className="entry-actor">{entry.actor}</span>
      <span className="entry-summary">
        {linkRecord && entry.href ? <Link to={entry.href}>{entry.summary}</Link> : entry.summary}
      </span>
    </p>
  );
}

/**
 * The History panel of a record's page (article, editor, issue, settings): its latest changes,
 * newest first, with a link to all of them on the Activity page.
 */
export function HistoryPanel({ entries, allHref, more }: { entries: EntryView[]; allHref: string; more: boolean }) {
  return (
    <section className="card form-section history-panel" aria-labelledby="history-title">
      <h2 id="history-title" className="section-title">
        History
      </h2>
      {entries.length ? (
        <ol className="history-list">
          {entries.map((e) => (
            <li key={e.seq}>
              <EntryLine entry={e} />
              <EntryChanges changes={e.changes} />
            </li>
          ))}
        </ol>
      ) : (
        <p className="muted">No changes recorded yet.</p>
      )}
      {more || entries.length ? (
        <p className="history-more">
          <Link to={allHref}>{more ? "Older changes in Activity →" : "Open in Activity →"}</Link>
        </p>
      ) : null}
    </section>
  );
}
