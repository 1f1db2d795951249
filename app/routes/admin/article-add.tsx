import { useEffect, useState } from "react";
import { data, useNavigation } from "react-router";
import { NOT_FOUND_MESSAGES } from "../../schemas/messages";
import type { Route } from "./+types/article-add";
import { lastPageOfIssue } from "../../models/articles.server";
import { staffActor } from "../../models/history.server";
import { addArticle } from "../../models/staff-writes.server";
import { findIssue } from "../../models/issues.server";
import { formFields } from "../../schemas/common";
import { AnnouncementDialog, type Announcement } from "../../components/admin/AnnouncementDialog";
import { ArticleForm, emptyArticleValues } from "../../components/admin/ArticleForm";
import { useFlashFrom } from "../../components/admin/Flash";
import { issueLabel } from "../../components/admin/format";
import { volumeIssueLabel } from "../../lib/archive";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { requireAdmin } from "../../auth/admin.server";
import { formFile } from "../../storage/uploads.server";
import { journalToday } from "../../lib/dates";
import { adminPageTitle } from "../../lib/site";
import { announcementFor, articleResultFailure, articleWriteFailure, readArticleForm, type ArticleActionData } from "./article-action.server";
import { once } from "./once.server";
import { issueAdminPath, parseIssueParams } from "../../lib/urls";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle("Add article", matches) }];
}

async function issueOf(args: Route.LoaderArgs | Route.ActionArgs, session: Awaited<ReturnType<typeof requireAdmin>>) {
  const ref = parseIssueParams(args.params, { plain: true });
  const issue = ref ? await findIssue(session.db, session.journal.id, ref.year, ref.volume, ref.issue) : undefined;
  if (!issue) throw data(NOT_FOUND_MESSAGES.issueToAddTo, { status: 404 });
  return issue;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const issue = await issueOf(args, session);
  return {
    issue: { year: issue.year, volume: issue.volume, issue: issue.issue, frequency: issue.frequency },
    lastPage: await lastPageOfIssue(session.db, session.journal.id, issue.id),
    // Spec §9: the default publish date is today — the journal's today, not UTC's.
    today: journalToday(session.journal.settings.timezone),
    journalLicense: session.journal.settings.license_url,
  };
}

/** Add article (spec §5 rules, §8 error texts), PDF and row written all or nothing. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const { db, journal, env, user } = session;
  const issue = await issueOf(args, session);
  const form = await readArticleForm(args.request);
  if (!(form instanceof FormData)) return form;
  return once(session, form, "article-add", async () => {
    try {
      const result = await addArticle(env, db, journal.id, staffActor(user), issue, formFields(form), formFile(form, "pdfFile"));
      if (!result.ok) return articleResultFailure(result);
      return data<ArticleActionData>({ ok: true, fields: {}, announcement: announcementFor("published", result.value, journal) });
    } catch (error) {
      return articleWriteFailure(error);
    }
  });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function AddArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { issue, lastPage, today, journalLicense } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("article");
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  // Bumped by each successful add: an empty form for the next article. Only then — a failed
  // save keeps everything typed, even if a colleague's article moved the issue's last page.
  const [added, setAdded] = useState(0);
  // The empty form comes in the same commit as the answer (not in an effect), so nothing asks
  // "leave without saving?" about what was just published.
  const [seen, setSeen] = useState(actionData);
  if (actionData !== seen) {
    setSeen(actionData);
    if (actionData?.ok && actionData.announcement) setAdded((n) => n + 1);
  }
  useFlashFrom(actionData);
  useEffect(() => {
    if (actionData?.ok && actionData.announcement) {
      setAnnouncement(actionData.announcement);
      window.scrollTo({ top: 0 });
    }
  }, [actionData]);
  const back = issueAdminPath(issue);
  return (
    <>
      <PageHeader
        crumbs={[
          { to: "/admin/archives", label: "Archives" },
          { to: back, label: issueLabel(issue) },
        ]}
        title="Add article"
        sub={`${volumeIssueLabel(issue, { long: true })} (${issue.year})${issue.frequency ? ` · ${issue.frequency}` : ""}. Fields marked * are required.`}
      />
      <DraftNotice draft={draft} />
      <ArticleForm
        key={`${added}-${draft.key}`}
        mode="add"
        initial={withDraft(emptyArticleValues(today), draft.values)}
        lastPage={lastPage}
        journalLicense={journalLicense}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={busy}
        cancelTo={back}
      />
      <AnnouncementDialog announcement={announcement} onClose={() => setAnnouncement(null)} addAnotherLabel="Add another article" />
    </>
  );
}
