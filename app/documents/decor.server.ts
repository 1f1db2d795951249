/**
 * Shared artwork: the journal's seal (a monogram with the journal name around it, drawn as
 * vector outlines) and the certificate frame. The seal stands in for a journal without an
 * uploaded logo (logo.server.ts draws that one instead). Its content stream is built and deflated once per isolate per journal and
 * embedded in each document as a Form XObject — no per-document drawing or compression.
 */
import { zlibSync } from "fflate";
import { PDFRawStream, type PDFRef } from "pdf-lib";
import { circlePath, hex, textOutlines, type Canvas, type Color, type DocBuilder } from "./canvas.server";
import { num } from "./fonts.server";
import { monogramInitials } from "../lib/initials";
import { drawLogo, type PreparedLogo } from "./logo.server";

export const NAVY = hex("#14365d");
export const NAVY_DARK = hex("#0e2947");
export const GOLD = hex("#b08d3c");
export const GOLD_LIGHT = hex("#d9c48f");
export const CREAM = hex("#f8f3e6");
const IVORY = hex("#fffdf8");
export const INK = hex("#1d2733");
export const MUTED = hex("#56606d");
export const RULE = hex("#d4d9e0");
export const TINT = hex("#f1f4f8");
export const WHITE: Color = [1, 1, 1];

function rgb(c: Color, op: "rg" | "RG"): string {
  return `${num(c[0])} ${num(c[1])} ${num(c[2])} ${op}`;
}

interface SealInput {
  name: string;
  yearStarted?: string;
  /** The journal's uploaded logo, drawn instead of the seal when present. */
  logo?: PreparedLogo;
}

const SEAL_RADIUS = 50;
const sealCache = new Map<string, Uint8Array>();

/** Text set on a circle, glyph by glyph, centred at the top (or bottom, reading left to right). */
function ringText(text: string, radius: number, size: number, tracking: number, color: Color, bottom = false): string {
  const glyphs = textOutlines(text, "bold");
  const total = glyphs.reduce((w, g) => w + g.advance * size + tracking, -tracking);
  let out = `${rgb(color, "rg")}\n`;
  let pos = 0;
  for (const g of glyphs) {
    const adv = g.advance * size;
    const mid = pos + adv / 2 - total / 2;
    // Top: glyphs run clockwise from the left, upright outwards; bottom: counter-clockwise, upright inwards.
    const theta = bottom ? -Math.PI / 2 + mid / radius : Math.PI / 2 - mid / radius;
    const rot = bottom ? theta + Math.PI / 2 : theta - Math.PI / 2;
    const cos = Math.cos(rot);
    const sin = Math.sin(rot);
    const x = radius * Math.cos(theta);
    const y = radius * Math.sin(theta);
    out += `q ${num(cos)} ${num(sin)} ${num(-sin)} ${num(cos)} ${num(x)} ${num(y)} cm 1 0 0 1 ${num(-adv / 2)} 0 cm\n${g.ops(size)}f Q\n`;
    pos += adv + tracking;
  }
  return out;
}

function width(text: string, size: number, tracking: number): number {
  const glyphs = textOutlines(text, "bold");
  return glyphs.reduce((w, g) => w + g.advance * size + tracking, -tracking);
}

function star(cx: number, cy: number, r: number): string {
  let out = "";
  for (let i = 0; i < 10; i++) {
    const a = Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.42;
    out += `${num(cx + rr * Math.cos(a))} ${num(cy + rr * Math.sin(a))} ${i === 0 ? "m" : "l"} `;
  }
  return `${out}h f\n`;
}

function buildSeal(input: SealInput): Uint8Array {
  const name = input.name.trim().toLocaleUpperCase() || "JOURNAL";
  // Up to five letters: 'Journal of Applied Chemistry and Environmental Research' → JACER.
  const initials = monogramInitials(input.name, 5);
  let ops = "";
  // Discs and rings.
  ops += `${rgb(NAVY, "rg")}\n${circlePath(0, 0, 49.5)}f\n`;
  ops += `${rgb(GOLD_LIGHT, "RG")} 1.1 w\n${circlePath(0, 0, 46.8)}S\n`;
  ops += `${rgb(GOLD, "rg")}\n${circlePath(0, 0, 31.5)}f\n`;
  ops += `${rgb(CREAM, "rg")}\n${circlePath(0, 0, 29.6)}f\n`;
  ops += `${rgb(GOLD, "RG")} 0.5 w\n${circlePath(0, 0, 27.6)}S\n`;

  // The journal name around the top and sides, letter-spaced to fit the ring.
  const radius = 36.5;
  const gap = 0.55; // radians left free at the bottom for the stars
  const arc = radius * (2 * Math.PI - gap);
  let size = 8.2;
  let tracking = size * 0.12;
  const w1 = width(name, 1, 0);
  const glyphCount = Array.from(name).length;
  if (w1 * size + tracking * glyphCount > arc) {
    size = Math.max(3.6, arc / (w1 + 0.12 * glyphCount));
    tracking = size * 0.12;
  }
  const ringName = w1 * size + tracking * glyphCount > arc + 0.01 ? `${initials} · PEER REVIEWED JOURNAL` : name;
  ops += ringText(ringName, radius - size * 0.36, size, tracking, CREAM);
  ops += `${rgb(GOLD_LIGHT, "rg")}\n${star(0, -radius, 3.2)}`;

  // The monogram.
  const monoSize = Math.min(24, 40 / Math.max(0.1, width(initials, 1, 0)));
  const monoWidth = width(initials, monoSize, 0);
  const glyphs = textOutlines(initials, "bold");
  const baseline = input.yearStarted ? -monoSize * 0.22 : -monoSize * 0.36;
  ops += `${rgb(NAVY, "rg")}\n`;
  let x = -monoWidth / 2;
  for (const g of glyphs) {
    ops += `q 1 0 0 1 ${num(x)} ${num(baseline)} cm\n${g.ops(monoSize)}f Q\n`;
    x += g.advance * monoSize;
  }
  if (input.yearStarted) {
    const est = `EST. ${input.yearStarted.trim().slice(0, 4)}`;
    const estSize = 4.6;
    const estGlyphs = textOutlines(est, "bold");
    const estTracking = 0.5;
    const estWidth = width(est, estSize, estTracking);
    ops += `${rgb(GOLD, "RG")} 0.4 w ${num(-12)} ${num(baseline - 3.2)} m ${num(12)} ${num(baseline - 3.2)} l S\n${rgb(GOLD, "rg")}\n`;
    let ex = -estWidth / 2;
    for (const g of estGlyphs) {
      ops += `q 1 0 0 1 ${num(ex)} ${num(baseline - 9.4)} cm\n${g.ops(estSize)}f Q\n`;
      ex += g.advance * estSize + estTracking;
    }
  }
  return zlibSync(new TextEncoder().encode(ops), { level: 9 });
}

/** The seal as a Form XObject of this document (1 unit = 1 pt; 100 pt across). */
function sealRef(builder: DocBuilder, input: SealInput): PDFRef {
  const key = `${input.name}\u0000${input.yearStarted ?? ""}`;
  return builder.sharedRef(`seal:${key}`, () => {
    let bytes = sealCache.get(key);
    if (!bytes) {
      bytes = buildSeal(input);
      if (sealCache.size > 64) sealCache.clear();
      sealCache.set(key, bytes);
    }
    const context = builder.doc.context;
    const r = SEAL_RADIUS;
    const dict = context.obj({
      Type: "XObject",
      Subtype: "Form",
      BBox: [-r, -r, r, r],
      Filter: "FlateDecode",
      Length: bytes.length,
    });
    return context.register(PDFRawStream.of(dict, bytes));
  });
}

/**
 * Draws the journal's emblem with the given diameter (points) centred on (cx, cy): its uploaded
 * logo (fitted inside the circle the seal would fill) or, without one, the seal.
 */
export function drawSeal(canvas: Canvas, input: SealInput, cx: number, cy: number, diameter: number, opacity?: number): void {
  const gs = opacity === undefined ? undefined : opacityRef(canvas.builder, opacity);
  if (input.logo) {
    // An opaque logo (a JPEG, a PNG without alpha) is a rectangle: it is clipped to the round
    // emblem so its background never shows as a square or sticks out of a round plate.
    const opaque = !input.logo.smask;
    if (opaque) canvas.save().raw(`${circlePath(cx, cy, diameter / 2)}W n`);
    drawLogo(canvas, input.logo, cx, cy, diameter * 0.86, gs);
    if (opaque) canvas.restore();
    return;
  }
  const ref = sealRef(canvas.builder, input);
  canvas.xobject(ref, cx, cy, diameter / (2 * SEAL_RADIUS), gs);
}

function opacityRef(builder: DocBuilder, opacity: number): PDFRef {
  return builder.sharedRef(`gs:${opacity}`, () =>
    builder.doc.context.register(builder.doc.context.obj({ Type: "ExtGState", ca: opacity, CA: opacity })),
  );
}

/** A gold rule with a diamond in the middle. */
export function ornamentRule(canvas: Canvas, cx: number, y: number, halfWidth: number, color: Color = GOLD): void {
  canvas.strokeColor(color).lineWidth(0.7);
  canvas.line(cx - halfWidth, y, cx - 7, y);
  canvas.line(cx + 7, y, cx + halfWidth, y);
  canvas.fillColor(color).diamond(cx, y, 4, 2.6, "f");
  canvas.diamond(cx - halfWidth - 3, y, 1.6, 1.6, "f");
  canvas.diamond(cx + halfWidth + 3, y, 1.6, 1.6, "f");
}

/** The certificate frame: ivory ground, navy and gold double border, corner ornaments. */
export function certificateFrame(canvas: Canvas, accent: Color = NAVY): void {
  const W = canvas.width;
  const H = canvas.height;
  canvas.save();
  canvas.fillColor(IVORY).rect(14, 14, W - 28, H - 28, "f");
  canvas.strokeColor(accent).lineWidth(3).rect(16, 16, W - 32, H - 32, "S");
  canvas.strokeColor(GOLD).lineWidth(0.9).rect(23, 23, W - 46, H - 46, "S");
  canvas.strokeColor(GOLD).lineWidth(0.4).rect(26.5, 26.5, W - 53, H - 53, "S");
  // Corner ornaments: an L-bracket with a diamond at each inner corner.
  const corners: [number, number, number, number][] = [
    [26.5, 26.5, 1, 1],
    [W - 26.5, 26.5, -1, 1],
    [26.5, H - 26.5, 1, -1],
    [W - 26.5, H - 26.5, -1, -1],
  ];
  for (const [x, y, sx, sy] of corners) {
    canvas.fillColor(accent).rect(x + sx * 4 - (sx < 0 ? 14 : 0), y + sy * 4 - (sy < 0 ? 14 : 0), 14, 14, "f");
    canvas.fillColor(GOLD).diamond(x + sx * 11, y + sy * 11, 4.2, 4.2, "f");
    canvas.strokeColor(GOLD).lineWidth(1.1);
    canvas.line(x + sx * 22, y + sy * 8, x + sx * 62, y + sy * 8);
    canvas.line(x + sx * 8, y + sy * 22, x + sx * 8, y + sy * 62);
    canvas.fillColor(GOLD).diamond(x + sx * 66, y + sy * 8, 2, 2, "f");
    canvas.diamond(x + sx * 8, y + sy * 66, 2, 2, "f");
  }
  canvas.restore();
}
