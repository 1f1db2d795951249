import { describe, expect, it } from "vitest";
import { abstractParagraphs, CROSSREF_INLINE, CROSSREF_JATS_INLINE, JATS_INLINE, titleXml } from "./markup.server";

describe("stored HTML as XML inline markup", () => {
  it("titles: <i>/<em> become Crossref <i> or JATS <italic>; text is re-escaped", () => {
    const title = "Yield of <i>Oryza sativa</i> &amp; <em>Zea</em> &lt;2&gt; “quoted”";
    expect(titleXml(title, CROSSREF_INLINE)).toBe("Yield of <i>Oryza sativa</i> &amp; <i>Zea</i> &lt;2&gt; “quoted”");
    expect(titleXml(title, JATS_INLINE)).toBe("Yield of <italic>Oryza sativa</italic> &amp; <italic>Zea</italic> &lt;2&gt; “quoted”");
  });

  it("anything else is dropped with its tags, never passed through", () => {
    expect(titleXml(`A <b>bold</b> <script>x()</script><a href="x">link</a> title\u0001`, JATS_INLINE)).toBe("A bold link title");
  });

  it("abstracts: a paragraph per <p>, <li> and <br>; inline elements closed and reopened across breaks", () => {
    const html = "<p><b>Background:</b> water<br>and <i>salt<br>stress</i></p><ul><li>one</li><li>two <sub>2</sub></li></ul><p> </p>";
    expect(abstractParagraphs(html, JATS_INLINE)).toEqual([
      "<bold>Background:</bold> water",
      "and <italic>salt</italic>",
      "<italic>stress</italic>",
      "one",
      "two <sub>2</sub>",
    ]);
    expect(abstractParagraphs("plain text", CROSSREF_JATS_INLINE)).toEqual(["plain text"]);
    expect(abstractParagraphs("", CROSSREF_JATS_INLINE)).toEqual([]);
  });
});
