import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "../../components/admin/NotFound";
import { requireAdmin } from "../../auth/admin.server";
import { adminPageTitle } from "../../lib/site";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Not Found!", matches) }];
}

/** /admin/not-found and every admin path no route claims (spec §2), behind the session check. */
export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return data(null, { status: 404 });
}

export default function AdminNotFound() {
  return <NotFound />;
}
