import { describe, expect, it } from "vitest";
import { htmlToText, RICH_PROFILE, sanitizeHtml, TITLE_PROFILE } from "./html";

describe("sanitizeHtml", () => {
  it("keeps only italic and emphasis in titles", () => {
    expect(sanitizeHtml('Growth of <i>Oryza sativa</i> <b>under</b> <em class="x">stress</em>', TITLE_PROFILE)).toBe(
      "Growth of <i>Oryza sativa</i> under <em>stress</em>",
    );
  });

  it("drops scripts, event handlers and dangerous elements with their content", () => {
    const dirty = `<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(2)><svg><script>alert(3)</script></svg><style>*{}</style></p>`;
    expect(sanitizeHtml(dirty, RICH_PROFILE)).toBe("<p>Hi</p>");
  });

  it("keeps http(s) and mailto links only", () => {
    expect(sanitizeHtml('<a href="https://x.org/a?b=1&amp;c=2">ok</a>', RICH_PROFILE)).toBe(
      '<a href="https://x.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href=" jav&#x09;ascript:alert(1)">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="data:text/html,<script>">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
  });

  it("escapes stray angle brackets and balances tags", () => {
    expect(sanitizeHtml("p < 0.05 and <i>x", TITLE_PROFILE)).toBe("p &lt; 0.05 and <i>x</i>");
    expect(sanitizeHtml("a</em>b<em>c", TITLE_PROFILE)).toBe("ab<em>c</em>");
  });

  it("does not let comments or odd markup smuggle tags through", () => {
    expect(sanitizeHtml("<!--<img src=x onerror=alert(1)>-->ok", RICH_PROFILE)).toBe("ok");
    expect(sanitizeHtml('<i title="a>b" onmouseover=x>t</i>', TITLE_PROFILE)).toBe("<i>t</i>");
    expect(sanitizeHtml("&lt;script&gt;alert(1)&lt;/script&gt;", TITLE_PROFILE)).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("turns HTML into plain text", () => {
    expect(htmlToText("<p>Growth of <i>Oryza</i>&nbsp;sativa</p><p>Next</p>")).toBe("Growth of Oryza sativa Next");
  });
});
