/**
 * The journal's monogram: shown in the site header and on the publisher's journal list when a
 * journal has no logo, in the admin's top bar (three letters) and in the seal of its documents.
 * One rule for all four.
 */
/**
 * Initials of a journal's name: 'International Journal of Agriculture and Life Sciences' → 'IJALS'; up to five
 * letters, so a five-letter acronym (JACER) reads the same on the site as on its seal.
 */
export function monogramInitials(name: string, max = 5): string {
  const small = new Set(["of", "and", "the", "for", "in", "on", "&", "a", "an", "to"]);
  const letters = name
    .split(/\s+/)
    .filter((w) => w && !small.has(w.toLowerCase()))
    .map((w) => Array.from(w.replace(/^[^\p{L}]+/u, ""))[0] ?? "")
    .filter(Boolean)
    .join("")
    .toLocaleUpperCase();
  return letters.slice(0, max) || "J";
}
