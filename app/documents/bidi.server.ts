/**
 * Right-to-left text (Arabic, Persian, Urdu, Hebrew) in the documents: the Unicode
 * Bidirectional Algorithm from bidi-js (MIT, UAX #9 conformance-tested, no dependencies),
 * loaded on first use — documents without right-to-left text never load it. Levels are
 * resolved per paragraph; each line is then reordered (rule L2) after wrapping, so an Arabic
 * title reads right to left with its Latin words and numbers left to right inside it.
 */
import type { Bidi } from "bidi-js";
import { ResourcesPending } from "./font-files.server";

let bidi: Bidi | null = null;
let loading: Promise<void> | null = null;

function loadBidi(): Promise<void> {
  loading ??= import("bidi-js")
    .then((m) => {
      bidi = m.default();
    })
    .catch((error) => {
      loading = null;
      throw error;
    });
  return loading;
}

/** Characters of strong right-to-left scripts (and the explicit right-to-left controls). */
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u200f\u202b\u202e\u2067\u061c]|[\ud802\ud803][\udc00-\udfff]|\ud83a[\udc00-\udfff]|\ud83b[\udc00-\udeff]/;

function hasRightToLeft(text: string): boolean {
  return RTL.test(text);
}

/**
 * Embedding level of each UTF-16 code unit of a paragraph, or null when it has no
 * right-to-left character (every level 0: the fast path of Latin and Indic text). Throws
 * ResourcesPending the first time an isolate meets right-to-left text.
 */
export function paragraphLevels(text: string): Uint8Array | null {
  if (!hasRightToLeft(text)) return null;
  if (!bidi) throw new ResourcesPending([loadBidi]);
  // The documents are English: every paragraph is left to right, with right-to-left runs
  // (and the numbers inside them) embedded, as a browser shows the same text in an English page.
  return bidi.getEmbeddingLevels(text, "ltr").levels;
}

/** The mirrored form of a bracket or relation drawn right to left ("(" → ")"), else the character. */
export function mirrored(ch: string): string {
  return bidi?.getMirroredCharacter(ch) ?? ch;
}

/**
 * Rule L2: items of a line in logical order, each at one embedding level, into visual order —
 * from the highest level down to the lowest odd one, every run at that level or above is
 * reversed.
 */
export function visualOrder<T extends { level: number }>(items: T[]): T[] {
  let max = 0;
  let minOdd = Number.POSITIVE_INFINITY;
  for (const it of items) {
    if (it.level > max) max = it.level;
    if (it.level % 2 === 1 && it.level < minOdd) minOdd = it.level;
  }
  if (max === 0) return items;
  const out = [...items];
  for (let level = max; level >= minOdd; level--) {
    for (let i = 0; i < out.length; ) {
      if (out[i].level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < out.length && out[j].level >= level) j++;
      const reversed = out.slice(i, j).reverse();
      out.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  return out;
}
