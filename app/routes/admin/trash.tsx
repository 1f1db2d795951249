import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/trash";
import { listTrash } from "../../models/article-corrections.server";
import { restoreArticleUseCase } from "../../models/staff-writes.server";
import { staffActor } from "../../models/history.server";
import { readForm } from "../../http/body";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { DataTable, EmptyList, TableCard } from "../../components/admin/AdminTable";
import { useFlashFrom } from "../../components/admin/Flash";
import { flash } from "../../components/admin/flash";
import { issueLabel, shortDate } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { SubmissionField, useSubmitOnce } from "../../components/admin/SubmitOnce";
import { VersionFields } from "../../components/admin/Conflict";
import { htmlToText } from "../../lib/html";
import { articleAdminPath } from "../../lib/urls";
import { adminPageTitle } from "../../lib/site";
import { BAD_REQUEST, RECORD_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { once } from "./once.server";
import { formExpectation } from "./records.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Trash", matches) }];
}

/** Articles in the trash (ADR 021): restorable until they are deleted for good, 30 days after. */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const rows = await listTrash(db, journal.id);
  return {
    articles: rows.map((r) => ({
      id: r.id,
      refnumber: r.refnumber,
      title: htmlToText(r.title),
      issue: issueLabel(r),
      trashedAt: shortDate(r.trashedAt),
      purgeAt: shortDate(r.purgeAt),
      by: r.modifiedby,
      version: r.version,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return data({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, BAD_REQUEST.text) }, { status: 400 });
  const form = read.form;
  return once(session, form, "trash-restore", () => restore(session, form));
}

async function restore({ db, journal, user }: AdminSession, form: FormData) {
  const id = Number(form.get("id"));
  if (!Number.isSafeInteger(id) || id <= 0) return data({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG) }, { status: 400 });
  const result = await restoreArticleUseCase(db, journal.id, staffActor(user), id, formExpectation(form));
  if (!result.ok) {
    const detail = result.message ?? (result.code === "edit_conflict" ? RECORD_MESSAGES.staleRecord : SOMETHING_WENT_WRONG);
    return data({ ok: false, flash: flash("error", SOMETHING_WENT_WRONG, detail) }, { status: result.status });
  }
  return data({ ok: true, flash: flash("success", RECORD_MESSAGES.articleRestored, `Article ${result.value.refnumber} is back in its issue.`) });
}

export const ErrorBoundary = AdminErrorBoundary;

/** One row's Restore, on the page's fetcher (its answer is shown after the row has gone). */
function RestoreButton({ id, version, refnumber, fetcher }: { id: number; version: number; refnumber: string; fetcher: ReturnType<typeof useFetcher<typeof action>> }) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("id") === String(id);
  const guard = useSubmitOnce(busy);
  return (
    <fetcher.Form method="post" onSubmit={guard}>
      <SubmissionField />
      <input type="hidden" name="id" value={id} />
      <VersionFields version={version} changed={["status"]} />
      <button type="submit" className="btn btn-small btn-secondary" disabled={busy} aria-label={`Restore article ${refnumber}`}>
        {busy ? "Restoring…" : "Restore"}
      </button>
    </fetcher.Form>
  );
}

export default function Trash({ loaderData }: Route.ComponentProps) {
  const { articles } = loaderData;
  const fetcher = useFetcher<typeof action>({ key: "trash-restore" });
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  return (
    <>
      <PageHeader
        crumbs={[{ to: "/admin/archives", label: "Archives" }]}
        title="Trash"
        sub="Articles moved to the trash are off the site and every list. Restore one within 30 days; after that it is deleted for good, with its PDF."
      />
      <TableCard title="Articles in the trash" titleId="trash-title">
        {articles.length === 0 ? (
          <EmptyList text="The trash is empty." to="/admin/archives" action="Back to the archives" />
        ) : (
          <DataTable
            className="trash-table"
            columns={[{ label: "Ref No." }, { label: "Title" }, { label: "Issue" }, { label: "Moved to the trash" }, { label: "Deleted for good on" }, { label: "Restore", hidden: true }]}
          >
            {articles.map((a) => (
              <tr key={a.id}>
                <td className="mono">
                  <Link to={articleAdminPath(a.id)}>{a.refnumber}</Link>
                </td>
                <td className="title-cell">{a.title}</td>
                <td>{a.issue}</td>
                <td>
                  {a.trashedAt}
                  {a.by ? <span className="muted small"> by {a.by}</span> : null}
                </td>
                <td>{a.purgeAt}</td>
                <td>
                  <RestoreButton id={a.id} version={a.version} refnumber={a.refnumber} fetcher={fetcher} />
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </TableCard>
    </>
  );
}
