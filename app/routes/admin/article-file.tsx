import type { Route } from "./+types/article-file";
import { getArticleById } from "../../models/articles.server";
import { requireAdmin } from "../../auth/admin.server";
import { articlePdfKey } from "../../storage/keys.server";
import { serveStoredFile } from "../../storage/serve.server";

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
    // The object where it was stored (an issue correction or a move leaves it there).
    key = article ? articlePdfKey(journal.id, article) : null;
  } catch {
    return notFound();
  }
  if (!article || !key) return notFound();
  // Ranges and conditional requests as on the public files (a PDF viewer asks for ranges).
  const res = await serveStoredFile(env.FILES, args.request, {
    key,
    fileName: `${article.refnumber || article.id}.pdf`,
    cacheControl: "private, no-store",
    headers: { "X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer" },
  });
  return res ?? notFound();
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" },
  });
}
