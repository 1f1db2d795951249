import type { PreparedLogo } from "./logo.server";

/**
 * Plain records the document builders take (builders are pure: records in, bytes out). The
 * article is an ArticleSummary (app/lib/article.ts).
 */

/** What a document says about the journal (from its settings). */
export interface JournalInfo {
  /** Plain-text journal name (settings.websitename). */
  name: string;
  issn: string;
  essn: string;
  /** Impact factor as displayed (settings.impactfactor minus its 15-character prefix). */
  impactFactor: string;
  yearStarted: string;
  /** Publication frequency of the journal ('Quarterly', …). */
  frequency: string;
  publisherName: string;
  publisherAddress: string;
  email: string;
  /** The host the journal answers on (www address shown on documents). */
  domain: string;
  /** The per-journal cover-image flag (settings.show_cover_image): the cover page's artwork panel follows it. */
  coverImage?: boolean;
  /** The journal's uploaded logo, prepared for embedding (documents draw the seal without one). */
  logo?: PreparedLogo;
  /** The signer's signature and the journal's stamp (PNGs with transparency), drawn at a certificate's signature line. */
  signature?: PreparedLogo;
  stamp?: PreparedLogo;
}

export interface EditorInfo {
  id: number;
  name: string;
  /** 'chief editor' | 'associate editor' | 'assistant editor' */
  category: string;
  /** Sanitised HTML. */
  post: string;
  degree: string;
  /** Affiliation (may hold simple HTML). */
  content: string;
  country: string;
  email: string;
  phone: string;
  /** Last change of the editor's record (ISO timestamp): dates the editorial board PDF. */
  updatedAt?: string;
}
