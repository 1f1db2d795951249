/**
 * Certificate of Publication for one author of one article (landscape A4), and the shared
 * certificate layout (header, signature) the editors' certificate uses too.
 */
import { A4_LANDSCAPE, DocBuilder, fitRuns, layoutRuns, lineWidth, singleLine, type Canvas, type Line } from "./canvas.server";
import { certificateFrame, drawSeal, GOLD, INK, MUTED, NAVY, ornamentRule } from "./decor.server";
import { formatPages } from "../lib/pages";
import { longDate } from "../lib/dates";
import { dataDate, formatPeriod, titleRuns, titleText } from "./format.server";
import { drawQr } from "./qr.server";
import type { ArticleSummary } from "../lib/article";
import type { JournalInfo } from "./types";

export interface CertificateInput {
  journal: JournalInfo;
  article: ArticleSummary;
  /** The author's name as it appears in the byline. */
  author: string;
  /** 1-based position of the author in the byline. */
  position: number;
  editorInChief: string;
  /** Public verification page of this certificate, e.g. https://journal.example/verify/48213-2-K7QH3M9XWA. */
  verifyUrl: string;
  /** The verification code (last path segment of verifyUrl). */
  code: string;
}

/** 'ISSN: … | E-ISSN: … | Impact Factor: …' with whatever the journal has. */
export function identityLine(journal: JournalInfo): string {
  const parts: string[] = [];
  if (journal.issn) parts.push(`ISSN: ${journal.issn}`);
  if (journal.essn) parts.push(`E-ISSN: ${journal.essn}`);
  if (journal.impactFactor) parts.push(`Impact Factor: ${journal.impactFactor}`);
  return parts.join("   |   ");
}

/** Seal, journal name and identity line at the top of a certificate; returns the y below it. */
export function certificateHeader(canvas: Canvas, journal: JournalInfo): number {
  const cx = canvas.width / 2;
  const top = canvas.height - 38;
  const sealDiameter = 80;
  drawSeal(canvas, journal, cx, top - sealDiameter / 2, sealDiameter);
  const nameLines = fitRuns([{ text: journal.name, style: "bold" }], { size: 19, minSize: 14, maxWidth: canvas.width - 180, maxLines: 2 });
  let y = top - sealDiameter - 22;
  y = canvas.drawLines(nameLines, cx, y, nameLines[0].size * 1.18, { color: NAVY, align: "center" });
  const identity = identityLine(journal);
  if (identity) {
    canvas.text(identity, cx, y + 2, "regular", 9.5, { color: MUTED, align: "center" });
    y -= 14;
  }
  ornamentRule(canvas, cx, y + 2, 150);
  return y - 8;
}

/** Signature line with a name and a role under it, centred on cx. */
export function signatureBlock(canvas: Canvas, name: string, role: string, cx: number, lineY: number): void {
  canvas.strokeColor(INK).lineWidth(0.6).line(cx - 95, lineY, cx + 95, lineY);
  const nameLine = fitRuns([{ text: name || "—", style: "bold" }], { size: 11.5, minSize: 8, maxWidth: 230, maxLines: 1 })[0];
  canvas.drawLine(nameLine, cx, lineY - 15, { color: INK, align: "center" });
  canvas.text(role, cx, lineY - 29, "italic", 10, { color: MUTED, align: "center" });
}

/** Places a vertically centred block of lines between top and bottom. */
export interface Block {
  lines: Line[];
  leading: number;
  color: readonly [number, number, number];
  /** Space above the block's first line box. */
  before: number;
  tracking?: number;
  underline?: boolean;
}

export function blockHeight(b: Block): number {
  return b.before + b.lines.length * b.leading;
}

export function drawBlocks(canvas: Canvas, blocks: Block[], top: number, bottom: number): void {
  const total = blocks.reduce((h, b) => h + blockHeight(b), 0);
  const cx = canvas.width / 2;
  let y = top - Math.max(0, (top - bottom - total) / 2);
  for (const b of blocks) {
    y -= b.before;
    for (const line of b.lines) {
      const baseline = y - b.leading * 0.78;
      canvas.drawLine(line, cx, baseline, { color: b.color, align: "center", tracking: b.tracking });
      if (b.underline && line === b.lines[b.lines.length - 1]) {
        const w = Math.max(260, ...b.lines.map((l) => lineWidth(l, b.tracking) + 50));
        canvas.strokeColor(GOLD).lineWidth(0.8).line(cx - w / 2, baseline - 9, cx + w / 2, baseline - 9);
      }
      y -= b.leading;
    }
  }
}

export function issueSentence(article: Pick<ArticleSummary, "volume" | "issue" | "year" | "frequency" | "pagenumber">): string {
  const period = formatPeriod(article.frequency);
  const when = [period, String(article.year)].filter(Boolean).join(" ");
  const pages = article.pagenumber ? `, Pages ${formatPages(article.pagenumber)}` : "";
  return `in Volume ${article.volume}, Issue ${article.issue}, ${when}${pages}`;
}

export async function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { journal, article } = input;
  const title = titleText(article.title);
  const builder = await DocBuilder.create({
    title: `Certificate of Publication — ${input.author}`,
    subject: `${input.author}: “${title}”, ${journal.name}, Vol. ${article.volume}, Issue ${article.issue}, ${article.year}`,
    author: journal.name,
    keywords: ["Certificate of Publication", `Ref. No. ${article.refnumber}`, `Verification ${input.code}`],
    // Dated by the publication it certifies, so every build of it is byte-identical.
    date: dataDate([article.publishdate], `${article.year}-01-01`),
  });
  const canvas = builder.addPage(A4_LANDSCAPE);
  const W = canvas.width;
  const cx = W / 2;
  certificateFrame(canvas);
  drawSeal(canvas, journal, cx, canvas.height / 2 - 30, 300, 0.045);

  const headerBottom = certificateHeader(canvas, journal);
  const footerTop = 138;

  const textWidth = W - 190;
  const titleLines = fitRuns(
    [{ text: "“", style: "regular" }, ...titleRuns(article.title), { text: "”", style: "regular" }],
    { size: 15.5, minSize: 10.5, maxWidth: textWidth, maxLines: 3, balance: true },
  );
  const nameLines = fitRuns([{ text: input.author, style: "bold" }], { size: 27, minSize: 14, maxWidth: textWidth - 40, maxLines: 1, balance: true });
  const published = longDate(article.publishdate);
  const blocks: Block[] = [
    { lines: [singleLine("CERTIFICATE OF PUBLICATION", "bold", 24)], leading: 30, color: NAVY, before: 0, tracking: 2.2 },
    { lines: [singleLine("This is to certify that", "italic", 12.5)], leading: 18, color: MUTED, before: 6 },
    { lines: nameLines, leading: nameLines[0].size * 1.25, color: INK, before: 6, underline: true },
    { lines: [singleLine("has published the article titled", "italic", 12.5)], leading: 18, color: MUTED, before: 10 },
    { lines: titleLines, leading: titleLines[0].size * 1.32, color: INK, before: 4 },
    { lines: layoutRuns([{ text: `${issueSentence(article)}.`, style: "regular" }], 12, textWidth), leading: 17, color: INK, before: 6 },
    ...(published ? [{ lines: [singleLine(`Published on ${published}`, "regular", 12)], leading: 17, color: INK, before: 0 } satisfies Block] : []),
  ];
  drawBlocks(canvas, blocks, headerBottom, footerTop);

  // Footer: verification (left), reference (centre), signature (right).
  const left = 62;
  const qrSize = 58;
  drawQr(canvas, input.verifyUrl, left, 48, qrSize);
  const tx = left + qrSize + 12;
  const urlLines = fitRuns([{ text: input.verifyUrl, style: "regular" }], { size: 8.5, minSize: 7, maxWidth: 250, maxLines: 1 }).slice(0, 3);
  let ty = 92 + (urlLines.length - 1) * 5;
  canvas.text("Verify this certificate", tx, ty, "bold", 9, { color: NAVY });
  ty = canvas.drawLines(urlLines, tx, ty - 13, 10, { color: INK }) - 3;
  canvas.text(`Certificate ID: ${input.code}`, tx, ty, "regular", 8.5, { color: MUTED });
  canvas.text(`Ref. No. ${article.refnumber}`, tx, ty - 13, "regular", 8.5, { color: MUTED });
  signatureBlock(canvas, input.editorInChief, "Editor-in-Chief", W - 175, 88);
  return builder.save();
}
