import type { AppContext } from "../context";
import { decodeArchiveIndex, encodeArchiveIndex } from "../lib/archive";
import type { PublishedIssue } from "../models/issues.server";
import { issuePath, type IssueRef } from "../lib/urls";
import { ARCHIVE_FRAGMENT, yearBoxesHtml } from "./ArchiveList";

/**
 * The archive side list for a page's loader data (ArchiveLayout's `index`). On a request for a
 * whole page the list is written into the page as static HTML and the data carries nothing
 * (null); on a client-side navigation the data carries the compact index, from which the
 * browser makes the same HTML.
 */
export function archiveIndex(app: Pick<AppContext, "staticHtml">, published: PublishedIssue[], current?: IssueRef): string | null {
  const index = encodeArchiveIndex(published);
  if (!app.staticHtml) return index;
  app.staticHtml.set(ARCHIVE_FRAGMENT, yearBoxesHtml(decodeArchiveIndex(index), current ? issuePath(current) : undefined));
  return null;
}
