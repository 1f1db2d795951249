/**
 * The Content-Disposition header of every file the site sends (PDFs, zips, citation exports,
 * stored files): the one place a file name is written into a header. Only letters, digits,
 * '.', '_' and '-' survive (anything else becomes '_'), so a name can neither break out of the
 * quoted string nor pass for another file type.
 */
export function contentDisposition(disposition: "inline" | "attachment", filename: string): string {
  return `${disposition}; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`;
}
