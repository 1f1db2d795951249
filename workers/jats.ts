import type { Context, Next } from "hono";
import { getDb } from "../app/db/client.server";
import { buildJatsArticle, jatsAvailable } from "../app/documents/jats.server";
import { depositJournal } from "../app/documents/metadata.server";
import { readJatsArticle } from "../app/models/deposits.server";
import { absoluteUrl, articlePath, parseIssueParams } from "../app/lib/urls";
import { jatsUnavailable, xmlFile } from "./api/export";
import type { HonoEnv } from "./types";

/**
 * GET /archives/{year}/{vol}/{issue}/{ref}.jats.xml: a published article's JATS 1.3 front matter
 * (journal-meta and article-meta), public like its page, and kept by the edge cache like it
 * (every staff write makes it stale). Anything else under that path goes on to the next route.
 */
export async function serveJats(c: Context<HonoEnv>, next: Next) {
  const m = /^(\d{1,20})\.jats\.xml$/.exec(c.req.param("file") ?? "");
  const issue = parseIssueParams(c.req.param(), { plain: true });
  if (!m || !issue) return next();
  const journal = c.get("journal");
  const records = depositJournal(journal);
  if (!jatsAvailable(records)) return jatsUnavailable();
  const db = getDb(c.env.DB);
  const article = await readJatsArticle(db, journal.id, m[1], { issue });
  if (!article) {
    // Moved to another issue, or its issue corrected: the ref number still names it.
    const moved = await readJatsArticle(db, journal.id, m[1]);
    if (moved) return c.redirect(absoluteUrl(journal, `${articlePath(moved)}.jats.xml`), 301);
    return c.json({ error: "not_found" }, 404);
  }
  return xmlFile(buildJatsArticle({ journal: records, article }), null, "public, max-age=0, must-revalidate");
}
