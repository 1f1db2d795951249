/**
 * A compact QR Code encoder (ISO/IEC 18004: byte mode, error correction level M, versions
 * 1–15), enough for a certificate's verification URL, drawn as vector rectangles. Follows the
 * structure of Project Nayuki's reference implementation (MIT).
 */
import type { Canvas } from "./canvas.server";
import { num } from "./fonts.server";

// Level M tables, indexed by version (index 0 unused).
const ECC_PER_BLOCK = [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24];
const NUM_BLOCKS = [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10];
const MAX_VERSION = 15;
const FORMAT_BITS_M = 0;

function rawDataModules(ver: number): number {
  let result = (16 * ver + 128) * ver + 64;
  if (ver >= 2) {
    const numAlign = Math.floor(ver / 7) + 2;
    result -= (25 * numAlign - 10) * numAlign - 55;
    if (ver >= 7) result -= 36;
  }
  return result;
}

function dataCodewords(ver: number): number {
  return Math.floor(rawDataModules(ver) / 8) - ECC_PER_BLOCK[ver] * NUM_BLOCKS[ver];
}

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j], root);
      if (j + 1 < result.length) result[j] ^= result[j + 1];
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function rsRemainder(data: number[], divisor: number[]): number[] {
  const result = divisor.map(() => 0);
  for (const b of data) {
    const factor = b ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coef, i) => (result[i] ^= gfMultiply(coef, factor)));
  }
  return result;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];
const patternCache = new Map<number, Uint8Array[]>();

/** For each mask, 1 where it flips a data module (function patterns are never masked). */
function maskPatterns(ver: number, isFunction: Uint8Array): Uint8Array[] {
  let patterns = patternCache.get(ver);
  if (!patterns) {
    const size = ver * 4 + 17;
    patterns = MASKS.map((fn) => {
      const p = new Uint8Array(size * size);
      for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) p[y * size + x] = !isFunction[y * size + x] && fn(x, y) ? 1 : 0;
      return p;
    });
    patternCache.set(ver, patterns);
  }
  return patterns;
}

function alignmentPositions(ver: number): number[] {
  if (ver === 1) return [];
  const numAlign = Math.floor(ver / 7) + 2;
  const step = Math.floor((ver * 8 + numAlign * 3 + 5) / (numAlign * 4 - 4)) * 2;
  const result = [6];
  for (let pos = ver * 4 + 17 - 7; result.length < numAlign; pos -= step) result.splice(1, 0, pos);
  return result;
}

/** The QR matrix for `text` (true = dark), or null if it is too long for version 15-M. */
export function qrMatrix(text: string): boolean[][] | null {
  const bytes = new TextEncoder().encode(text);
  let ver = 1;
  for (; ver <= MAX_VERSION; ver++) {
    const countBits = ver < 10 ? 8 : 16;
    if (4 + countBits + bytes.length * 8 <= dataCodewords(ver) * 8) break;
  }
  if (ver > MAX_VERSION) return null;

  // Data bit stream: mode, length, bytes, terminator, padding.
  const bits: number[] = [];
  const put = (value: number, len: number) => {
    for (let i = len - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, ver < 10 ? 8 : 16);
  for (const b of bytes) put(b, 8);
  const capacity = dataCodewords(ver) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));

  // Error correction and interleaving.
  const numBlocks = NUM_BLOCKS[ver];
  const eccLen = ECC_PER_BLOCK[ver];
  const rawCodewords = Math.floor(rawDataModules(ver) / 8);
  const numShort = numBlocks - (rawCodewords % numBlocks);
  const shortLen = Math.floor(rawCodewords / numBlocks);
  const divisor = rsDivisor(eccLen);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < numBlocks; i++) {
    const dat = data.slice(k, k + shortLen - eccLen + (i < numShort ? 0 : 1));
    k += dat.length;
    const ecc = rsRemainder(dat, divisor);
    if (i < numShort) dat.push(0);
    blocks.push(dat.concat(ecc));
  }
  const codewords: number[] = [];
  for (let i = 0; i < blocks[0].length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortLen - eccLen || j >= numShort) codewords.push(block[i]);
    });
  }

  // Function patterns. Flat grids: index = y * size + x.
  const size = ver * 4 + 17;
  const modules = new Uint8Array(size * size);
  const isFunction = new Uint8Array(size * size);
  const setF = (x: number, y: number, dark: boolean) => {
    modules[y * size + x] = dark ? 1 : 0;
    isFunction[y * size + x] = 1;
  };
  for (let i = 0; i < size; i++) {
    setF(6, i, i % 2 === 0);
    setF(i, 6, i % 2 === 0);
  }
  const finder = (cx: number, cy: number) => {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        if (x < 0 || x >= size || y < 0 || y >= size) continue;
        const dist = Math.max(Math.abs(dx), Math.abs(dy));
        setF(x, y, dist !== 2 && dist !== 4);
      }
    }
  };
  finder(3, 3);
  finder(size - 4, 3);
  finder(3, size - 4);
  const align = alignmentPositions(ver);
  const last = align.length - 1;
  align.forEach((ay, i) =>
    align.forEach((ax, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) setF(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
    }),
  );
  const drawFormat = (mask: number) => {
    const d = (FORMAT_BITS_M << 3) | mask;
    let rem = d;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const fb = ((d << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((fb >>> i) & 1) !== 0;
    for (let i = 0; i <= 5; i++) setF(8, i, bit(i));
    setF(8, 7, bit(6));
    setF(8, 8, bit(7));
    setF(7, 8, bit(8));
    for (let i = 9; i < 15; i++) setF(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) setF(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) setF(8, size - 15 + i, bit(i));
    setF(8, size - 8, true);
  };
  drawFormat(0);
  if (ver >= 7) {
    let rem = ver;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const vb = (ver << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const dark = ((vb >>> i) & 1) !== 0;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      setF(a, b, dark);
      setF(b, a, dark);
    }
  }

  // Codewords in the zigzag order.
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (!isFunction[y * size + x] && i < codewords.length * 8) {
          modules[y * size + x] = (codewords[i >>> 3] >>> (7 - (i & 7))) & 1;
          i++;
        }
      }
    }
  }

  // Mask with the lowest penalty. The eight XOR patterns depend only on the version.
  const patterns = maskPatterns(ver, isFunction);
  const applyMask = (m: number) => {
    const pattern = patterns[m];
    for (let k = 0; k < modules.length; k++) modules[k] ^= pattern[k];
  };
  let best = 0;
  let bestPenalty = Infinity;
  for (let m = 0; m < 8; m++) {
    applyMask(m);
    drawFormat(m);
    const p = penalty(modules, size);
    if (p < bestPenalty) {
      best = m;
      bestPenalty = p;
    }
    applyMask(m);
  }
  applyMask(best);
  drawFormat(best);
  const rows: boolean[][] = [];
  for (let y = 0; y < size; y++) rows.push(Array.from(modules.subarray(y * size, (y + 1) * size), (v) => v === 1));
  return rows;
}

/** Rule 1 (runs of 5+) and rule 3 (finder look-alikes, with 4 light modules of margin) on one line. */
function linePenalty(m: Uint8Array, start: number, step: number, size: number): number {
  let result = 0;
  let run = 0;
  let prev = -1;
  // An 11-module window: 1011101 with 0000 before (0x05d) or after (0x5d0) it; the margin
  // outside the symbol counts as light.
  let window = 0;
  for (let b = 0, k = start; b < size; b++, k += step) {
    const v = m[k];
    if (v === prev) {
      run++;
      if (run === 5) result += 3;
      else if (run > 5) result++;
    } else {
      prev = v;
      run = 1;
    }
    window = ((window << 1) | v) & 0x7ff;
    if (window === 0x5d0 || window === 0x05d) result += 40;
  }
  for (let b = 0; b < 4; b++) {
    window = (window << 1) & 0x7ff;
    if (window === 0x5d0) result += 40;
  }
  return result;
}

/** Penalty rules 1 (runs), 2 (2×2 blocks), 3 (finder-like patterns) and 4 (balance). */
function penalty(m: Uint8Array, size: number): number {
  let result = 0;
  for (let a = 0; a < size; a++) result += linePenalty(m, a * size, 1, size) + linePenalty(m, a, size, size);
  let dark = 0;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    for (let x = 0; x < size; x++) {
      const k = row + x;
      const v = m[k];
      dark += v;
      if (y + 1 < size && x + 1 < size && v === m[k + 1] && v === m[k + size] && v === m[k + size + 1]) result += 3;
    }
  }
  const total = size * size;
  return result + (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
}

/** Draws the QR code of `text` with its bottom-left corner at (x, y), `size` points square. */
export function drawQr(canvas: Canvas, text: string, x: number, y: number, size: number): boolean {
  const matrix = qrMatrix(text);
  if (!matrix) return false;
  const n = matrix.length;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  let ops = `q 1 1 1 rg ${num(x)} ${num(y)} ${num(size)} ${num(size)} re f 0.078 0.212 0.365 rg\n`;
  for (let row = 0; row < n; row++) {
    const top = y + size - (quiet + row + 1) * cell;
    for (let col = 0; col < n; ) {
      if (!matrix[row][col]) {
        col++;
        continue;
      }
      let end = col;
      while (end < n && matrix[row][end]) end++;
      ops += `${num(x + (quiet + col) * cell)} ${num(top - 0.02)} ${num((end - col) * cell)} ${num(cell + 0.04)} re\n`;
      col = end;
    }
  }
  ops += "f Q";
  canvas.raw(ops);
  return true;
}
