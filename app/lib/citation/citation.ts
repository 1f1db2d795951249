import type { CitableArticle } from "../article";
import { htmlToText } from "../html";
import { joinInitials, parseName, splitAuthors } from "../names";

/** 'Dr. Suresh Kumar Patel' → 'Patel SK' (surname plus initials, no honorific). */
export function shortAuthor(name: string): string {
  const { family, particle, initials } = parseName(name);
  const letters = joinInitials(initials);
  const surname = particle ? `${particle} ${family}` : family;
  return letters ? `${surname} ${letters}` : surname;
}

export function shortAuthors(authorname: string): string {
  return splitAuthors(authorname).map(shortAuthor).join(", ");
}

/**
 * The 'How to cite this article' line (spec §2): authors shortened to surname plus initials,
 * any 'Dr. ' dropped, then title, journal, year, volume(issue) and pages.
 */
export function howToCite(article: CitableArticle, journalName: string): string {
  const title = htmlToText(article.title).replace(/\.$/, "");
  return `${shortAuthors(article.authorname)}. ${title}. ${journalName}. ${article.year};${article.volume}(${article.issue}):${article.pagenumber}.`;
}
