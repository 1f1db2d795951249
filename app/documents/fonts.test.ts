import { beforeAll, describe, expect, it } from "vitest";
import { cjkHint, loadFontsFor, shapeText, unprintableCharacter } from "./fonts.server";
import { DOCUMENT_CHARACTERS, FORMULA_TITLE } from "../../test/fixtures/document-characters";
import { SCRIPT_SAMPLES } from "../../test/fixtures/scripts";

const FAMILIES: Record<string, string> = { ...DOCUMENT_CHARACTERS, formula: FORMULA_TITLE };
for (const s of SCRIPT_SAMPLES) FAMILIES[s.script] = s.text;

beforeAll(() => loadFontsFor(Object.values(FAMILIES)));

describe("document fonts cover what titles and names contain", () => {
  for (const [family, chars] of Object.entries(FAMILIES)) {
    it(`${family}: a real glyph for every character, in every style`, () => {
      for (const style of ["regular", "bold", "italic"] as const) {
        for (const word of chars.split(/[, ]+/).filter(Boolean)) {
          const pieces = shapeText(word.normalize("NFC"), style, null, cjkHint(chars));
          expect(pieces.some((p) => p.pending), `${style} ${word}: faces loaded`).toBe(false);
          // Glyph 0 is .notdef (an empty box).
          const gids = pieces.flatMap((p) => p.gids);
          expect(gids.length, `${style} ${word}`).toBeGreaterThan(0);
          expect(gids.every((g) => g !== 0), `${style} ${word} has a glyph for every character`).toBe(true);
        }
      }
      expect(unprintableCharacter(chars)).toBeNull();
    });
  }

  it("names the first character no font has", () => {
    // Linear B and a private-use code point: no face of the documents has them.
    expect(unprintableCharacter("Title \u{10000} here")).toBe("\u{10000}");
    expect(unprintableCharacter("Nguyễn \ue000")).toBe("\ue000");
    // Joiners, variation selectors and bidi marks are never the problem.
    expect(unprintableCharacter("می\u200cخواهم \u200f")).toBeNull();
  });
});
