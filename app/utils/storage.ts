/** Public URLs of stored files (spec §7 static files); safe to use in browser code. */

export function issueFolder(year: number, volume: number, issue: number): string {
  return `${year}/vol${volume}issue${issue}`;
}

/** Public URL of an article's PDF (spec §7 static files). */
export function articleFileUrl(year: number, volume: number, issue: number, file: string): string {
  return `/assets/archives/${issueFolder(year, volume, issue)}/${encodeURIComponent(file)}`;
}

export function editorPictureUrl(picture: string): string {
  return picture ? `/assets/editors/${encodeURIComponent(picture)}` : "/assets/editors/avatar.png";
}

export function indexingImageUrl(image: string): string {
  return `/assets/indexing/${encodeURIComponent(image)}`;
}


/** The journal's logo; object names change with every upload, so the URL never goes stale. */
export function journalLogoUrl(logo: string): string {
  return logo ? `/assets/logo/${encodeURIComponent(logo)}` : "";
}
