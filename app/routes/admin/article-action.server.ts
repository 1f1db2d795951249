import { data } from "react-router";
import { absoluteUrl, articlePath, issueAdminPath } from "../../lib/urls";
import type { WriteFailure } from "../../models/staff-writes.server";
import type { Article } from "../../lib/article";
import type { JournalContext } from "../../models/journals.server";
import { readForm } from "../../http/body";
import { errorMessage, FIELD_MESSAGES, FORM_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";
import { announcementText } from "../../components/admin/announcement";
import type { Announcement } from "../../components/admin/AnnouncementDialog";
import { flash, type Flash } from "../../components/admin/flash";
import type { Conflict } from "../../components/admin/Conflict";
import type { ArticleFormValues } from "../../components/admin/ArticleForm";

/** What the add and edit article actions answer. */
export interface ArticleActionData {
  ok: boolean;
  fields: Record<string, string>;
  code?: string;
  flash?: Flash;
  announcement?: Announcement;
  /** A save refused because someone else saved meanwhile (ADR 020). */
  conflict?: Conflict<ArticleFormValues> | null;
  /** A save that went on top of others' changes to other fields: who they were. */
  merged?: string;
  /** Field messages of the move form (corrections). */
  moveFields?: Record<string, string>;
}

/** Server error codes (spec §8) and the field each belongs to. */
const CODE_FIELD: Record<string, string> = {
  duplicate_reference_number: "refnumber",
  duplicate_title: "title",
  duplicate_txnid: "txnid",
  invalid_txnid: "txnid",
  invalid_pagenumber: "pagenumber",
};

export function articleFailure(fields: Record<string, string>, code?: string, status = 400) {
  const text = code ? errorMessage(code) : "";
  const withCode = code && CODE_FIELD[code] ? { ...fields, [CODE_FIELD[code]]: text } : fields;
  return data<ArticleActionData>(
    { ok: false, fields: withCode, code, flash: code ? flash("error", text) : undefined },
    { status },
  );
}

/** Reads the form; a body over its cap was refused unread by the Worker (app/http/body.ts). */
export async function readArticleForm(request: Request): Promise<FormData | ReturnType<typeof articleFailure>> {
  const read = await readForm(request);
  if (read.ok) return read.form;
  if (read.reason === "too_large") return articleFailure({ pdfFile: FIELD_MESSAGES.fileTooLarge }, undefined, 413);
  return articleFailure({}, "malformed_multipart");
}

/** A use-case failure (app/models/staff-writes.server.ts) as the form's answer. */
export function articleResultFailure(failure: WriteFailure) {
  if (failure.code === "file_too_large" || failure.code === "not_a_pdf") {
    const message = failure.fields.pdfFile;
    return data<ArticleActionData>(
      { ok: false, fields: { pdfFile: message }, code: failure.code, flash: flash("error", SOMETHING_WENT_WRONG, message) },
      { status: failure.status },
    );
  }
  return articleFailure(failure.fields, failure.code, failure.status);
}

/**
 * What the use-cases throw is never a refusal (they answer those): R2 or D1 unavailable. It is
 * logged and answered 'Something went wrong' (spec §8): the form and everything typed into it
 * stay on screen, nothing was saved, and staff can simply try again.
 */
export function articleWriteFailure(error: unknown) {
  console.error("article write failed", error);
  return data<ArticleActionData>(
    { ok: false, fields: {}, code: "server_error", flash: flash("error", SOMETHING_WENT_WRONG, FORM_MESSAGES.nothingSavedYet) },
    { status: 500 },
  );
}

export function announcementFor(kind: "published" | "updated", article: Article, journal: JournalContext): Announcement {
  const link = absoluteUrl(journal, articlePath(article));
  return {
    kind,
    link,
    issuePath: issueAdminPath(article),
    text: announcementText(kind, article, journal.settings.websitename || journal.name, link),
    id: `${article.id}-${Date.now()}`,
  };
}
