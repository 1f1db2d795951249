import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/editor-edit";
import { getEditor, type Editor } from "../../models/editors.server";
import { staffActor } from "../../models/history.server";
import { HistoryPanel } from "../../components/admin/History";
import { conflictView, formExpectation, historyPanel, mergedNotice, withoutVersion } from "./records.server";
import { saveEditor } from "../../models/staff-writes.server";
import { formFields } from "../../schemas/common";
import { EDITOR_MESSAGES, NOT_FOUND_MESSAGES, SUCCESS } from "../../schemas/messages";
import { EditorForm, type EditorFormValues } from "../../components/admin/EditorForm";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { flashCookie, requireAdmin, type AdminSession } from "../../auth/admin.server";
import { adminPageTitle } from "../../lib/site";
import { editorPictureUrl } from "../../lib/urls";
import { editorFailure, editorResultFailure, readEditorForm, type EditorActionData } from "./editor-action.server";
import { formFile } from "../../storage/uploads.server";
import { once } from "./once.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(loaderData ? `Edit ${loaderData.values.name}` : "Not Found!", matches) }];
}

/** The editor of this journal with the id in the URL; another journal's id is simply not found. */
async function editorOf(params: { id?: string }, session: AdminSession) {
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : 0;
  const editor = id ? await getEditor(session.db, session.journal.id, id) : undefined;
  if (!editor) throw data(NOT_FOUND_MESSAGES.editor, { status: 404 });
  return editor;
}

/** The edit form's values of an editor as stored. */
function formValues(e: Editor): EditorFormValues {
  return {
    category: e.category,
    post: e.post,
    name: e.name,
    degree: e.degree,
    content: e.content,
    email: e.email,
    phone: e.phone,
    country: e.country,
    editor_website: e.editor_website,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const e = await editorOf(args.params, session);
  const history = await historyPanel(session.db, session.journal.id, "editor", e.id, session.journal.settings.timezone);
  return { id: e.id, values: formValues(e), picture: editorPictureUrl(e.picture), status: e.status, version: e.version, history };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const { db, journal, env, user } = session;
  const existing = await editorOf(args.params, session);
  const form = await readEditorForm(args.request);
  if (!(form instanceof FormData)) return form;
  return once(session, form, `editor-edit-${existing.id}`, async () => {
    // The form has no status field: the editor's stays (omitted fields keep their values).
    let merged;
    try {
      const result = await saveEditor(env, db, journal.id, staffActor(user), existing, withoutVersion(formFields(form)), formFile(form, "imgFile"), formExpectation(form));
      if (!result.ok) {
        if (result.code === "edit_conflict") {
          const now = await getEditor(db, journal.id, existing.id);
          const conflict = now ? conflictView(result, formValues(now), journal.settings.timezone, form) : null;
          return data<EditorActionData>({ ok: false, fields: {}, conflict }, { status: 409 });
        }
        return editorResultFailure(result);
      }
      merged = result.merged;
    } catch (error) {
      console.error("editor update failed", error);
      return editorFailure({}, 500, EDITOR_MESSAGES.changesNotSaved);
    }
    throw redirect("/admin/editors", { headers: { "Set-Cookie": flashCookie(mergedNotice(SUCCESS.editorUpdated, merged), env) } });
  });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function EditEditor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("editor");
  useFlashFrom(actionData);
  // The form answers (FormAnswer) carry no conflict; only a refused save does.
  const answer = actionData as EditorActionData | undefined;
  const conflict = answer && !answer.ok ? (answer.conflict ?? null) : null;
  return (
    <>
      <PageHeader
        crumbs={[{ to: "/admin/editors", label: "Editors" }]}
        title={`Edit ${loaderData.values.name}`}
        sub={loaderData.status === "enabled" ? "Shown on the editorial board." : "Disabled: hidden from the editorial board (switch it on in the list)."}
      />
      <DraftNotice draft={draft} />
      <EditorForm
        key={`${loaderData.id}-${loaderData.version}-${draft.key}`}
        mode="edit"
        // A page the server renders after a refused save (no script yet) starts from what was typed.
        initial={conflict ? { ...conflict.values, ...conflict.typed } : withDraft(loaderData.values, draft.values)}
        stored={conflict?.values ?? loaderData.values}
        version={conflict?.version ?? loaderData.version}
        conflict={conflict}
        picture={loaderData.picture}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
      <HistoryPanel entries={loaderData.history.entries} more={loaderData.history.more} allHref={loaderData.history.allHref} />
    </>
  );
}
