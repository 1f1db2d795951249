/** Lays out public/fonts/ (fonts, manifest, web CSS) from the npm packages unless current; returns the folder. */
export function prepareFonts(root?: string): string;
