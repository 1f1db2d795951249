import { describe, expect, it } from "vitest";
import { contentDisposition } from "./content-disposition";

describe("contentDisposition", () => {
  it("keeps safe names and defuses the rest", () => {
    expect(contentDisposition("attachment", "certificate-48213.pdf")).toBe('attachment; filename="certificate-48213.pdf"');
    expect(contentDisposition("inline", 'a"; filename=evil.html\r\nX: y.pdf')).toBe('inline; filename="a___filename_evil.html__X__y.pdf"');
    expect(contentDisposition("inline", "कुमार.pdf")).toBe('inline; filename="_____.pdf"');
  });
});
