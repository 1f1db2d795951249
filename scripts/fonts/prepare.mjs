/**
 * The fonts of the PDF documents and of the web pages, laid out as static files in
 * public/fonts/ (git-ignored, made from the npm packages): vite.config.ts and vitest.config.ts
 * call prepareFonts() before anything else, so `npm start`, the build and the tests find them.
 * The build copies public/ into the Worker's static assets, where the Worker reads them through
 * its ASSETS binding on first use (app/documents/font-files.server.ts) — no font is part of the
 * Worker's code (docs/decisions/026-fonts-as-static-assets.md).
 *
 * What it writes:
 * - `{face}.{hash}.woff` — one file per face the documents use (a whole font, or one of the
 *   unicode-range slices the @fontsource packages ship: CJK fonts come in ~100 slices, so a
 *   document loads only the slices holding its characters). WOFF 1 (zlib), which the Worker
 *   unpacks with fflate; content-hashed names, cached as immutable.
 * - `{face}.{hash}.woff2` — the same slice for browsers (the web pages' @font-face rules).
 * - `manifest.json` — each face's file and the exact code points its cmap covers, and the order
 *   in which each text style tries the faces (what the Worker needs to pick a face for a
 *   character without loading any font).
 * - `scripts.css`, `cjk-{sc,tc,jp,kr}.css` — @font-face rules (family "Journal Scripts") with the
 *   exact unicode-range of each slice, so a browser downloads only the slices a page shows.
 *
 * Regenerated only when the source list, the packages' versions or this script change (a
 * stamp file holds the key); a run with nothing to do takes a few milliseconds.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { woffToSfnt } from "../../app/lib/woff.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Bump when the output's shape changes (the Worker reads manifest.version). */
const FORMAT = 1;

/**
 * The faces, in the order each style tries them. `pkg` is an npm package, `file` a path in it
 * (or, with `local`, a path in this repository). Weights: 400 regular, 700 bold; `italic` faces
 * only where a real italic exists (Latin, Greek, Cyrillic, Vietnamese).
 */
const fontsource = (family, subset, weight, style = "normal") => ({ pkg: `@fontsource/${family}`, file: `files/${family}-${subset}-${weight}-${style}.woff` });
const NOTO_SERIF_SUBSETS = ["latin", "latin-ext", "vietnamese", "greek", "greek-ext", "cyrillic", "cyrillic-ext", "math"];
/** Scripts with one font file each: [face id prefix, package family, subset]. Serif where Noto has one on npm, else sans. */
const SCRIPTS = [
  ["arabic", "noto-naskh-arabic", "arabic"],
  ["hebrew", "noto-serif-hebrew", "hebrew"],
  ["thai", "noto-serif-thai", "thai"],
  ["bengali", "noto-serif-bengali", "bengali"],
  ["gurmukhi", "noto-sans-gurmukhi", "gurmukhi"],
  ["gujarati", "noto-serif-gujarati", "gujarati"],
  ["oriya", "noto-sans-oriya", "oriya"],
  ["tamil", "noto-serif-tamil", "tamil"],
  ["telugu", "noto-serif-telugu", "telugu"],
  ["kannada", "noto-sans-kannada", "kannada"],
  ["malayalam", "noto-serif-malayalam", "malayalam"],
];
/** CJK families: [key, package family]; each ships numbered slices (the number is in the file name). */
const CJK = [
  ["sc", "noto-serif-sc"],
  ["tc", "noto-serif-tc"],
  ["jp", "noto-serif-jp"],
  ["kr", "noto-serif-kr"],
];

function sources(require) {
  /** @type {{id: string, pkg?: string, file: string, local?: boolean, base?: boolean, group?: string}[]} */
  const faces = [];
  const face = (f) => {
    if (!faces.some((x) => x.id === f.id)) faces.push(f);
    return f.id;
  };
  const serif = (weight, style = "normal") =>
    NOTO_SERIF_SUBSETS.map((subset) => face({ id: `serif-${subset}-${weight}${style === "italic" ? "i" : ""}`, ...fontsource("noto-serif", subset, weight, style) }));
  const scripts = (weight) => SCRIPTS.map(([id, family, subset]) => face({ id: `${id}-${weight}`, ...fontsource(family, subset, weight) }));
  // The main faces (Latin and Devanagari in one face) carry pre-built base subsets.
  const regular = face({ id: "devanagari-400", pkg: "@expo-google-fonts/noto-serif-devanagari", file: "400Regular/NotoSerifDevanagari_400Regular.ttf", base: true });
  const bold = face({ id: "devanagari-700", pkg: "@expo-google-fonts/noto-serif-devanagari", file: "700Bold/NotoSerifDevanagari_700Bold.ttf", base: true });
  const italic = face({ id: "serif-latin-400i", ...fontsource("noto-serif", "latin", 400, "italic"), base: true });
  const symbols = face({ id: "symbols", file: "app/documents/fonts/symbols-serif.ttf", local: true });
  const italics = serif(400, "italic").filter((id) => id !== italic && !id.startsWith("serif-math"));
  const chains = {
    // What the main face lacks comes from Noto Serif's subsets (Vietnamese, Greek, Cyrillic…),
    // the DejaVu symbols, then one face per script; CJK groups follow (ordered per text).
    regular: [regular, ...serif(400), symbols, ...scripts(400)],
    // Bold falls back to the regular main face before any other family, as it always has.
    bold: [bold, regular, ...serif(700), symbols, ...scripts(700)],
    // Italic: real italics where they exist, then the upright faces.
    italic: [italic, ...italics, regular, ...serif(400), symbols, ...scripts(400)],
  };
  // CJK: the slices of each family form a group; the Worker orders the groups per text
  // (kana → Japanese first, Hangul → Korean, traditional-only characters → traditional Chinese).
  const cjk = {};
  for (const [key, family] of CJK) {
    const dir = path.join(path.dirname(require.resolve(`@fontsource/${family}/package.json`)), "files");
    const slices = readdirSync(dir)
      .map((name) => new RegExp(`^${family}-(\\d+)-400-normal\\.woff$`).exec(name)?.[1])
      .filter(Boolean)
      .map(Number)
      .sort((a, b) => a - b);
    cjk[key] = { regular: [], bold: [] };
    for (const n of slices) {
      for (const [style, weight] of [["regular", 400], ["bold", 700]]) {
        const id = `cjk-${key}-${n}-${weight}`;
        faces.push({ id, ...fontsource(family, String(n), weight), group: key });
        cjk[key][style].push(id);
      }
    }
  }
  return { faces, chains, cjk };
}

function packageVersion(require, pkg) {
  return JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")).version;
}

/** Code points as delta-coded ranges in base 36: "start,length;…" with start relative to the previous range's end. */
function encodeRanges(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const parts = [];
  let prevEnd = 0;
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(`${(sorted[i] - prevEnd).toString(36)}.${(j - i + 1).toString(36)}`);
    prevEnd = sorted[j] + 1;
    i = j + 1;
  }
  return parts.join(",");
}

/** CSS unicode-range of code points. */
function unicodeRange(codePoints) {
  const sorted = [...new Set(codePoints)].sort((a, b) => a - b);
  const out = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    const hex = (n) => n.toString(16);
    out.push(i === j ? `U+${hex(sorted[i])}` : `U+${hex(sorted[i])}-${hex(sorted[j])}`);
    i = j + 1;
  }
  return out.join(",");
}

/**
 * Characters the pages take from "Journal Scripts": other scripts, not Latin (U+0000–024F),
 * punctuation or currency signs, which the reader's own system faces keep drawing.
 */
const webScript = (cp) => cp >= 0x250 && !(cp >= 0x2000 && cp <= 0x20cf) && cp < 0xfff0;

const short = (bytes) => createHash("sha256").update(bytes).digest("hex").slice(0, 10);

/**
 * Writes public/fonts/ under `root` unless it is already current. Returns the folder.
 * @param {string} root the project folder
 */
export function prepareFonts(root = path.resolve(HERE, "../..")) {
  const require = createRequire(path.join(root, "package.json"));
  const out = path.join(root, "public", "fonts");
  const { faces, chains, cjk } = sources(require);
  const packages = [...new Set(faces.filter((f) => f.pkg).map((f) => f.pkg))].sort();
  const key = short(
    JSON.stringify([FORMAT, readFileSync(fileURLToPath(import.meta.url), "utf8"), packages.map((p) => `${p}@${packageVersion(require, p)}`), faces.filter((f) => f.local).map((f) => short(readFileSync(path.join(root, f.file))))]),
  );
  const stampFile = path.join(out, ".stamp");
  if (existsSync(stampFile) && readFileSync(stampFile, "utf8") === key && existsSync(path.join(out, "manifest.json"))) return out;

  const fontkit = require("@pdf-lib/fontkit");
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const manifestFaces = {};
  const web = { scripts: [], sc: [], tc: [], jp: [], kr: [] };
  const started = Date.now();
  for (const face of faces) {
    const file = face.local ? path.join(root, face.file) : path.join(path.dirname(require.resolve(`${face.pkg}/package.json`)), face.file);
    const bytes = readFileSync(file);
    const font = fontkit.create(Buffer.from(woffToSfnt(new Uint8Array(bytes))));
    const codePoints = font.characterSet.filter((cp) => cp >= 0x20);
    const ext = path.extname(file);
    const name = `${face.id}.${short(bytes)}${ext}`;
    writeFileSync(path.join(out, name), bytes);
    manifestFaces[face.id] = {
      file: name,
      cover: encodeRanges(codePoints),
      ...(face.base ? { base: true } : {}),
      ...(face.group ? { group: face.group } : {}),
    };
    // Browsers get the WOFF2 twin of each @fontsource face (the main faces are the site's own
    // "Journal Devanagari" and its system serif; only other scripts need "Journal Scripts").
    if (face.pkg?.startsWith("@fontsource/") && ext === ".woff") {
      const woff2 = file.replace(/\.woff$/, ".woff2");
      const webName = `${face.id}.${short(readFileSync(woff2))}.woff2`;
      writeFileSync(path.join(out, webName), readFileSync(woff2));
      const weight = /-(\d00)i?$/.exec(face.id)?.[1] ?? "400";
      const italic = face.id.endsWith("i");
      const isLatin = face.id.startsWith("serif-latin-") || face.id.startsWith("serif-latin-ext") || face.id.startsWith("serif-math");
      if (isLatin) continue;
      const rule = `@font-face{font-family:"Journal Scripts";font-style:${italic ? "italic" : "normal"};font-weight:${weight};font-display:swap;src:url(./${webName}) format("woff2");unicode-range:${unicodeRange(codePoints.filter(webScript))}}`;
      (face.group ? web[face.group] : web.scripts).push(rule);
    }
  }
  const manifest = { version: FORMAT, faces: manifestFaces, chains, cjk };
  writeFileSync(path.join(out, "manifest.json"), JSON.stringify(manifest));
  writeFileSync(path.join(out, "scripts.css"), `${web.scripts.join("\n")}\n`);
  for (const k of ["sc", "tc", "jp", "kr"]) writeFileSync(path.join(out, `cjk-${k}.css`), `${web[k].join("\n")}\n`);
  writeFileSync(stampFile, key);
  console.log(`fonts: ${faces.length} faces written to ${path.relative(root, out)} in ${Date.now() - started} ms`);
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) prepareFonts();
