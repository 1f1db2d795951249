/**
 * ASCII spellings of names for file names that every tool shows the same (zip entries read by
 * `unzip` under a C locale or older Windows tools ignore the UTF-8 name flag): accented Latin
 * loses its marks (é → e, Ł → L, ß → ss) and Devanagari is romanised (क्षितिज → Kshitij,
 * त्रिपाठी → Tripathi) with the inherent vowel dropped at the end of a word, as Hindi and
 * Marathi names are usually spelt.
 */

const LATIN: Record<string, string> = {
  ß: "ss", Æ: "AE", æ: "ae", Œ: "OE", œ: "oe", Ø: "O", ø: "o", Ł: "L", ł: "l", Đ: "D", đ: "d", Ð: "D", ð: "d",
  Þ: "Th", þ: "th", ı: "i", Ħ: "H", ħ: "h", Ŧ: "T", ŧ: "t", Ŀ: "L", ŀ: "l", ĸ: "k", Ŋ: "N", ŋ: "n", ſ: "s",
};

const CONSONANTS: Record<string, string> = {
  क: "k", ख: "kh", ग: "g", घ: "gh", ङ: "n", च: "ch", छ: "chh", ज: "j", झ: "jh", ञ: "n", ट: "t", ठ: "th", ड: "d",
  ढ: "dh", ण: "n", त: "t", थ: "th", द: "d", ध: "dh", न: "n", प: "p", फ: "ph", ब: "b", भ: "bh", म: "m", य: "y",
  र: "r", ल: "l", ळ: "l", व: "v", श: "sh", ष: "sh", स: "s", ह: "h", "क़": "q", "ख़": "kh", "ग़": "gh", "ज़": "z",
  "ड़": "r", "ढ़": "rh", "फ़": "f", "य़": "y",
};
const VOWELS: Record<string, string> = {
  अ: "a", आ: "a", इ: "i", ई: "i", उ: "u", ऊ: "u", ऋ: "ri", ए: "e", ऐ: "ai", ओ: "o", औ: "au", ऑ: "o", ऍ: "e",
};
const MATRAS: Record<string, string> = {
  "\u093E": "a", "\u093F": "i", "\u0940": "i", "\u0941": "u", "\u0942": "u", "\u0943": "ri", "\u0947": "e",
  "\u0948": "ai", "\u094B": "o", "\u094C": "au", "\u0949": "o", "\u0945": "e",
};
const VIRAMA = "\u094D";
const NUKTA = "\u093C";
const SIGNS: Record<string, string> = { "\u0902": "n", "\u0901": "n", "\u0903": "h" };

function devanagari(word: string): string {
  const chars = Array.from(word.normalize("NFC"));
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i];
    if (chars[i + 1] === NUKTA) {
      c += NUKTA;
      i++;
    }
    const consonant = CONSONANTS[c] ?? CONSONANTS[c.replace(NUKTA, "")];
    if (consonant !== undefined) {
      out += consonant;
      const next = chars[i + 1];
      if (next === VIRAMA) i++;
      else if (next !== undefined && MATRAS[next] !== undefined) {
        out += MATRAS[next];
        i++;
      } else if (next !== undefined && /[\u0900-\u097F]/.test(next)) out += "a";
      continue;
    }
    out += VOWELS[c] ?? SIGNS[c] ?? (/[\u0966-\u096F]/.test(c) ? String(c.charCodeAt(0) - 0x0966) : /[\u0900-\u097F]/.test(c) ? "" : c);
  }
  return out.charAt(0).toUpperCase() + out.slice(1);
}

/** The text in ASCII letters, digits and the punctuation it had; anything else is dropped. */
export function toAscii(text: string): string {
  const romanised = text.replace(/[\u0900-\u097F]+/g, (w) => devanagari(w));
  return Array.from(romanised.normalize("NFD"))
    .map((c) => LATIN[c] ?? c)
    .join("")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, "");
}
