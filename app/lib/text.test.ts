import { describe, expect, it } from "vitest";
import { shortenText } from "./text";

describe("shortenText", () => {
  it("leaves text that fits alone, with its spaces tidied", () => {
    expect(shortenText("  Short   abstract. ", 40)).toBe("Short abstract.");
    expect(shortenText("x".repeat(10), 10)).toBe("x".repeat(10));
  });

  it("cuts at a word boundary and ends in one ellipsis, within the limit", () => {
    const text = "Drip irrigation improved water use efficiency of tomato by thirty per cent over furrow irrigation.";
    const out = shortenText(text, 40);
    expect(out).toBe("Drip irrigation improved water use…");
    expect(Array.from(out).length).toBeLessThanOrEqual(40);
    expect(text.startsWith(out.slice(0, -1))).toBe(true);
  });

  it("uses a cut that falls exactly on a space, and drops punctuation left at the end", () => {
    expect(shortenText("alpha beta gamma", 11)).toBe("alpha beta…");
    expect(shortenText("alpha, beta; gamma delta", 13)).toBe("alpha, beta…");
  });

  it("cuts one long word between characters, never between a letter and its marks", () => {
    expect(shortenText("a".repeat(50), 10)).toBe(`${"a".repeat(9)}…`);
    // क ् ष ि त ि ज…: the 6th code point is a vowel sign of त, so त goes too.
    expect(shortenText("क्षितिजत्रिपाठी", 6)).toBe("क्षि…");
  });
});
