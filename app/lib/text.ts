/** Plain-text helpers shared by pages, feeds and metadata (browser-safe). */

/**
 * `text` in at most `max` characters (code points, the ellipsis included): cut at the last
 * space that keeps most of the room, never inside a word when a word boundary is near, and
 * ending in "…" when anything was left out. Text without spaces near the limit (one long word,
 * a script written without spaces) is cut between characters, never between a letter and its
 * combining marks. Whitespace runs become single spaces.
 */
export function shortenText(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(flat);
  if (chars.length <= max) return flat;
  const room = Math.max(1, max - 1);
  // One character more than fits: if it is a space, the cut falls exactly on a word boundary.
  const window = chars.slice(0, room + 1).join("");
  const space = window.lastIndexOf(" ");
  let head: string;
  if (space > 0 && Array.from(window.slice(0, space)).length >= room * 0.6) {
    head = window.slice(0, space);
  } else {
    let end = room;
    while (end > 1 && /\p{M}/u.test(chars[end] ?? "")) end--;
    head = chars.slice(0, end).join("");
  }
  return `${head.replace(/[\s,;:.\-–—([{"'“‘]+$/u, "")}…`;
}
