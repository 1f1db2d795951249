/**
 * Where the documents' fonts come from: static files beside the Worker (public/fonts/, made by
 * scripts/fonts/prepare.mjs and deployed as Workers static assets), read through the ASSETS
 * binding on first use in an isolate — never part of the Worker's code, so they cost nothing at
 * startup and only the faces a document draws are ever read (docs/decisions/026). The
 * manifest says which file holds which code points, so a face is chosen for a character
 * before any font is read.
 *
 * Layout code is synchronous; loading is not. A document is therefore built inside
 * `withFonts` (canvas.server.ts): a build that meets a face (or the bidi tables) not loaded yet
 * lays out with placeholders, and at the end throws `ResourcesPending` with what to load; the
 * wrapper loads it and builds again. Once an isolate has the faces, documents build in one pass.
 */

export interface FontManifest {
  version: number;
  faces: Record<string, { file: string; cover: string; base?: boolean; group?: string }>;
  chains: Record<"regular" | "bold" | "italic", string[]>;
  cjk: Record<string, { regular: string[]; bold: string[] }>;
}

/** Reads one file of public/fonts/ ("manifest.json", "serif-greek-400.ab12cd34ef.woff"). */
export type FontSource = (file: string) => Promise<Uint8Array>;

let source: FontSource | null = null;

/** The Worker's static assets as the font source (set by workers/app.ts on each request; the first one stays). */
export function useFontAssets(assets: Fetcher | undefined): void {
  if (source || !assets) return;
  source = async (file) => {
    const res = await assets.fetch(`https://assets.invalid/fonts/${file}`);
    if (!res.ok) throw new Error(`font file ${file}: ${res.status} from the static assets`);
    return new Uint8Array(await res.arrayBuffer());
  };
}

/** Another source (Node scripts read public/fonts/ from disk; tests may count reads). */
export function setFontSource(next: FontSource): void {
  source = next;
}

/** How many font files this isolate has read (tests: only what a document needs, once). */
export const fontReads = { count: 0, files: [] as string[] };

export async function fontFile(file: string): Promise<Uint8Array> {
  if (!source) throw new Error("no font source: the Worker sets it from its ASSETS binding (useFontAssets)");
  fontReads.count++;
  if (fontReads.files.length < 1000) fontReads.files.push(file);
  return source(file);
}

let manifest: FontManifest | null = null;
let manifestLoading: Promise<FontManifest> | null = null;

/** The manifest, read once per isolate. */
export function fontManifest(): Promise<FontManifest> {
  if (manifest) return Promise.resolve(manifest);
  manifestLoading ??= fontFile("manifest.json")
    .then((bytes) => {
      const parsed = JSON.parse(new TextDecoder().decode(bytes)) as FontManifest;
      if (parsed.version !== 1) throw new Error(`font manifest version ${parsed.version} is not the one this code reads (1)`);
      manifest = parsed;
      return parsed;
    })
    .catch((error) => {
      manifestLoading = null;
      throw error;
    });
  return manifestLoading;
}

/** The manifest if this isolate has read it, else null (synchronous layout code asks this). */
export function loadedManifest(): FontManifest | null {
  return manifest;
}

/**
 * Thrown at the end of a build that met faces (or tables) this isolate has not loaded yet:
 * `load()` loads them all; the build is then run again.
 */
export class ResourcesPending extends Error {
  readonly loads: (() => Promise<unknown>)[];
  constructor(loads: (() => Promise<unknown>)[]) {
    super(`${loads.length} font resource(s) to load before this document can be drawn`);
    this.name = "ResourcesPending";
    this.loads = loads;
  }

  load(): Promise<unknown> {
    return Promise.all(this.loads.map((l) => l()));
  }
}
