import { useEffect, useState } from "react";
import { data, redirect, useNavigation } from "react-router";
import { NOT_FOUND_MESSAGES } from "../../schemas/messages";
import type { Route } from "./+types/article-edit";
import { getArticleById } from "../../models/articles.server";
import { readArticleEditExtras } from "../../models/pages.server";
import { moveArticleUseCase, restoreArticleUseCase, trashArticleUseCase, updateArticle } from "../../models/staff-writes.server";
import { staffActor } from "../../models/history.server";
import { otherIssues } from "../../models/issues.server";
import { purgeDate } from "../../models/article-corrections.server";
import type { Article } from "../../lib/article";
import { ArticleCorrections, TrashedArticle } from "../../components/admin/ArticleCorrections";
import { HistoryPanel } from "../../components/admin/History";
import { flash } from "../../components/admin/flash";
import { CHECK_FIELDS, RECORD_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { conflictView, formExpectation, historyPanel, mergedNotice, withoutVersion } from "./records.server";
import { formFields } from "../../schemas/common";
import { AnnouncementDialog, type Announcement } from "../../components/admin/AnnouncementDialog";
import { articlePath, issueAdminPath, staffPdfPath } from "../../lib/urls";
import { ArticleForm, editFrequency, type ArticleFormValues } from "../../components/admin/ArticleForm";
import { useFlashFrom } from "../../components/admin/Flash";
import { issueLabel, shortDate } from "../../components/admin/format";
import { AdminErrorBoundary } from "../../components/admin/NotFound";
import { DraftNotice, withDraft } from "../../components/admin/DraftNotice";
import { useDraft } from "../../components/admin/session";
import { PageHeader } from "../../components/admin/PageHeader";
import { flashCookie, requireAdmin, type AdminSession } from "../../auth/admin.server";
import { formFile } from "../../storage/uploads.server";
import { htmlToText } from "../../lib/html";
import { authorsOf, serialiseAuthors } from "../../lib/authors";
import { adminPageTitle } from "../../lib/site";
import { announcementFor, articleFailure, articleResultFailure, articleWriteFailure, readArticleForm, type ArticleActionData } from "./article-action.server";
import { once } from "./once.server";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return [{ title: adminPageTitle(loaderData ? `Edit article ${loaderData.article.refnumber}` : "Not Found!", matches) }];
}

/** The article of this journal with the id in the URL; another journal's id is simply not found. */
async function articleOf(params: { id?: string }, session: AdminSession) {
  const id = params.id && /^\d{1,12}$/.test(params.id) ? Number(params.id) : 0;
  const article = id ? await getArticleById(session.db, session.journal.id, id) : undefined;
  if (!article) throw data(NOT_FOUND_MESSAGES.article, { status: 404 });
  return article;
}

/** The edit form's values of an article as stored. */
function formValues(a: Article): ArticleFormValues {
  return {
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
    status: a.status === "trashed" ? (a.trashedStatus || "disabled") : a.status,
    doi: a.doi ?? "",
    references: a.references,
    license_url: a.license_url,
    received_date: a.received_date,
    accepted_date: a.accepted_date,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const session = await requireAdmin(args);
  const { db, journal } = session;
  const a = await articleOf(args.params, session);
  const timeZone = journal.settings.timezone;
  const [{ issueFrequency, counts }, history, issues] = await Promise.all([
    readArticleEditExtras(db, journal.id, a),
    historyPanel(db, journal.id, "article", a.id, timeZone),
    otherIssues(db, journal.id, a.issueId),
  ]);
  return {
    article: {
      id: a.id, refnumber: a.refnumber, year: a.year, volume: a.volume, issue: a.issue, titleText: htmlToText(a.title),
      modification: a.modification, modifiedby: a.modifiedby, status: a.status, version: a.version,
      views: counts.views, downloads: counts.downloads,
    },
    trashed: a.status === "trashed" ? { at: shortDate(a.trashedAt), purgeAt: shortDate(purgeDate(a.trashedAt)), by: a.modifiedby } : null,
    values: formValues(a),
    issueFrequency,
    issues,
    history,
    journalLicense: session.journal.settings.license_url,
    // The staff URL: it opens the PDF of a disabled article too (the public one is 404 for those).
    pdf: a.file ? { url: staffPdfPath(a.id), name: a.file } : null,
  };
}

/**
 * Edit article (spec §5): same rules as add, PDF optional, refnumber and pages re-checked; a
 * save names the version the form was loaded with (ADR 020). Also the corrections (ADR 021):
 * move to another issue, to the trash, and back.
 */
export async function action(args: Route.ActionArgs) {
  const session = await requireAdmin(args);
  const { db, journal, env, user } = session;
  const existing = await articleOf(args.params, session);
  const form = await readArticleForm(args.request);
  if (!(form instanceof FormData)) return form;
  const intent = String(form.get("intent") ?? "");
  const actor = staffActor(user);
  const expect = formExpectation(form);
  if (intent === "trash" || intent === "restore" || intent === "move") {
    return once(session, form, `article-${intent}-${existing.id}`, async () => {
      const result =
        intent === "trash"
          ? await trashArticleUseCase(db, journal.id, actor, existing.id, expect)
          : intent === "restore"
            ? await restoreArticleUseCase(db, journal.id, actor, existing.id, expect)
            : await moveArticleUseCase(db, journal.id, actor, existing.id, withoutVersion(formFields(form)), expect);
      if (!result.ok) {
        const message = result.message ?? (result.code === "edit_conflict" || result.code === "precondition_failed" ? RECORD_MESSAGES.staleRecord : CHECK_FIELDS);
        return data<ArticleActionData>({ ok: false, fields: {}, moveFields: result.fields, flash: flash("error", SOMETHING_WENT_WRONG, message) }, { status: result.status });
      }
      if (intent === "trash") {
        throw redirect(issueAdminPath(existing), { headers: { "Set-Cookie": flashCookie({ kind: "success", msg: RECORD_MESSAGES.articleTrashed, detail: RECORD_MESSAGES.articleTrashedDetail }, env) } });
      }
      return data<ArticleActionData>({
        ok: true,
        fields: {},
        flash: intent === "restore" ? flash("success", RECORD_MESSAGES.articleRestored) : flash("success", RECORD_MESSAGES.articleMoved, RECORD_MESSAGES.articleMovedDetail),
      });
    });
  }
  return once(session, form, `article-edit-${existing.id}`, async () => {
    try {
      const result = await updateArticle(env, db, journal.id, actor, existing, withoutVersion(formFields(form)), formFile(form, "pdfFile"), expect);
      if (!result.ok) {
        if (result.code === "edit_conflict") {
          const now = await getArticleById(db, journal.id, existing.id);
          const conflict = now ? conflictView(result, formValues(now), journal.settings.timezone, form) : null;
          return data<ArticleActionData>({ ok: false, fields: {}, code: result.code, conflict }, { status: 409 });
        }
        if (result.code === "article_in_trash") return articleFailure({}, undefined, 409);
        return articleResultFailure(result);
      }
      return data<ArticleActionData>({
        ok: true,
        fields: {},
        announcement: announcementFor("updated", result.value, journal),
        merged: result.merged?.length ? mergedNotice("", result.merged).detail : undefined,
      });
    } catch (error) {
      return articleWriteFailure(error);
    }
  });
}

export const ErrorBoundary = AdminErrorBoundary;

export default function EditArticle({ loaderData, actionData }: Route.ComponentProps) {
  const { article, values, pdf, issueFrequency, history, trashed, issues, journalLicense } = loaderData;
  const conflict = actionData && !actionData.ok ? (actionData.conflict ?? null) : null;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && !navigation.formData?.get("intent");
  // Values typed before a session ended, back after signing in again (components/admin/session.ts).
  const draft = useDraft("article");
  const [announcement, setAnnouncement] = useState<Announcement | null>(null);
  // After this user's successful save the form restarts from what was stored (and forgets the
  // uploaded file) — once the reloaded article has arrived, whichever comes first. A failed
  // save keeps what was typed, even if a colleague's save changed the article meanwhile.
  // Decided while rendering the answer (not in an effect): the form restarts clean in the same
  // commit that shows "saved", so nothing asks "leave without saving?" in between.
  const [formVersion, setFormVersion] = useState(article.modification);
  const [seen, setSeen] = useState<{ data: typeof actionData; modification: string }>({ data: actionData, modification: article.modification });
  if (seen.data !== actionData || seen.modification !== article.modification) {
    setSeen({ data: actionData, modification: article.modification });
    if (actionData?.ok) setFormVersion(article.modification);
  }
  useFlashFrom(actionData);
  useEffect(() => {
    if (actionData?.ok && actionData.announcement) setAnnouncement(actionData.announcement);
  }, [actionData]);
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
      {trashed ? (
        <TrashedArticle version={article.version} trashedAt={trashed.at} purgeAt={trashed.purgeAt} by={trashed.by} />
      ) : (
        <>
          <DraftNotice draft={draft} />
          {actionData?.ok && actionData.merged ? (
            <p className="merged-notice" role="status">
              {actionData.merged}
            </p>
          ) : null}
          <ArticleForm
            key={`${article.id}-${formVersion}-${draft.key}`}
            mode="edit"
            // A page the server renders after a refused save (no script yet) starts from what was typed.
            initial={conflict ? { ...conflict.values, ...conflict.typed } : withDraft(values, draft.values)}
            stored={conflict?.values ?? values}
            version={conflict?.version ?? article.version}
            conflict={conflict}
            // The form's own save answers with the announcement (the corrections answer with a flash).
            saved={!!actionData?.ok && !!actionData.announcement}
            existingPdf={pdf}
            issueFrequency={issueFrequency}
            journalLicense={journalLicense}
            serverErrors={actionData && !actionData.ok ? actionData.fields : undefined}
            busy={busy}
            cancelTo={back}
          />
          <ArticleCorrections key={article.version} version={article.version} issues={issues} pagenumber={values.pagenumber} errors={actionData && !actionData.ok ? actionData.moveFields : undefined} />
        </>
      )}
      <HistoryPanel entries={history.entries} more={history.more} allHref={history.allHref} />
      <AnnouncementDialog announcement={announcement} onClose={() => setAnnouncement(null)} />
    </>
  );
}
