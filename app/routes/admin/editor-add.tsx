import { redirect, useNavigation } from "react-router";
import type { Route } from "./+types/editor-add";
import { createEditorWithPicture } from "../../models/editors.server";
import { formFields } from "../../schemas/common";
import { validateEditor } from "../../schemas/editor";
import { SUCCESS } from "../../schemas/messages";
import { EditorForm, EMPTY_EDITOR } from "../../components/admin/EditorForm";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { flashCookie, requireAdmin, type AdminSession } from "../../auth/admin.server";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { editorPictureUrl } from "../../lib/urls";
import { editorFailure, isPicture, pictureOf, readEditorForm } from "./editor-action.server";
import { once } from "./once.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Add editor · Admin", siteNameFromMatches(matches)) }];
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

async function addEditor({ db, journal, env }: AdminSession, form: FormData) {
  const result = validateEditor(formFields(form));
  if (!result.ok) return editorFailure(result.fields);
  const picture = await pictureOf(form);
  if (picture && !isPicture(picture)) return picture;
  try {
    await createEditorWithPicture(env, db, journal.id, result.value, picture);
  } catch (error) {
    console.error("editor create failed", error);
    return editorFailure({}, 500, "The editor could not be saved. Please try again.");
  }
  throw redirect("/admin/editors", { headers: { "Set-Cookie": flashCookie({ kind: "success", msg: SUCCESS.editorCreated }, env) } });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AddEditor({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useFlashFrom(actionData);
  return (
    <>
      <PageHeader crumbs={[{ to: "/admin/editors", label: "Editors" }]} title="Add editor" sub="Fields marked * are required." />
      <EditorForm
        mode="add"
        initial={EMPTY_EDITOR}
        picture={editorPictureUrl("")}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
    </>
  );
}
