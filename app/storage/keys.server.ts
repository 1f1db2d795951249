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


export function articleFileKey(journalId: number, year: number, volume: number, issue: number, file: string): string {
  if (!isSafeFileName(file)) throw new Error(`unsafe file name: ${file}`);
  return `journals/${journalId}/archives/${issueFolder(year, volume, issue)}/${file}`;
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
