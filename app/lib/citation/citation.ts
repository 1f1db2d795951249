import type { CitableArticle } from "../article";
import { htmlToText } from "../html";
import { joinInitials, givenInitials, splitParticle } from "../person-names";
import { authorFromName, authorsOf, type ArticleAuthor } from "../authors";

/** An author as the how-to-cite line writes them: 'Patel SK' (surname plus initials, no honorific). */
function shortAuthorOf(author: Pick<ArticleAuthor, "given" | "family">): string {
  const { particle, family } = splitParticle(author.family);
  const letters = joinInitials(givenInitials(author.given, family));
  const surname = particle ? `${particle} ${family}` : family;
  return letters ? `${surname} ${letters}` : surname;
}

/** 'Dr. Suresh Kumar Patel' → 'Patel SK'. */
export function shortAuthor(name: string): string {
  return shortAuthorOf(authorFromName(name));
}

export function shortAuthors(article: Pick<CitableArticle, "authorname" | "authors">): string {
  return authorsOf(article).map(shortAuthorOf).join(", ");
}

/**
 * The 'How to cite this article' line (spec §2): authors shortened to surname plus initials,
 * any 'Dr. ' dropped, then title, journal, year, volume(issue) and pages.
 */
export function howToCite(article: CitableArticle, journalName: string): string {
  const title = htmlToText(article.title).replace(/\.$/, "");
  return `${shortAuthors(article)}. ${title}. ${journalName}. ${article.year};${article.volume}(${article.issue}):${article.pagenumber}.`;
}
