import { useNavigation } from "react-router";
import type { Route } from "./+types/partner-edit";
import { requireAdmin } from "../../auth/admin.server";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { PartnerForm } from "../../components/admin/PartnerForm";
import { adminPageTitle } from "../../lib/site";
import { indexingImageUrl } from "../../lib/urls";
import { HistoryPanel } from "../../components/admin/History";
import { partnerFormAction, partnerFormValues, partnerOf, type PartnerActionData } from "./partner-action.server";
import { historyPanel } from "./records.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(loaderData ? `Edit ${loaderData.values.title}` : "Not Found!", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const p = await partnerOf(args.params, session);
  const history = await historyPanel(session.db, session.journal.id, "partner", p.id, session.journal.settings.timezone);
  return { id: p.id, values: partnerFormValues(p), logo: p.image ? indexingImageUrl(p.image) : "", version: p.version, history };
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const existing = await partnerOf(args.params, session);
  return partnerFormAction(session, args.request, existing);
}

export const ErrorBoundary = AdminErrorBoundary;

export default function EditPartner({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useFlashFrom(actionData);
  // The form answers (FormAnswer) carry no conflict; only a refused save does.
  const answer = actionData as PartnerActionData | undefined;
  const conflict = answer && !answer.ok ? (answer.conflict ?? null) : null;
  return (
    <>
      <PageHeader crumbs={[{ to: "/admin/indexing", label: "Indexing" }]} title={`Edit ${loaderData.values.title}`} />
      <PartnerForm
        key={`${loaderData.id}-${loaderData.version}-${loaderData.logo}`}
        mode="edit"
        // A page the server renders after a refused save (no script yet) starts from what was typed.
        initial={conflict ? { ...conflict.values, ...conflict.typed } : loaderData.values}
        stored={conflict?.values ?? loaderData.values}
        version={conflict?.version ?? loaderData.version}
        conflict={conflict}
        logo={loaderData.logo}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
      <HistoryPanel entries={loaderData.history.entries} more={loaderData.history.more} allHref={loaderData.history.allHref} />
    </>
  );
}
