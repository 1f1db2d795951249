import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/editor-add";
import { saveEditor } from "../../models/staff-writes.server";
import { staffActor } from "../../models/history.server";
import { formFields } from "../../schemas/common";
import { EDITOR_MESSAGES, SUCCESS } from "../../schemas/messages";
import { EditorForm, EMPTY_EDITOR } from "../../components/admin/EditorForm";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { flashCookie, requireAdmin, type AdminSession } from "../../auth/admin.server";
import { adminPageTitle } from "../../lib/site";
import { editorPictureUrl } from "../../lib/urls";
import { editorFailure, editorResultFailure, readEditorForm } from "./editor-action.server";
import { formFile } from "../../storage/uploads.server";
import { once } from "./once.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Add editor", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const form = await readEditorForm(args.request);
  if (!(form instanceof FormData)) return form;
  return once(session, form, "editor-add", () => addEditor(session, form));
}

async function addEditor({ db, journal, env, user }: AdminSession, form: FormData) {
  try {
    const result = await saveEditor(env, db, journal.id, staffActor(user), null, formFields(form), formFile(form, "imgFile"));
    if (!result.ok) return editorResultFailure(result);
  } catch (error) {
    console.error("editor create failed", error);
    return editorFailure({}, 500, EDITOR_MESSAGES.notSaved);
  }
  throw redirect("/admin/editors", { headers: { "Set-Cookie": flashCookie({ kind: "success", msg: SUCCESS.editorCreated }, env) } });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AddEditor({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("editor");
  useFlashFrom(actionData);
  return (
    <>
      <PageHeader crumbs={[{ to: "/admin/editors", label: "Editors" }]} title="Add editor" sub="Fields marked * are required." />
      <DraftNotice draft={draft} />
      <EditorForm
        mode="add"
        key={draft.key}
        initial={withDraft(EMPTY_EDITOR, draft.values)}
        picture={editorPictureUrl("")}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
    </>
  );
}
