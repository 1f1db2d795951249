/** Characters that HTML text or a quoted attribute value cannot hold as they are. */
const SPECIAL = /[&<>"']/;

/**
 * The one HTML escaper: markup characters and both quotes, so the result is safe in element
 * content and in single- or double-quoted attributes. Most text has none of them (names,
 * titles, URLs), and is returned as it is without five passes over it.
 */
export function escapeHtml(text: string): string {
  if (!SPECIAL.test(text)) return text;
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}
