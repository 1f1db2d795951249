import { useEffect, useState } from "react";
import { data, useNavigation } from "react-router";
import { NOT_FOUND_MESSAGES } from "../../schemas/messages";
import type { Route } from "./+types/article-edit";
import { getArticleById } from "../../models/articles.server";
import { readArticleEditExtras } from "../../models/pages.server";
import { updateArticle } from "../../models/staff-writes.server";
import { formFields } from "../../schemas/common";
import { AnnouncementDialog, type Announcement } from "../../components/admin/AnnouncementDialog";
import { articlePath, issueAdminPath, staffPdfPath } from "../../lib/urls";
import { ArticleForm, editFrequency, type ArticleFormValues } from "../../components/admin/ArticleForm";
import { useFlashFrom } from "../../components/admin/Flash";
import { issueLabel } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { requireAdmin, type AdminSession } from "../../auth/admin.server";
import { formFile } from "../../storage/uploads.server";
import { htmlToText } from "../../lib/html";
import { authorsOf, serialiseAuthors } from "../../lib/authors";
import { pageTitle, siteNameFromMatches } from "../../lib/site";
import { announcementFor, articleResultFailure, articleWriteFailure, readArticleForm, type ArticleActionData } from "./article-action.server";
import { once } from "./once.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteNameFromMatches(matches);
  return [{ title: pageTitle(loaderData ? `Edit article ${loaderData.article.refnumber} · Admin` : "Not Found! · Admin", site) }];
}

/** The article of this journal with the id in the URL; another journal's id is simply not found. */
async function articleOf(params: { id?: string }, session: AdminSession) {
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : 0;
  const article = id ? await getArticleById(session.db, session.journal.id, id) : undefined;
  if (!article) throw data(NOT_FOUND_MESSAGES.article, { status: 404 });
  return article;
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const a = await articleOf(args.params, session);
  const { issueFrequency, counts } = await readArticleEditExtras(session.db, session.journal.id, a);
  const values: ArticleFormValues = {
    refnumber: a.refnumber,
    txnid: a.txnid,
    ptype: a.ptype,
    publishdate: a.publishdate,
    // A byline not yet converted (migration 0029) comes as people read by the name rule.
    authors: serialiseAuthors(authorsOf(a)),
    email: a.email,
    mobile: a.mobile,
    country: a.country,
    subject: a.subject,
    keywords: a.keywords,
    pagenumber: a.pagenumber,
    title: a.title,
    abstract: a.abstract,
    frequency: editFrequency(a.frequency),
    status: a.status,
    doi: a.doi ?? "",
    references: a.references,
    license_url: a.license_url,
    received_date: a.received_date,
    accepted_date: a.accepted_date,
  };
  return {
    article: {
      id: a.id, refnumber: a.refnumber, year: a.year, volume: a.volume, issue: a.issue, titleText: htmlToText(a.title),
      modification: a.modification, modifiedby: a.modifiedby, status: a.status,
      views: counts.views, downloads: counts.downloads,
    },
    values,
    issueFrequency,
    journalLicense: session.journal.settings.license_url,
    // The staff URL: it opens the PDF of a disabled article too (the public one is 404 for those).
    pdf: a.file ? { url: staffPdfPath(a.id), name: a.file } : null,
  };
}

/** Edit article (spec §5): same rules as add, PDF optional, refnumber and pages re-checked. */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const { db, journal, env, user } = session;
  const existing = await articleOf(args.params, session);
  const form = await readArticleForm(args.request);
  if (!(form instanceof FormData)) return form;
  return once(session, form, `article-edit-${existing.id}`, async () => {
    try {
      const result = await updateArticle(env, db, journal.id, user.username, existing, formFields(form), formFile(form, "pdfFile"));
      if (!result.ok) return articleResultFailure(result);
      return data<ArticleActionData>({ ok: true, fields: {}, announcement: announcementFor("updated", result.value, journal) });
    } catch (error) {
      return articleWriteFailure(error);
    }
  });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, values, pdf, issueFrequency, journalLicense } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("article");
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  // After this user's successful save the form restarts from what was stored (and forgets the
  // uploaded file) — once the reloaded article has arrived, whichever comes first. A failed
  // save keeps what was typed, even if a colleague's save changed the article meanwhile.
  const [formVersion, setFormVersion] = useState(article.modification);
  useFlashFrom(actionData);
  useEffect(() => {
    if (actionData?.ok && actionData.announcement) setAnnouncement(actionData.announcement);
  }, [actionData]);
  useEffect(() => {
    if (actionData?.ok) setFormVersion(article.modification);
  }, [actionData, article.modification]);
  const back = issueAdminPath(article);
  return (
    <>
      <PageHeader
        crumbs={[
          { to: "/admin/archives", label: "Archives" },
          { to: back, label: issueLabel(article) },
        ]}
        title={`Edit article ${article.refnumber}`}
        sub={
          <>
            {article.titleText}
            <span className="page-sub-meta">
              {" · "}
              <span className="reader-counts">
                {article.views} {article.views === 1 ? "view" : "views"} · {article.downloads} PDF {article.downloads === 1 ? "download" : "downloads"}
              </span>
            </span>
          </>
        }
        actions={
          // Readers only see enabled articles.
          article.status === "enabled" ? (
            <a className="btn btn-secondary" href={articlePath(article)} target="_blank" rel="noopener noreferrer">
              View on the site ↗
            </a>
          ) : null
        }
      />
      <DraftNotice draft={draft} />
      <ArticleForm
        key={`${article.id}-${formVersion}-${draft.key}`}
        mode="edit"
        initial={withDraft(values, draft.values)}
        existingPdf={pdf}
        issueFrequency={issueFrequency}
        journalLicense={journalLicense}
        serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
        busy={busy}
        cancelTo={back}
      />
      <AnnouncementDialog announcement={announcement} onClose={() => setAnnouncement(null)} />
    </>
  );
}
