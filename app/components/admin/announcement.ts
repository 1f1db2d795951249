import { htmlToText } from "../../utils/html";

export interface AnnouncementArticle {
  refnumber: string;
  /** Title HTML (italics allowed). */
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  frequency: string;
  pagenumber: string;
}

/** Public path of an article page (spec §2: plain numbers). */
export function articlePublicPath(a: { year: number; volume: number; issue: number; refnumber: string }): string {
  return `/archives/${a.year}/${a.volume}/${a.issue}/${encodeURIComponent(a.refnumber)}`;
}

/**
 * The message staff copy to the author after an add (published) or an update (spec §4): it
 * names the article, its authors, where it appeared and links to its page.
 */
export function announcementText(
  kind: "published" | "updated",
  a: AnnouncementArticle,
  journalName: string,
  link: string,
): string {
  const title = htmlToText(a.title);
  const where = `${journalName}, Volume ${a.volume}, Issue ${a.issue}${a.frequency ? ` (${a.frequency} ${a.year})` : ` (${a.year})`}, pages ${a.pagenumber}`;
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
