/**
 * WOFF 1.0 → plain sfnt (TrueType/OpenType) file. fontkit reads WOFF directly but inflates a
 * table again on every access — the whole glyf table once per glyph — which makes subsetting a
 * WOFF face hundreds of times slower than subsetting the same font as TTF; unpacked once, a
 * face is parsed and subset at TTF speed. Used by the documents' font loader in the Worker and
 * by scripts/fonts/prepare.mjs (which reads each face's cmap at build time).
 *
 * Glyph records are padded to an even length on the way (see padGlyphRecords).
 */
import { unzlibSync } from "fflate";

export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (woff.length < 44 || view.getUint32(0) !== 0x774f4646) return woff; // not 'wOFF'
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i++) {
    const e = 44 + i * 20;
    const tag = view.getUint32(e);
    const offset = view.getUint32(e + 4);
    const compLength = view.getUint32(e + 8);
    const origLength = view.getUint32(e + 12);
    const checksum = view.getUint32(e + 16);
    const raw = woff.subarray(offset, offset + compLength);
    tables.push({ tag, checksum, data: compLength < origLength ? unzlibSync(raw) : raw });
  }
  padGlyphRecords(tables);
  tables.sort((a, b) => a.tag - b.tag);
  let entrySelector = 0;
  while (1 << (entrySelector + 1) <= numTables) entrySelector++;
  const searchRange = (1 << entrySelector) * 16;
  let size = 12 + numTables * 16;
  for (const t of tables) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const o = new DataView(out.buffer);
  o.setUint32(0, flavor);
  o.setUint16(4, numTables);
  o.setUint16(6, searchRange);
  o.setUint16(8, entrySelector);
  o.setUint16(10, numTables * 16 - searchRange);
  let offset = 12 + numTables * 16;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    o.setUint32(r, t.tag);
    o.setUint32(r + 4, t.checksum);
    o.setUint32(r + 8, offset);
    o.setUint32(r + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

const tag = (s: string) => (s.charCodeAt(0) << 24) | (s.charCodeAt(1) << 16) | (s.charCodeAt(2) << 8) | s.charCodeAt(3);

/**
 * Pads every glyph record of a TrueType font with long loca offsets to an even length (the
 * font stays the same font). Fonts from Google's pipeline leave records of odd length, which
 * long offsets allow; fontkit's subsetter copies the records as they are but may write short
 * (halved) offsets, and an odd record then shifts every glyph after it — the subset embedded in
 * a PDF draws nothing for them.
 */
function padGlyphRecords(tables: { tag: number; checksum: number; data: Uint8Array }[]): void {
  const find = (t: string) => tables.find((x) => x.tag === tag(t));
  const head = find("head");
  const loca = find("loca");
  const glyf = find("glyf");
  const maxp = find("maxp");
  if (!head || !loca || !glyf || !maxp) return;
  const headView = new DataView(head.data.buffer, head.data.byteOffset, head.data.byteLength);
  if (headView.getInt16(50) !== 1) return; // short offsets are even by construction
  const numGlyphs = new DataView(maxp.data.buffer, maxp.data.byteOffset, maxp.data.byteLength).getUint16(4);
  const locaView = new DataView(loca.data.buffer, loca.data.byteOffset, loca.data.byteLength);
  if (loca.data.length < (numGlyphs + 1) * 4) return;
  let odd = false;
  for (let i = 0; i < numGlyphs && !odd; i++) odd = (locaView.getUint32((i + 1) * 4) - locaView.getUint32(i * 4)) % 2 === 1;
  if (!odd) return;
  let size = 0;
  for (let i = 0; i < numGlyphs; i++) size += (locaView.getUint32((i + 1) * 4) - locaView.getUint32(i * 4) + 1) & ~1;
  const newGlyf = new Uint8Array(size);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const out = new DataView(newLoca.buffer);
  let offset = 0;
  for (let i = 0; i < numGlyphs; i++) {
    const start = locaView.getUint32(i * 4);
    const end = locaView.getUint32((i + 1) * 4);
    out.setUint32(i * 4, offset);
    newGlyf.set(glyf.data.subarray(start, end), offset);
    offset += (end - start + 1) & ~1;
  }
  out.setUint32(numGlyphs * 4, offset);
  glyf.data = newGlyf;
  loca.data = newLoca;
  // Checksums of changed tables are not checked by fontkit or PDF readers; zero marks them unknown.
  glyf.checksum = 0;
  loca.checksum = 0;
}
