/**
 * Certificate of Publication for one author of one article (landscape A4), and the shared
 * certificate layout (header, signature) the editors' certificate uses too.
 */
import { A4_LANDSCAPE, DocBuilder, fitRuns, layoutRuns, lineWidth, singleLine, type Canvas, type Line, type Run, withFonts } from "./canvas.server";
import { certificateFrame, drawSeal, GOLD, INK, MUTED, NAVY, ornamentRule } from "./decor.server";
import { formatPages } from "../lib/pages";
import { volumeIssueLabel } from "../lib/archive";
import { longDate } from "../lib/dates";
import { dataDate, formatPeriod, titleRuns, titleText } from "./format.server";
import { drawQr } from "./qr.server";
import { drawImageInBox, type PreparedLogo } from "./logo.server";
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
  /** The article's DOI ('10.…'), printed when there is one. */
  doi?: string;
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

/** The box under the signature line that the signer's name must stay inside. */
export const SIGNATURE_NAME_BOX = { width: 230, height: 24 };

/**
 * The signer's name laid out inside SIGNATURE_NAME_BOX: one line at 11.5 pt when it fits,
 * else smaller and on up to two lines, shrinking further until the whole name fits (never cut).
 */
export function signatureNameLines(name: string): Line[] {
  return fitInBox([{ text: name || "—", style: "bold" }], { size: 11.5, minSize: 8, maxLines: 2, leading: 1.15, ...SIGNATURE_NAME_BOX });
}

/** Where the uploaded signature (above the line) and stamp (left of it) go, relative to the line's centre. */
export const SIGNATURE_IMAGE_BOX = { dx: -85, dy: 1, width: 170, height: 44 };
export const STAMP_BOX = { dx: -168, dy: -34, size: 72 };

/**
 * Signature line with a name and a role under it, centred on cx; the uploaded signature image
 * sits on the line and the stamp overlaps its left end, as a signed and stamped paper would.
 */
export function signatureBlock(
  canvas: Canvas,
  name: string,
  role: string,
  cx: number,
  lineY: number,
  images: { signature?: PreparedLogo; stamp?: PreparedLogo } = {},
): void {
  if (images.stamp) drawImageInBox(canvas, images.stamp, cx + STAMP_BOX.dx, lineY + STAMP_BOX.dy, STAMP_BOX.size, STAMP_BOX.size);
  if (images.signature) {
    const b = SIGNATURE_IMAGE_BOX;
    drawImageInBox(canvas, images.signature, cx + b.dx, lineY + b.dy, b.width, b.height);
  }
  canvas.strokeColor(INK).lineWidth(0.6).line(cx - 95, lineY, cx + 95, lineY);
  const lines = signatureNameLines(name);
  const leading = lines[0].size * 1.15;
  canvas.drawLines(lines, cx, lineY - 4 - lines[0].size * 0.9, leading, { color: INK, align: "center" });
  canvas.text(role, cx, lineY - 8 - lines.length * leading - 6, "italic", 10, { color: MUTED, align: "center" });
}

/**
 * Lays runs out in a box: the largest size from `size` down that needs at most `maxLines`
 * lines (stopping at `minSize`), then, if the lines are still taller than the box, smaller
 * again until they fit. Text is never cut.
 */
export function fitInBox(runs: Run[], o: { size: number; minSize: number; maxLines: number; width: number; height: number; leading: number }): Line[] {
  let lines = fitRuns(runs, { size: o.size, minSize: o.minSize, maxWidth: o.width, maxLines: o.maxLines, balance: true });
  let size = lines[0]?.size ?? o.size;
  while (lines.length * size * o.leading > o.height && size > 2) {
    size *= 0.9;
    lines = layoutRuns(runs, size, o.width);
  }
  return lines;
}

/**
 * The QR code of the certificate's verification page at the bottom left, with "Verify this
 * certificate", the URL, the certificate ID and `more` lines (reference, date) beside it.
 */
export function verificationBlock(canvas: Canvas, verifyUrl: string, code: string, more: string[]): void {
  const left = 62;
  const qrSize = 58;
  drawQr(canvas, verifyUrl, left, 48, qrSize);
  const tx = left + qrSize + 12;
  const urlLines = fitRuns([{ text: verifyUrl, style: "regular" }], { size: 8.5, minSize: 7, maxWidth: 250, maxLines: 1 }).slice(0, 3);
  let ty = 92 + (urlLines.length - 1) * 5;
  canvas.text("Verify this certificate", tx, ty, "bold", 9, { color: NAVY });
  ty = canvas.drawLines(urlLines, tx, ty - 13, 10, { color: INK }) - 3;
  canvas.text(`Certificate ID: ${code}`, tx, ty, "regular", 8.5, { color: MUTED });
  more.forEach((line, i) => canvas.text(line, tx, ty - 13 * (i + 1), "regular", 8.5, { color: MUTED }));
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

/**
 * The largest layout that fits between top and bottom: `make(scale)` builds the blocks with
 * every size scaled; the scale comes down from 1 until their height fits (long names, titles
 * and affiliations shrink rather than run into the footer).
 */
export function fitBlocks(make: (scale: number) => Block[], top: number, bottom: number): Block[] {
  let blocks = make(1);
  for (let scale = 0.88; totalHeight(blocks) > top - bottom && scale > 0.1; scale *= 0.88) blocks = make(scale);
  return blocks;
}

export function totalHeight(blocks: Block[]): number {
  return blocks.reduce((h, b) => h + blockHeight(b), 0);
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
  return `in ${volumeIssueLabel(article, { long: true, digits: "plain" })}, ${when}${pages}`;
}

/** Where the certificate's body text goes on the landscape page: between header and footer, this wide. */
export const CERTIFICATE_FOOTER_TOP = 138;
export const CERTIFICATE_TEXT_WIDTH = A4_LANDSCAPE[0] - 190;

/**
 * The certificate's body text, laid out to fit `textWidth` × (top − bottom): the name on one
 * line when it can (two at most before it shrinks), the title on up to three, the issue, DOI
 * and date lines; everything shrinks together when the whole does not fit.
 */
export function certificateBlocks(input: Pick<CertificateInput, "article" | "author" | "doi">, textWidth: number, top: number, bottom: number): Block[] {
  const { article } = input;
  const published = longDate(article.publishdate);
  const doi = input.doi?.trim();
  return fitBlocks((k) => {
    const titleLines = fitRuns(
      [{ text: "“", style: "regular" }, ...titleRuns(article.title), { text: "”", style: "regular" }],
      { size: 15.5 * k, minSize: 10.5 * k, maxWidth: textWidth, maxLines: 3, balance: true },
    );
    const nameLines = fitRuns([{ text: input.author, style: "bold" }], { size: 27 * k, minSize: 16 * k, maxWidth: textWidth - 40, maxLines: 2, balance: true });
    const small = Math.min(12, 12 * Math.max(k, 0.6));
    const blocks: Block[] = [
      { lines: [singleLine("CERTIFICATE OF PUBLICATION", "bold", 24 * Math.min(1, k * 1.2))], leading: 30 * Math.min(1, k * 1.2), color: NAVY, before: 0, tracking: 2.2 },
      { lines: [singleLine("This is to certify that", "italic", 12.5 * Math.max(k, 0.6))], leading: 18 * Math.max(k, 0.6), color: MUTED, before: 6 * k },
      { lines: nameLines, leading: nameLines[0].size * 1.25, color: INK, before: 6 * k, underline: true },
      { lines: [singleLine("has published the article titled", "italic", 12.5 * Math.max(k, 0.6))], leading: 18 * Math.max(k, 0.6), color: MUTED, before: 10 * k },
      { lines: titleLines, leading: titleLines[0].size * 1.32, color: INK, before: 4 * k },
      { lines: layoutRuns([{ text: `${issueSentence(article)}.`, style: "regular" }], small, textWidth), leading: small * 1.42, color: INK, before: 6 * k },
    ];
    if (doi) blocks.push({ lines: layoutRuns([{ text: `DOI: https://doi.org/${doi}`, style: "regular" }], small * 0.92, textWidth), leading: small * 1.35, color: INK, before: 0 });
    if (published) blocks.push({ lines: [singleLine(`Published on ${published}`, "regular", small)], leading: small * 1.42, color: INK, before: 0 });
    return blocks;
  }, top, bottom);
}

/**
 * The page both certificates share: the document, its frame, seal and journal header, and the
 * text blocks `blocks` makes for the room between the header and `footerTop`. The caller draws
 * its own footer on the canvas and saves the builder.
 */
export async function certificatePage(info: Parameters<typeof DocBuilder.create>[0], journal: JournalInfo, footerTop: number, blocks: (width: number, top: number) => Block[]) {
  const builder = await DocBuilder.create(info);
  const canvas = builder.addPage(A4_LANDSCAPE);
  certificateFrame(canvas);
  drawSeal(canvas, journal, canvas.width / 2, canvas.height / 2 - 30, 300, 0.045);
  const headerBottom = certificateHeader(canvas, journal);
  drawBlocks(canvas, blocks(canvas.width, headerBottom), headerBottom, footerTop);
  return { builder, canvas };
}

/** The document's bytes: drawn with its fonts loaded on first use (withFonts). */
export function buildCertificate(input: CertificateInput): Promise<Uint8Array> {
  return withFonts(() => drawCertificate(input));
}

async function drawCertificate(input: CertificateInput): Promise<Uint8Array> {
  const { journal, article } = input;
  const title = titleText(article.title);
  const { builder, canvas } = await certificatePage({
    title: `Certificate of Publication — ${input.author}`,
    subject: `${input.author}: “${title}”, ${journal.name}, ${volumeIssueLabel(article, { digits: "plain" })}, ${article.year}`,
    author: journal.name,
    keywords: ["Certificate of Publication", `Ref. No. ${article.refnumber}`, `Verification ${input.code}`],
    // Dated by the publication it certifies, so every build of it is byte-identical.
    date: dataDate([article.publishdate], `${article.year}-01-01`),
  }, journal, CERTIFICATE_FOOTER_TOP, (width, top) => certificateBlocks(input, width - 190, top, CERTIFICATE_FOOTER_TOP));
  const W = canvas.width;

  // Footer: verification (left), reference (centre), signature (right).
  const issued = longDate(article.publishdate);
  verificationBlock(canvas, input.verifyUrl, input.code, [`Ref. No. ${article.refnumber}`, ...(issued ? [`Date of issue: ${issued}`] : [])]);
  signatureBlock(canvas, input.editorInChief, "Editor-in-Chief", W - 175, 88, { signature: journal.signature, stamp: journal.stamp });
  return builder.save();
}
