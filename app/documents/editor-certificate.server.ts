/** Certificate of Appreciation for a member of the editorial board (landscape A4). */
import { A4_LANDSCAPE, DocBuilder, fitRuns, layoutRuns, singleLine, type Run } from "./canvas.server";
import { certificateHeader, drawBlocks, signatureBlock, type Block } from "./certificate.server";
import { certificateFrame, drawSeal, INK, MUTED, NAVY } from "./decor.server";
import { longDate } from "../lib/dates";
import { dataDate, titleRuns } from "./format.server";
import { htmlToText } from "../lib/html";
import type { EditorInfo, JournalInfo } from "./types";

export interface EditorCertificateInput {
  journal: JournalInfo;
  editor: EditorInfo;
  /** Name signing the certificate (the Editor-in-Chief). */
  editorInChief: string;
  /** YYYY-MM-DD. */
  issuedOn: string;
}

const ROLE: Record<string, string> = {
  "chief editor": "Editor-in-Chief",
  "associate editor": "Associate Editor",
  "assistant editor": "Assistant Editor",
};

export function roleLabel(category: string): string {
  return ROLE[category] ?? "Member of the Editorial Board";
}

export async function buildEditorCertificate(input: EditorCertificateInput): Promise<Uint8Array> {
  const { journal, editor } = input;
  const role = roleLabel(editor.category);
  const builder = await DocBuilder.create({
    title: `Certificate of Appreciation — ${editor.name}`,
    subject: `${editor.name}, ${role}, ${journal.name}`,
    author: journal.name,
    keywords: ["Certificate of Appreciation", role],
    date: dataDate([input.issuedOn]),
  });
  const canvas = builder.addPage(A4_LANDSCAPE);
  const W = canvas.width;
  certificateFrame(canvas);
  drawSeal(canvas, journal, W / 2, canvas.height / 2 - 30, 300, 0.045);
  const headerBottom = certificateHeader(canvas, journal);
  const textWidth = W - 200;

  const details: Run[] = [...titleRuns(editor.post, "regular", "italic")];
  const affiliation = htmlToText(editor.content);
  for (const part of [affiliation, editor.country.trim()]) {
    if (part) details.push({ text: `${details.length ? ", " : ""}${part}`, style: "regular" });
  }
  const nameLines = fitRuns([{ text: editor.name.trim(), style: "bold" }], { size: 27, minSize: 14, maxWidth: textWidth - 40, maxLines: 1, balance: true });
  const recognition: Run[] = [
    { text: "in grateful recognition of the valuable contribution as ", style: "regular" },
    { text: role, style: "bold" },
    { text: " of the Editorial Board of ", style: "regular" },
    { text: journal.name, style: "italic" },
    { text: ".", style: "regular" },
  ];
  const blocks: Block[] = [
    { lines: [singleLine("CERTIFICATE OF APPRECIATION", "bold", 24)], leading: 30, color: NAVY, before: 0, tracking: 2.2 },
    { lines: [singleLine("This certificate is proudly presented to", "italic", 12.5)], leading: 18, color: MUTED, before: 6 },
    { lines: nameLines, leading: nameLines[0].size * 1.25, color: INK, before: 6, underline: true },
    ...(details.length
      ? [{ lines: fitRuns(details, { size: 11.5, minSize: 9, maxWidth: textWidth, maxLines: 2, balance: true }), leading: 16, color: MUTED, before: 10 } satisfies Block]
      : []),
    { lines: fitRuns(recognition, { size: 13, minSize: 10.5, maxWidth: textWidth, maxLines: 3, balance: true }), leading: 18, color: INK, before: 10 },
    { lines: layoutRuns([{ text: `Issued on ${longDate(input.issuedOn)}`, style: "regular" }], 12, textWidth), leading: 17, color: INK, before: 6 },
  ];
  drawBlocks(canvas, blocks, headerBottom, 138);
  const chief = input.editorInChief.trim();
  const signsOwn = !chief || chief === editor.name.trim();
  if (signsOwn) {
    signatureBlock(canvas, journal.publisherName || journal.name, "Publisher", W - 175, 88);
  } else {
    signatureBlock(canvas, chief, "Editor-in-Chief", W - 175, 88);
  }
  if (journal.domain) canvas.text(journal.domain, 74, 62, "regular", 9, { color: MUTED });
  return builder.save();
}
