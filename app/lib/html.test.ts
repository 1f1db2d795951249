import { describe, expect, it } from "vitest";
import { htmlToText, INLINE_PROFILE, INLINE_TAGS, RICH_PROFILE, RICH_TAGS, sanitizeHtml, TITLE_PROFILE, TITLE_TAGS } from "./html";

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

  it("keeps http(s) links only: mailto, javascript, data and relative links lose their href", () => {
    expect(sanitizeHtml('<a href="https://x.org/a?b=1&amp;c=2">ok</a>', RICH_PROFILE)).toBe(
      '<a href="https://x.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizeHtml('<a href="http://x.org/">ok</a>', RICH_PROFILE)).toBe('<a href="http://x.org/" rel="noopener noreferrer nofollow">ok</a>');
    expect(sanitizeHtml('<a href="mailto:editor@x.org">mail</a>', RICH_PROFILE)).toBe("<a>mail</a>");
    expect(sanitizeHtml('<a href="MAILTO:editor@x.org">mail</a>', RICH_PROFILE)).toBe("<a>mail</a>");
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href=" jav&#x09;ascript:alert(1)">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="data:text/html,<script>">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="/admin/settings">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
    expect(sanitizeHtml('<a href="//evil.example/">x</a>', RICH_PROFILE)).toBe("<a>x</a>");
  });

  it("rich text keeps exactly p, br, ul, ol, li, em, i, strong, b, sub, sup and a", () => {
    expect([...RICH_PROFILE.tags].sort()).toEqual(["a", "b", "br", "em", "i", "li", "ol", "p", "strong", "sub", "sup", "ul"]);
    expect(RICH_TAGS).toHaveLength(12);
    const kept = "<p>A <em>b</em> <i>c</i> <strong>d</strong> <b>e</b> H<sub>2</sub>O m<sup>2</sup><br></p><ul><li>x</li></ul><ol><li>y</li></ol>";
    expect(sanitizeHtml(kept, RICH_PROFILE)).toBe(kept);
    // Headings, quotes, spans and underline are unwrapped: their text stays, words do not fuse.
    expect(sanitizeHtml("<h2>Aims</h2><blockquote>Quoted</blockquote><p><span>s</span> <u>u</u></p>", RICH_PROFILE)).toBe(
      " Aims  Quoted <p>s u</p>",
    );
  });

  it("titles keep i and em; the formatted journal name keeps i, b, br, sub and sup", () => {
    expect([...TITLE_PROFILE.tags]).toEqual([...TITLE_TAGS]);
    expect([...INLINE_PROFILE.tags].sort()).toEqual(["b", "br", "i", "sub", "sup"]);
    expect(INLINE_TAGS).toHaveLength(5);
    expect(sanitizeHtml("Journal of <i>Rice</i> <b>and</b><br>CO<sub>2</sub> m<sup>2</sup> <em>e</em> <strong>s</strong> <span>x</span> <a href=\"https://x.org\">l</a>", INLINE_PROFILE)).toBe(
      "Journal of <i>Rice</i> <b>and</b><br>CO<sub>2</sub> m<sup>2</sup> e s x l",
    );
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
