import { useNavigation } from "react-router";
import type { Route } from "./+types/partner-edit";
import { requireAdmin } from "../../auth/admin.server";
import { useFlashFrom } from "../../components/admin/Flash";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { PageHeader } from "../../components/admin/PageHeader";
import { PartnerForm } from "../../components/admin/PartnerForm";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { indexingImageUrl } from "../../lib/urls";
import { partnerFormAction, partnerOf } from "./partner-action.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: pageTitle(loaderData ? `Edit ${loaderData.title} · Admin` : "Not Found! · Admin", siteNameFromMatches(matches)) }];
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const p = await partnerOf(args.params, session);
  return { id: p.id, title: p.title, link: p.link, status: p.status, logo: p.image ? indexingImageUrl(p.image) : "", updated: `${p.title}|${p.link}|${p.status}|${p.image}` };
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
  return (
    <>
      <PageHeader crumbs={[{ to: "/admin/indexing", label: "Indexing" }]} title={`Edit ${loaderData.title}`} />
      <PartnerForm
        key={loaderData.updated}
        mode="edit"
        initial={{ title: loaderData.title, link: loaderData.link, status: loaderData.status }}
        logo={loaderData.logo}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={navigation.state === "submitting"}
      />
    </>
  );
}
