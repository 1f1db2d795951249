/**
 * Which stored object a public /assets URL may reach, so a raw or former object name reveals nothing. Every public file URL is
 * resolved through the database row that shows it to readers — an enabled article's current
 * PDF, an editor's current picture, an indexing partner's current image, the journal's current
 * logo — never straight to an R2 key: raw object names (`990001-7c9a52cf-d79.pdf`), former
 * versions and withdrawn articles' files answer 404 even while their object still exists.
 * Staff read any article's PDF through /admin/files/articles/ (its own session check).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { articles, editors, indexingPartners } from "../db/schema";
import { parseArticleAssetPath } from "../lib/urls";
import { articlePdfKey, certificateImageKey, editorPictureKey, indexingImageKey, isSafeFileName, journalLogoKey } from "../storage/keys.server";

interface PublicFile {
  key: string;
  /** The article whose PDF this is (downloads are counted for it). */
  articleId: number | null;
  /** For an article PDF: where it sits, to name its one canonical URL (app/lib/urls articleFileUrl). */
  article?: { year: number; volume: number; issue: number; refnumber: string; file: string };
  /** The article now lives at these coordinates (moved, or its issue corrected): answer 301 there. */
  movedTo?: { year: number; volume: number; issue: number; refnumber: string; file: string };
}

function decodeName(segment: string): string | null {
  try {
    const name = decodeURIComponent(segment);
    return isSafeFileName(name) ? name : null;
  } catch {
    return null;
  }
}

/** The R2 key behind a public asset path (without /assets) for this journal, or null (404). */
export async function resolvePublicFile(
  db: Db,
  journal: { id: number; settings: { logo: string; signature_image: string; stamp_image: string } },
  path: string,
): Promise<PublicFile | null> {
  const article = parseArticleAssetPath(path);
  if (article) {
    const file = decodeName(article.file);
    if (!file) return null;
    const columns = { id: articles.id, refnumber: articles.refnumber, file: articles.file, fileKey: articles.fileKey, fileFolder: articles.fileFolder, year: articles.year, volume: articles.volume, issue: articles.issue };
    const [[row], [moved]] = await db.batch([
      db
        .select(columns)
        .from(articles)
        .where(
          and(
            eq(articles.journalId, journal.id),
            eq(articles.year, article.year),
            eq(articles.volume, article.volume),
            eq(articles.issue, article.issue),
            eq(articles.file, file),
            eq(articles.status, "enabled"),
          ),
        )
        .limit(1),
      // An article moved to another issue (or whose issue was corrected) since the URL was
      // made: found by its file name, which is its ref number — unique in the journal.
      db
        .select(columns)
        .from(articles)
        .where(and(eq(articles.journalId, journal.id), eq(articles.refnumber, file.replace(/\.pdf$/, "")), eq(articles.file, file), eq(articles.status, "enabled")))
        .limit(1),
    ]);
    if (!row) {
      if (!moved || !/^\d{1,20}\.pdf$/.test(file)) return null;
      return { key: "", articleId: moved.id, movedTo: { year: moved.year, volume: moved.volume, issue: moved.issue, refnumber: moved.refnumber, file: moved.file } };
    }
    let key: string | null = null;
    try {
      key = articlePdfKey(journal.id, row);
    } catch {
      return null;
    }
    if (!key) return null;
    return {
      key,
      articleId: row.id,
      article: { year: article.year, volume: article.volume, issue: article.issue, refnumber: row.refnumber, file: article.file },
    };
  }
  const m = /^\/(editors|indexing|logo|signature)\/([^/]+)$/.exec(path);
  const name = m ? decodeName(m[2]) : null;
  if (!m || !name) return null;
  // The signature and stamp printed on every public certificate (shown in the Settings preview).
  if (m[1] === "signature") {
    return name === journal.settings.signature_image || name === journal.settings.stamp_image
      ? { key: certificateImageKey(journal.id, name), articleId: null }
      : null;
  }
  if (m[1] === "logo") return journal.settings.logo === name ? { key: journalLogoKey(journal.id, name), articleId: null } : null;
  // An editor's picture or a partner's logo: public while one of the journal's rows names it.
  const [table, column, keyOf] =
    m[1] === "editors" ? ([editors, editors.picture, editorPictureKey] as const) : ([indexingPartners, indexingPartners.image, indexingImageKey] as const);
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.journalId, journal.id), eq(column, name)))
    .limit(1);
  return row ? { key: keyOf(journal.id, name), articleId: null } : null;
}
