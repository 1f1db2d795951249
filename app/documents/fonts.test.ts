import { describe, expect, it } from "vitest";
import { shapeText } from "./fonts.server";
import { DOCUMENT_CHARACTERS, FORMULA_TITLE } from "../../test/fixtures/document-characters";

describe("document fonts cover what titles and names contain", () => {
  for (const [family, chars] of Object.entries({ ...DOCUMENT_CHARACTERS, formula: FORMULA_TITLE })) {
    it(`${family}: a real glyph for every character, in every style`, () => {
      for (const style of ["regular", "bold", "italic"] as const) {
        for (const ch of chars.replace(/[, ]/g, "")) {
          const pieces = shapeText(ch, style);
          const text = pieces.map((p) => p.text).join("");
          expect(text, `${style} U+${ch.codePointAt(0)!.toString(16)} ${ch}`).toBe(ch);
          // Glyph 0 is .notdef (an empty box).
          expect(pieces.flatMap((p) => p.gids).every((g) => g !== 0), `${style} ${ch} has a glyph`).toBe(true);
        }
      }
    });
  }
});
