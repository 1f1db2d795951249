/** Certificate of Appreciation for a member of the editorial board (landscape A4). */
import { fitRuns, layoutRuns, singleLine, type Run, withFonts } from "./canvas.server";
import { certificatePage, fitBlocks, signatureBlock, verificationBlock, type Block } from "./certificate.server";
import { INK, MUTED, NAVY } from "./decor.server";
import { longDate } from "../lib/dates";
import { roleLabel } from "../schemas/editor";
import { dataDate, htmlLines, titleRuns } from "./format.server";
import type { EditorInfo, JournalInfo } from "./types";

interface EditorCertificateInput {
  journal: JournalInfo;
  editor: EditorInfo;
  /** Name signing the certificate (the Editor-in-Chief). */
  editorInChief: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
  /** Public verification page of this certificate (/verify/{code}) and its code. */
  verifyUrl: string;
  code: string;
}

export const EDITOR_FOOTER_TOP = 138;

/**
 * The certificate's body text fitted to `textWidth` × (top − bottom): post, affiliation (its
 * HTML lines separated by commas) and country on up to two lines, shrinking with the rest when
 * a long affiliation would otherwise reach the signature.
 */
export function editorCertificateBlocks(input: Pick<EditorCertificateInput, "editor" | "issuedOn" | "journal">, textWidth: number, top: number, bottom: number): Block[] {
  const { editor, journal } = input;
  const role = roleLabel(editor.category);
  const details: Run[] = [...titleRuns(editor.post, "regular", "italic")];
  for (const part of [...htmlLines(editor.content), editor.country.trim()]) {
    if (part) details.push({ text: `${details.length ? ", " : ""}${part}`, style: "regular" });
  }
  const recognition: Run[] = [
    { text: "in grateful recognition of the valuable contribution as ", style: "regular" },
    { text: role, style: "bold" },
    { text: " of the Editorial Board of ", style: "regular" },
    { text: journal.name, style: "italic" },
    { text: ".", style: "regular" },
  ];
  return fitBlocks((k) => {
    const nameLines = fitRuns([{ text: editor.name.trim(), style: "bold" }], { size: 27 * k, minSize: 16 * k, maxWidth: textWidth - 40, maxLines: 2, balance: true });
    const lead = Math.max(k, 0.6);
    const blocks: Block[] = [
      { lines: [singleLine("CERTIFICATE OF APPRECIATION", "bold", 24 * Math.min(1, k * 1.2))], leading: 30 * Math.min(1, k * 1.2), color: NAVY, before: 0, tracking: 2.2 },
      { lines: [singleLine("This certificate is proudly presented to", "italic", 12.5 * lead)], leading: 18 * lead, color: MUTED, before: 6 * k },
      { lines: nameLines, leading: nameLines[0].size * 1.25, color: INK, before: 6 * k, underline: true },
    ];
    if (details.length) {
      const lines = fitRuns(details, { size: 11.5 * k, minSize: 9 * k, maxWidth: textWidth, maxLines: 2, balance: true });
      blocks.push({ lines, leading: lines[0].size * 1.4, color: MUTED, before: 10 * k });
    }
    const rec = fitRuns(recognition, { size: 13 * k, minSize: 10.5 * k, maxWidth: textWidth, maxLines: 3, balance: true });
    blocks.push({ lines: rec, leading: rec[0].size * 1.38, color: INK, before: 10 * k });
    blocks.push({ lines: layoutRuns([{ text: `Issued on ${longDate(input.issuedOn)}`, style: "regular" }], 12 * lead, textWidth), leading: 17 * lead, color: INK, before: 6 * k });
    return blocks;
  }, top, bottom);
}

/** The document's bytes: drawn with its fonts loaded on first use (withFonts). */
export function buildEditorCertificate(input: EditorCertificateInput): Promise<Uint8Array> {
  return withFonts(() => drawEditorCertificate(input));
}

async function drawEditorCertificate(input: EditorCertificateInput): Promise<Uint8Array> {
  const { journal, editor } = input;
  const role = roleLabel(editor.category);
  const { builder, canvas } = await certificatePage({
    title: `Certificate of Appreciation — ${editor.name}`,
    subject: `${editor.name}, ${role}, ${journal.name}`,
    author: journal.name,
    keywords: ["Certificate of Appreciation", role, `Verification ${input.code}`],
    date: dataDate([input.issuedOn]),
  }, journal, EDITOR_FOOTER_TOP, (width, top) => editorCertificateBlocks(input, width - 200, top, EDITOR_FOOTER_TOP));
  const W = canvas.width;
  const chief = input.editorInChief.trim();
  const signsOwn = !chief || chief === editor.name.trim();
  if (signsOwn) {
    signatureBlock(canvas, journal.publisherName || journal.name, "Publisher", W - 175, 88, { stamp: journal.stamp });
  } else {
    signatureBlock(canvas, chief, "Editor-in-Chief", W - 175, 88, { signature: journal.signature, stamp: journal.stamp });
  }
  verificationBlock(canvas, input.verifyUrl, input.code, journal.domain ? [journal.domain] : []);
  return builder.save();
}
