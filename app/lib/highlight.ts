/**
 * Search highlighting as safe HTML: FTS5 marks matched words with control characters (see
 * app/models/search.server.ts); these turn them into <mark> on escaped text.
 */
import { decodeEntities, escapeHtml, sanitizeHtml, TITLE_PROFILE } from "./html";

const MARK_START = "\u0001";
const MARK_END = "\u0002";

/** FTS5 snippet/highlight output (with control-character markers) → safe HTML with <mark>. */
export function markedToHtml(text: string): string {
  return escapeHtml(text).split(MARK_START).join("<mark>").split(MARK_END).join("</mark>");
}

/**
 * The title as the reader sees it (italics kept, sanitised) with the words FTS5 matched in
 * <mark>. FTS5 can only highlight the plain-text copy (`search_title` = htmlToText(title)), so
 * its markers are carried onto the sanitised HTML by walking both texts in step: they hold the
 * same characters except that htmlToText collapses whitespace runs to one space and trims.
 * Where they disagree (a row whose plain copy predates an edit, say) the formatted title is
 * shown without highlighting rather than a wrong one. The output is built here from escaped
 * text, the sanitiser's <i>/<em> tags and our own <mark>, so no other markup can get through.
 */
export function highlightTitleHtml(title: string, marked: string): string {
  const safe = sanitizeHtml(title, TITLE_PROFILE);
  let plain = "";
  const inMatch: boolean[] = [];
  let on = false;
  // Per UTF-16 unit throughout: both walks compare units, so astral characters line up too.
  for (let k = 0; k < marked.length; k++) {
    const c = marked[k];
    if (c === MARK_START) on = true;
    else if (c === MARK_END) on = false;
    else {
      inMatch.push(on);
      plain += c;
    }
  }
  if (!inMatch.includes(true)) return safe;

  let out = "";
  let p = 0;
  let marking = false;
  let inSpaceRun = false;
  let spaceMatched = false;
  for (const part of safe.split(/(<[^>]*>)/)) {
    if (part.startsWith("<")) {
      // Marks close before every tag so <mark> and <i>/<em> never overlap.
      if (marking) out += "</mark>";
      marking = false;
      if (/^<\/?(i|em)>$/.test(part)) out += part;
      continue;
    }
    const text = decodeEntities(part);
    for (let t = 0; t < text.length; t++) {
      const c = text[t];
      let match: boolean;
      if (/\s/.test(c)) {
        if (!inSpaceRun) {
          inSpaceRun = true;
          if (plain[p] === " ") spaceMatched = inMatch[p++];
          else if (p === 0 || p === plain.length) spaceMatched = false;
          else return safe;
        }
        match = spaceMatched;
      } else {
        inSpaceRun = false;
        if (plain[p] !== c) return safe;
        match = inMatch[p++];
      }
      if (match !== marking) out += match ? "<mark>" : "</mark>";
      marking = match;
      out += escapeHtml(c);
    }
  }
  if (p !== plain.length) return safe;
  if (marking) out += "</mark>";
  return out;
}
