import type { Route } from "./+types/article-file";
import { getArticleById } from "../../models/articles.server";
import { requireAdmin } from "../../auth/admin.server";
import { contentDisposition } from "../../http/content-disposition";
import { articlePdfKey } from "../../storage/keys.server";

/**
 * GET /admin/files/articles/{id}.pdf — an article's PDF for signed-in staff of this journal,
 * enabled or not (the public /assets URL is 404 for a disabled article, so staff could not check
 * the file of an article they have hidden). Without a session: the login page. Another
 * journal's id, a missing row or a missing object: 404. The file never runs as part of the
 * site (sandbox CSP, nosniff), is never cached, and does not count as a reader download.
 */
export async function loader(args: Route.LoaderArgs) {
  const { db, journal, env } = await requireAdmin(args);
  const m = /^(\d{1,12})\.pdf$/.exec(args.params.file ?? "");
  const article = m ? await getArticleById(db, journal.id, Number(m[1])) : undefined;
  let key: string | null = null;
  try {
    key = article ? articlePdfKey(journal.id, article) : null;
  } catch {
    return notFound();
  }
  if (!article || !key) return notFound();
  // HEAD asks R2 for the object's metadata only; GET streams the body.
  const head = args.request.method === "HEAD";
  const stored = head ? await env.FILES.head(key) : await env.FILES.get(key);
  if (!stored) return notFound();
  const headers = new Headers({
    "Content-Type": "application/pdf",
    "Content-Length": String(stored.size),
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "sandbox",
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": contentDisposition("inline", `${article.refnumber || article.id}.pdf`),
    "X-Robots-Tag": "noindex, nofollow",
    "Referrer-Policy": "no-referrer",
  });
  return new Response("body" in stored ? (stored as R2ObjectBody).body : null, { status: 200, headers });
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}
