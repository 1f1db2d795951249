import type { ArticleSummary } from "../../lib/article";
import { volumeIssueLabel } from "../../lib/archive";
import { htmlToText } from "../../lib/html";

/**
 * The message staff copy to the author after an add (published) or an update (spec §4): it
 * names the article, its authors, where it appeared and links to its page.
 */
export function announcementText(
  kind: "published" | "updated",
  a: Omit<ArticleSummary, "publishdate">,
  journalName: string,
  link: string,
): string {
  const title = htmlToText(a.title);
  const where = `${journalName}, ${volumeIssueLabel(a, { long: true, digits: "plain" })}${a.frequency ? ` (${a.frequency} ${a.year})` : ` (${a.year})`}, pages ${a.pagenumber}`;
  if (kind === "published") {
    return [
      "Dear Author,",
      "",
      `We are pleased to inform you that your article "${title}" by ${a.authorname} has been published in ${where}.`,
      "",
      `Read and download it here: ${link}`,
      "",
      `Reference number: ${a.refnumber}. Thank you for publishing with us.`,
    ].join("\n");
  }
  return [
    "Dear Author,",
    "",
    `Your article "${title}" by ${a.authorname}, published in ${where}, has been updated.`,
    "",
    `The updated version is available here: ${link}`,
    "",
    `Reference number: ${a.refnumber}.`,
  ].join("\n");
}
