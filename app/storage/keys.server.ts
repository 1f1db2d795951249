/**
 * The one place R2 keys are built. Every key starts with the journal's id so one journal can
 * never read another's files, and keys are built from validated parts — never from a
 * client-supplied file name.
 */

import { issueFolder } from "../lib/urls";

const SAFE_FILE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isSafeFileName(name: string): boolean {
  return SAFE_FILE.test(name) && !name.includes("..");
}


const ISSUE_FOLDER = /^\d{4}\/vol\d{1,4}issue\d{1,4}$/;

/** The key of an object in an issue folder ('2025/vol4issue2', from issueFolder). */
export function articleFolderKey(journalId: number, folder: string, file: string): string {
  if (!ISSUE_FOLDER.test(folder)) throw new Error(`bad issue folder: ${folder}`);
  if (!isSafeFileName(file)) throw new Error(`unsafe file name: ${file}`);
  return `journals/${journalId}/archives/${folder}/${file}`;
}

/** Where a new object for an article of this issue goes (uploads write here). */
export function articleFileKey(journalId: number, year: number, volume: number, issue: number, file: string): string {
  return articleFolderKey(journalId, issueFolder(year, volume, issue), file);
}

/** What a row says about where its PDF object is (app/db/schema/articles.ts). */
interface StoredPdf {
  year: number;
  volume: number;
  issue: number;
  file: string;
  fileKey: string;
  fileFolder: string;
}

/**
 * The R2 key of an article's current PDF, or null when it has none: the object `fileKey` (or,
 * for rows from before versioned objects, `file`) in the folder it was stored under —
 * `fileFolder`, or for rows that never moved the folder of their year, volume and issue. An
 * issue edit or a move changes the coordinates, not the objects (migration 0018).
 */
export function articlePdfKey(journalId: number, a: StoredPdf): string | null {
  const object = a.fileKey || a.file;
  if (!object) return null;
  return articleFolderKey(journalId, a.fileFolder || issueFolder(a.year, a.volume, a.issue), object);
}

export function editorPictureKey(journalId: number, picture: string): string {
  if (!isSafeFileName(picture)) throw new Error(`unsafe file name: ${picture}`);
  return `journals/${journalId}/editors/${picture}`;
}

export function indexingImageKey(journalId: number, image: string): string {
  if (!isSafeFileName(image)) throw new Error(`unsafe file name: ${image}`);
  return `journals/${journalId}/indexing/${image}`;
}

export function journalLogoKey(journalId: number, logo: string): string {
  if (!isSafeFileName(logo)) throw new Error(`unsafe file name: ${logo}`);
  return `journals/${journalId}/logo/${logo}`;
}

/** A journal's stored link-preview image, named by the digest of what it shows (hex). */
export function previewImageKey(journalId: number, digest: string): string {
  if (!/^[0-9a-f]{16,64}$/.test(digest)) throw new Error(`bad preview digest: ${digest}`);
  return `journals/${journalId}/previews/${digest}.png`;
}

/** Signature and stamp images drawn on certificates (names start with signature- or stamp-). */
export function certificateImageKey(journalId: number, image: string): string {
  if (!isSafeFileName(image)) throw new Error(`unsafe file name: ${image}`);
  return `journals/${journalId}/signature/${image}`;
}

const CONTENT_TYPES: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  gif: "image/gif",
  doc: "application/msword",
};

export function contentTypeFor(name: string): string {
  const ext = name.slice(name.lastIndexOf(".") + 1).toLowerCase();
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}
