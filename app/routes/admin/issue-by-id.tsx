import { data, redirect } from "react-router";
import type { Route } from "./+types/issue-by-id";
import { requireAdmin } from "../../auth/admin.server";
import { getIssueById } from "../../models/issues.server";
import { issueAdminPath } from "../../lib/urls";

/**
 * /admin/issues/{id}: an issue's admin page by its id (the History entries name issues by id,
 * which stays when a correction changes its year, volume or number).
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal } = await requireAdmin(args);
  const id = args.params.id && /^\d{1,12}$/.test(args.params.id) ? Number(args.params.id) : 0;
  const issue = id ? await getIssueById(db, journal.id, id) : undefined;
  if (!issue) throw data("There is no issue with this number in this journal.", { status: 404 });
  throw redirect(issueAdminPath(issue));
}

export default function IssueById() {
  return null;
}
