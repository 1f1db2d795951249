import type { AppContext } from "../context";
import { decodeArchiveIndex, encodeArchiveIndex } from "../lib/archive";
import type { PublishedIssue } from "../models/issues.server";
import { issuePath, type IssueRef } from "../lib/urls";
import { ARCHIVE_FRAGMENT, yearBoxesHtml } from "./ArchiveList";

/** The archive side list of a page: its compact index and its HTML with the current issue marked. */
export interface ArchiveList {
  index: string;
  html: string;
}

export function archiveList(published: PublishedIssue[], current?: IssueRef): ArchiveList {
  const index = encodeArchiveIndex(published);
  return { index, html: yearBoxesHtml(decodeArchiveIndex(index), current ? issuePath(current) : undefined) };
}

/**
 * The archive side list for a page's loader data (ArchiveLayout's `index`). On a request for a
 * whole page the list is written into the page as static HTML and the data carries nothing
 * (null); on a client-side navigation the data carries the compact index, from which the
 * browser makes the same HTML.
 */
export function archiveIndex(app: Pick<AppContext, "staticHtml">, list: ArchiveList): string | null {
  if (!app.staticHtml) return list.index;
  app.staticHtml.set(ARCHIVE_FRAGMENT, list.html);
  return null;
}
