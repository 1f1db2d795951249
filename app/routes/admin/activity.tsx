import { Form, Link } from "react-router";
import type { Route } from "./+types/activity";
import { readActivityPage } from "../../models/activity.server";
import { requireAdmin } from "../../auth/admin.server";
import { entryViews, RECORD_TYPE_LABELS } from "../../components/admin/history-view";
import { EntryChanges } from "../../components/admin/History";
import { DataTable, TableCard } from "../../components/admin/AdminTable";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { adminPageTitle } from "../../lib/site";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Activity", matches) }];
}

const cursor = (value: string | null) => (value && /^\d{1,12}$/.test(value) ? Number(value) : undefined);

/**
 * The journal's history (ADR 019): who changed what and when — staff edits, corrections,
 * sign-ins and password changes, command-line changes — newest first, a page at a time,
 * filtered by person, by kind of record, or by one record (its History panel links here).
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const params = new URL(args.request.url).searchParams;
  const filter = {
    actor: params.get("actor")?.slice(0, 200) || undefined,
    type: params.get("type")?.slice(0, 32) || undefined,
    id: params.get("id")?.slice(0, 64) || undefined,
  };
  const before = cursor(params.get("before"));
  const after = before === undefined ? cursor(params.get("after")) : undefined;
  const page = await readActivityPage(db, journal.id, { ...filter, before, after });
  const entries = entryViews(page.entries, journal.settings.timezone, page.labels);
  const recordLabel = filter.type && filter.id ? page.labels[`${filter.type}:${filter.id}`] ?? filter.id : null;
  return { entries, older: page.older, newer: page.newer, people: page.people, types: page.types, filter, recordLabel };
}

export const ErrorBoundary = AdminErrorBoundary;

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, older, newer, people, types, filter, recordLabel } = loaderData;
  const href = (extra: Record<string, string | number | undefined>) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries({ ...filter, ...extra })) if (v !== undefined && v !== "") q.set(k, String(v));
    const s = q.toString();
    return `/admin/activity${s ? `?${s}` : ""}`;
  };
  const typeName = (t: string) => RECORD_TYPE_LABELS[t] ?? t;
  return (
    <>
      <PageHeader
        title="Activity"
        sub="Who changed what and when: staff edits and corrections, sign-ins and password changes, and changes made on the command line. Newest first; kept for as long as the journal exists."
      />
      <Form method="get" className="card activity-filters" aria-label="Filter the activity">
        <div className="field">
          <label className="field-label" htmlFor="actor">
            Person
          </label>
          <select id="actor" name="actor" defaultValue={filter.actor ?? ""}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor="type">
            Record
          </label>
          <select id="type" name="type" defaultValue={filter.type ?? ""}>
            <option value="">All records</option>
            {types.map((t) => (
              <option key={t} value={t}>
                {typeName(t)}
              </option>
            ))}
          </select>
        </div>
        {filter.id ? <input type="hidden" name="id" value={filter.id} /> : null}
        <button type="submit" className="btn btn-secondary">
          Show
        </button>
        {filter.actor || filter.type || filter.id ? (
          <Link to="/admin/activity" className="btn btn-ghost">
            Clear filters
          </Link>
        ) : null}
      </Form>
      <TableCard
        title={recordLabel ? `${typeName(filter.type ?? "")} ${recordLabel}` : "All activity"}
        titleId="activity-title"
      >
        {entries.length === 0 ? (
          <p className="empty-state">Nothing recorded{filter.actor || filter.type ? " for this filter" : ""} yet.</p>
        ) : (
          <DataTable className="activity-table" columns={[{ label: "When" }, { label: "Who" }, { label: "What" }, { label: "Changes" }]}>
            {entries.map((e) => (
              <tr key={e.seq}>
                <td className="nowrap">
                  <time dateTime={e.at}>{e.when}</time>
                </td>
                <td>
                  <Link to={href({ actor: e.actor, before: undefined, after: undefined })} className="entry-actor" title={`Only what ${e.actor} did`}>
                    {e.actor}
                  </Link>
                </td>
                <td>{e.href ? <Link to={e.href}>{e.summary}</Link> : e.summary}</td>
                <td>
                  <EntryChanges changes={e.changes} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
        {newer || older ? (
          <nav className="admin-pager" aria-label="Pages of activity">
            <ul>
              <li>
                {newer && entries.length ? (
                  <Link to={href({ after: entries[0].seq, before: undefined })} rel="prev" className="btn btn-small btn-secondary">
                    ← Newer
                  </Link>
                ) : null}
              </li>
              <li>
                {older && entries.length ? (
                  <Link to={href({ before: entries[entries.length - 1].seq, after: undefined })} rel="next" className="btn btn-small btn-secondary">
                    Older →
                  </Link>
                ) : null}
              </li>
            </ul>
          </nav>
        ) : null}
      </TableCard>
    </>
  );
}
