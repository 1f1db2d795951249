/**
 * The form-side half of "every name prints right": a text that will be printed on documents is
 * refused, naming the character, when no font of the documents has a glyph for it — rather
 * than printed as a box or a look-alike. Asked by the staff writes (app/models/staff-writes)
 * for the fields that reach a document; the answer comes from the font manifest, so it always
 * matches the fonts actually deployed.
 */
import { htmlToText } from "../lib/html";
import { FIELD_MESSAGES } from "../schemas/messages";

/** Field → message for each given text that holds a character no font can print. */
export async function unprintableFields(fields: Record<string, string | null | undefined>): Promise<Record<string, string>> {
  // Loaded on the first check, not at every Worker start: the fonts module brings fontkit and
  // pdf-lib with it (docs/decisions/030-worker-startup.md).
  let unprintableCharacter: (text: string) => string | null;
  try {
    const fonts = await import("./fonts.server");
    await fonts.fontsReady();
    unprintableCharacter = fonts.unprintableCharacter;
  } catch (error) {
    // The fonts' manifest is part of every deployment; without it the documents cannot draw
    // anything either. A save is not refused for that: it is logged, and the documents say so.
    console.error("font manifest unavailable: printable characters not checked", error);
    return {};
  }
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (!value) continue;
    const ch = unprintableCharacter(/[<&]/.test(value) ? htmlToText(value) : value);
    if (ch) out[field] = FIELD_MESSAGES.unprintable(ch);
  }
  return out;
}
