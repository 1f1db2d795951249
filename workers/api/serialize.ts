import type { Article, PublicArticle } from "../../app/lib/article";
import type { Editor } from "../../app/models/editors.server";
import { articleFileUrl, editorPictureUrl } from "../../app/lib/urls";
import { authorsOf, publicAuthors } from "../../app/lib/authors";

/**
 * An article as readers may see it (PublicArticle): no e-mail, phone, transaction id or staff
 * names — of the authors' e-mails only a corresponding author's, as the article page shows it.
 */
export function publicArticle(a: PublicArticle) {
  return {
    id: a.id,
    refnumber: a.refnumber,
    title: a.title,
    authorname: a.authorname,
    authors: publicAuthors(authorsOf(a)),
    abstract: a.abstract,
    keywords: a.keywords,
    description: a.description,
    pagenumber: a.pagenumber,
    subject: a.subject,
    country: a.country,
    publishdate: a.publishdate,
    year: a.year,
    volume: a.volume,
    issue: a.issue,
    frequency: a.frequency,
    file: a.file,
    file_url: articleFileUrl(a),
    doi: a.doi,
    status: a.status,
    references: a.references,
    license_url: a.license_url,
    received_date: a.received_date,
    accepted_date: a.accepted_date,
  };
}

/** Everything staff need, in the spec's field names (no internal object key). */
export function adminArticle(a: Article) {
  return {
    ...publicArticle(a),
    authors: authorsOf(a),
    email: a.email,
    mobile: a.mobile,
    txnid: a.txnid,
    ptype: a.ptype,
    createdby: a.createdby,
    modifiedby: a.modifiedby,
    creation: a.creation,
    modification: a.modification,
    // Send it back (or the ETag as If-Match) with an update: a stale one is refused (ADR 020).
    version: a.version,
    ...(a.status === "trashed" ? { trashed_at: a.trashedAt } : {}),
  };
}

export function adminEditor(e: Editor) {
  const { journalId: _j, ...rest } = e;
  return { ...rest, picture_url: editorPictureUrl(e.picture) };
}
