import { useNavigation } from "react-router";
import type { Route } from "./+types/partner-add";
import { requireAdmin } from "../../auth/admin.server";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { PartnerForm } from "../../components/admin/PartnerForm";
import { adminPageTitle } from "../../lib/site";
import { partnerFormAction } from "./partner-action.server";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Add indexing partner", matches) }];
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return null;
}

export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  return partnerFormAction(session, args.request, null);
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AddPartner({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  useFlashFrom(actionData);
  return (
    <>
      <PageHeader crumbs={[{ to: "/admin/indexing", label: "Indexing" }]} title="Add indexing partner" sub="It is added at the end of the list; move it on the list." />
      <PartnerForm
        mode="add"
        initial={{ title: "", link: "", status: "enabled" }}
        logo=""
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
    </>
  );
}
