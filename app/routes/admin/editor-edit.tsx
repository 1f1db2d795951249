import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/editor-edit";
import { getEditor } from "../../models/editors.server";
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
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { editorPictureUrl } from "../../lib/urls";
import { editorFailure, editorResultFailure, readEditorForm } from "./editor-action.server";
import { formFile } from "../../storage/uploads.server";
import { once } from "./once.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  return [{ title: pageTitle(loaderData ? `Edit ${loaderData.values.name} · Admin` : "Not Found! · Admin", site) }];
}

/** The editor of this journal with the id in the URL; another journal's id is simply not found. */
async function editorOf(params: { id?: string }, session: AdminSession) {
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : 0;
  const editor = id ? await getEditor(session.db, session.journal.id, id) : undefined;
  if (!editor) throw data(NOT_FOUND_MESSAGES.editor, { status: 404 });
  return editor;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const e = await editorOf(args.params, session);
  const values: EditorFormValues = {
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
  return { id: e.id, values, picture: editorPictureUrl(e.picture), status: e.status };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const { db, journal, env } = session;
  const existing = await editorOf(args.params, session);
  const form = await readEditorForm(args.request);
  if (!(form instanceof FormData)) return form;
  return once(session, form, `editor-edit-${existing.id}`, async () => {
    // The form has no status field: the editor's stays (omitted fields keep their values).
    try {
      const result = await saveEditor(env, db, journal.id, existing, formFields(form), formFile(form, "imgFile"));
      if (!result.ok) return editorResultFailure(result);
    } catch (error) {
      console.error("editor update failed", error);
      return editorFailure({}, 500, EDITOR_MESSAGES.changesNotSaved);
    }
    throw redirect("/admin/editors", { headers: { "Set-Cookie": flashCookie({ kind: "success", msg: SUCCESS.editorUpdated }, env) } });
  });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function EditEditor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("editor");
  useFlashFrom(actionData);
  return (
    <>
      <PageHeader
        crumbs={[{ to: "/admin/editors", label: "Editors" }]}
        title={`Edit ${loaderData.values.name}`}
        sub={loaderData.status === "enabled" ? "Shown on the editorial board." : "Disabled: hidden from the editorial board (switch it on in the list)."}
      />
      <DraftNotice draft={draft} />
      <EditorForm
        key={`${loaderData.id}-${draft.key}`}
        mode="edit"
        initial={withDraft(loaderData.values, draft.values)}
        picture={loaderData.picture}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
    </>
  );
}
