import { useMemo } from "react";
import { data, Link, useFetcher } from "react-router";
import { readForm } from "../../http/body";
import type { Route } from "./+types/editors";
import { getEditor, listAllEditors } from "../../models/editors.server";
import { pinEditors, setEditorStatus } from "../../models/staff-writes.server";
import { staffActor } from "../../models/history.server";
import { parseEditorId } from "../../schemas/selection";
import { formFailure, formNotice, formSuccess, type FormAnswer } from "./form-answer.server";
import { formExpectation, listConflictFlash } from "./records.server";
import { EDITOR_CATEGORY_OPTIONS } from "../../schemas/editor";
import { ADMIN_UX_MESSAGES, BAD_REQUEST, EDITOR_MESSAGES, FORM_MESSAGES, SUCCESS } from "../../schemas/messages";
import { AddIcon, ButtonIcon, DataTable, EmptyList, RowAction, SelectCell, SelectionToolbar, TableCard } from "../../components/admin/AdminTable";
import { DownloadButton } from "../../components/admin/DownloadButton";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { StatusSwitch } from "../../components/admin/StatusSwitch";
import { useSubmissionToken, withSubmissionToken } from "../../components/admin/SubmitOnce";
import { once } from "./once.server";
import { useSelection } from "../../components/admin/selection";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { htmlToText, INLINE_PROFILE, sanitizeHtml } from "../../lib/html";
import { adminPageTitle } from "../../lib/site";
import { editorAdminPath, editorPictureUrl, STAFF_DOWNLOADS } from "../../lib/urls";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Editors", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const rows = await listAllEditors(db, journal.id);
  return {
    editors: rows.map((e) => ({
      id: e.id,
      name: e.name,
      degree: e.degree,
      category: e.category,
      post: sanitizeHtml(e.post, INLINE_PROFILE),
      status: e.status,
      pinned: e.is_pinned === 1,
      version: e.version,
      picture: editorPictureUrl(e.picture),
      hasPicture: !!e.picture,
    })),
  };
}

/** The list's switch (status) and the bulk Pin / Unpin of spec §4: the API's use-cases. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const read = await readForm(args.request);
  if (!read.ok) return formFailure({}, 400, BAD_REQUEST.text);
  try {
    const form = read.form;
    return await once(session, form, `editors-${String(form.get("intent") ?? "")}`, () => editorsAction(session, form));
  } catch (error) {
    console.error("editors list action failed", error);
    return formFailure({}, 500, FORM_MESSAGES.nothingChanged);
  }
}

async function editorsAction({ db, journal, env, user }: AdminSession, form: FormData) {
  const intent = String(form.get("intent") ?? "");
  const actor = staffActor(user);
  if (intent === "status") {
    const id = parseEditorId(String(form.get("id") ?? ""));
    const existing = id ? await getEditor(db, journal.id, id) : undefined;
    if (!existing) return formFailure({}, 404, EDITOR_MESSAGES.notChangeable);
    // The switch says it changes the status only: a rename meanwhile does not stop it, a
    // colleague's switch of the same editor does (ADR 020).
    const result = await setEditorStatus(env, db, journal.id, actor, existing, String(form.get("status") ?? ""), formExpectation(form));
    if (!result.ok) {
      if (result.conflict) return data<FormAnswer>({ ok: false, fields: {}, flash: listConflictFlash(result.conflict.changes, "this editor") }, { status: result.status });
      return formFailure({}, result.status, result.fields.status ?? EDITOR_MESSAGES.notChangeable);
    }
    return data<FormAnswer>({ ok: true, fields: {} });
  }
  if (intent === "pin" || intent === "unpin") {
    const pinned = intent === "pin";
    // The versions the list was loaded with ("id:version"): a pin someone else changed since is a conflict.
    const versions = new Map<number, number>();
    for (const pair of form.getAll("versions")) {
      const m = /^(\d{1,12}):(\d{1,12})$/.exec(String(pair));
      if (m) versions.set(Number(m[1]), Number(m[2]));
    }
    const result = await pinEditors(db, journal.id, actor, form.getAll("ids").map(String), pinned, versions.size ? versions : undefined);
    if (!result.ok) {
      if ("editors" in result) {
        const names = result.editors.map((e) => htmlToText(e.name)).join(", ");
        return data<FormAnswer>({ ok: false, fields: {}, flash: listConflictFlash(result.editors.flatMap((e) => e.changes), names) }, { status: 409 });
      }
      return result.code === "empty_selection" ? formNotice(result.fields.ids) : formFailure({}, result.status, result.fields.ids);
    }
    const { changed } = result.value;
    if (changed === 0) return formFailure({}, 404, EDITOR_MESSAGES.noneHere);
    return data(formSuccess(SUCCESS.listSorted, EDITOR_MESSAGES.pinned(changed, pinned)));
  }
  return formFailure({}, 400, BAD_REQUEST.text);
}

/** After a refused switch or pin the list reloads, so it shows what the others did. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: { actionStatus?: number; defaultShouldRevalidate: boolean }) {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}

export const ErrorBoundary = AdminErrorBoundary;

const CATEGORY_LABEL: Record<string, string> = Object.fromEntries(EDITOR_CATEGORY_OPTIONS.map((c) => [c.value, c.label]));

function EditorSwitch({ id, name, status, version }: { id: number; name: string; status: string; version: number }) {
  return (
    <StatusSwitch
      fetcherKey={`editor-status-${id}`}
      id={id}
      name={name}
      status={status}
      version={version}
      confirmTitle={ADMIN_UX_MESSAGES.disableEditorTitle(name)}
      confirmBody={ADMIN_UX_MESSAGES.disableEditorBody}
      onTitle="Shown on the editorial board: click to disable"
      offTitle="Hidden from the board: click to enable"
    />
  );
}

export default function Editors({ loaderData }: Route.ComponentProps) {
  const { editors } = loaderData;
  const keys = useMemo(() => editors.map((e) => e.id), [editors]);
  const sel = useSelection(keys);
  const ids = keys.filter((k) => sel.selected.has(k));
  const pinFetcher = useFetcher<typeof action>({ key: "editors-pin" });
  // Spec §4: the list is re-sorted first, then 'List Sorted!' (the fetcher's answer arrives
  // before the reloaded list, so wait for the revalidation to finish).
  useFlashFrom(pinFetcher.state === "idle" ? pinFetcher.data : undefined);
  const pinning = pinFetcher.state !== "idle";
  const token = useSubmissionToken();

  function pin(intent: "pin" | "unpin") {
    const form = new FormData();
    form.set("intent", intent);
    for (const id of ids) {
      form.append("ids", String(id));
      form.append("versions", `${id}:${editors.find((e) => e.id === id)?.version ?? 0}`);
    }
    pinFetcher.submit(withSubmissionToken(form, token), { method: "post" });
  }

  const enabledCount = editors.filter((e) => e.status === "enabled").length;
  return (
    <>
      <PageHeader
        title="Editors"
        sub={`${editors.length} on file · ${enabledCount} shown on the editorial board · pinned editors are listed first.`}
        actions={
          <Link to="/admin/editors/add" className="btn btn-primary">
            <AddIcon />
            Add editor
          </Link>
        }
      />
      <TableCard
        title="Editorial board"
        titleId="editors-title"
        toolbar={
          <SelectionToolbar count={sel.count} hint="Select editors to pin, unpin or download certificates">
            <button type="button" className="btn btn-secondary" disabled={!ids.length || pinning} onClick={() => pin("pin")}>
              <ButtonIcon d="M16 3v2h-1v6l2 3v2h-4v6h-2v-6H7v-2l2-3V5H8V3z" />
              Pin
            </button>
            <button type="button" className="btn btn-secondary" disabled={!ids.length || pinning} onClick={() => pin("unpin")}>
              Unpin
            </button>
            <DownloadButton
              url={STAFF_DOWNLOADS.editorsCertificate.path}
              body={{ ids }}
              filename={STAFF_DOWNLOADS.editorsCertificate.filename}
              label="Certificates"
              count={ids.length}
              noun="editor"
            />
          </SelectionToolbar>
        }
      >
        {editors.length === 0 ? (
          <EmptyList text="No editors yet." to="/admin/editors/add" action="Add the first editor" />
        ) : (
          <DataTable
            className="editors-table"
            stacked
            select={{ selection: sel, noun: "editors" }}
            columns={[{ label: "Picture", hidden: true }, { label: "Name" }, { label: "Category" }, { label: "Post" }, { label: "Status" }, { label: "Edit", hidden: true }]}
          >
            {editors.map((e) => {
              const checked = sel.selected.has(e.id);
              return (
                <tr key={e.id} className={`${checked ? "is-selected" : ""}${e.status === "disabled" ? " is-muted" : ""}`}>
                  <SelectCell checked={checked} onToggle={() => sel.toggle(e.id)} label={`Select ${e.name}`} />
                  <td className="pic">
                    <img src={e.picture} alt="" width={40} height={40} loading="lazy" className={e.hasPicture ? "" : "is-default"} />
                  </td>
                  <td className="name-cell">
                    <span className="a-editor-name">{e.name}</span>
                    {e.pinned ? (
                      <span className="tag tag-pinned" title="Pinned: listed first">
                        Pinned
                      </span>
                    ) : null}
                    {e.degree ? <span className="a-editor-degree">{e.degree}</span> : null}
                  </td>
                  <td data-label="Category">{CATEGORY_LABEL[e.category] ?? e.category}</td>
                  <td data-label="Post" dangerouslySetInnerHTML={{ __html: e.post }} />
                  <td>
                    <EditorSwitch id={e.id} name={e.name} status={e.status} version={e.version} />
                  </td>
                  <RowAction to={editorAdminPath(e.id)} label={`Edit ${e.name}`}>
                    EDIT
                  </RowAction>
                </tr>
              );
            })}
          </DataTable>
        )}
      </TableCard>
    </>
  );
}
