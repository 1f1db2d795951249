import { unzlibSync } from "fflate";
import { describe, expect, it } from "vitest";
import { blankPng, crc32, encodeRgbPng, pngChunk } from "./png";

describe("png encoder", () => {
  it("computes PNG's CRC-32 (the IEND chunk's well-known AE 42 60 82)", () => {
    expect(crc32(new TextEncoder().encode("IEND"))).toBe(0xae426082);
    expect(Array.from(pngChunk("IEND", new Uint8Array(0)))).toEqual([0, 0, 0, 0, 73, 69, 78, 68, 0xae, 0x42, 0x60, 0x82]);
  });

  it("writes an RGB image whose IDAT inflates back to the filtered scanlines", () => {
    const rgb = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]);
    const png = encodeRgbPng(2, 2, rgb);
    expect(Array.from(png.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    const view = new DataView(png.buffer);
    expect([view.getUint32(16), view.getUint32(20), png[24], png[25]]).toEqual([2, 2, 8, 2]);
    const idatLength = view.getUint32(33);
    expect(new TextDecoder().decode(png.subarray(37, 41))).toBe("IDAT");
    expect(Array.from(unzlibSync(png.subarray(41, 41 + idatLength)))).toEqual([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 9, 9, 9]);
  });

  it("writes a blank RGBA image without holding its pixels", () => {
    const png = blankPng(3, 2);
    const view = new DataView(png.buffer);
    expect(png[25]).toBe(6);
    expect(Array.from(unzlibSync(png.subarray(41, 41 + view.getUint32(33))))).toEqual(new Array(2 * (1 + 3 * 4)).fill(0));
  });
});
