import { describe, expect, it } from "vitest";
import { markedToHtml } from "./highlight";
import { escapeHtml } from "./html";
import { escapeXml } from "./xml";

describe("one escaper per output language", () => {
  const hostile = `<a href="x" onclick='y'>&amp; Tom's\u0001"rice"\u0002</a>`;

  it("HTML: markup characters and both quotes, so text is safe in content and attributes", () => {
    expect(escapeHtml(hostile)).toBe("&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;amp; Tom&#39;s\u0001&quot;rice&quot;\u0002&lt;/a&gt;");
    // Search snippets escape with the same function before adding their own <mark>.
    expect(markedToHtml(hostile)).toBe(escapeHtml(hostile).replace("\u0001", "<mark>").replace("\u0002", "</mark>"));
  });

  it("XML: the five predefined entities, and characters XML 1.0 forbids are dropped", () => {
    expect(escapeXml(hostile)).toBe("&lt;a href=&quot;x&quot; onclick=&apos;y&apos;&gt;&amp;amp; Tom&apos;s&quot;rice&quot;&lt;/a&gt;");
    expect(escapeXml(42)).toBe("42");
  });
});
