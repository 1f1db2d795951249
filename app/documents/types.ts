import type { PreparedLogo } from "./logo.server";

/** Plain records the document builders take (no database types: builders are pure). */

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
  /** The journal's uploaded logo, prepared for embedding (documents draw the seal without one). */
  logo?: PreparedLogo;
}

export interface ArticleInfo {
  refnumber: string;
  /** Title as stored: sanitised HTML with <i>/<em>. */
  title: string;
  authorname: string;
  year: number;
  volume: number;
  issue: number;
  /** The issue's month or month range ('January', 'Jan-Mar'). */
  frequency: string;
  pagenumber: string;
  /** YYYY-MM-DD. */
  publishdate: string;
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
