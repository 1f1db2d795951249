import { describe, expect, it } from "vitest";
import { parseReferences, referenceDoi, referencesOf } from "./references";

describe("reference lists as staff paste them", () => {
  it("one per line, numbering and bullets removed", () => {
    expect(parseReferences("1. Alpha A. First. J. 2019.\n2) Beta B. Second. J. 2020.\n[3] Gamma G. Third.\n(4) Delta D. Fourth.")).toEqual([
      "Alpha A. First. J. 2019.",
      "Beta B. Second. J. 2020.",
      "Gamma G. Third.",
      "Delta D. Fourth.",
    ]);
    expect(parseReferences("• One ref.\n- Two ref.\n\n\nThree ref.")).toEqual(["One ref.", "Two ref.", "Three ref."]);
  });

  it("a numbered list wrapped over lines, as a PDF copies it: lines without the next number continue the reference", () => {
    const pasted = [
      "1. Sharma A, Verma R. Effect of drip irrigation on rice yield in",
      "   Punjab. Indian J Agron. 2019;64(2):12-18.",
      "2. Nair P. Soil carbon under conservation tillage. Field Crops Res.",
      "12. is not the next number, so this line continues reference 2.",
      "3. Iyer M. Water produc-",
      "tivity of wheat. doi:10.5555/demo.2020.1",
    ].join("\r\n");
    expect(parseReferences(pasted)).toEqual([
      "Sharma A, Verma R. Effect of drip irrigation on rice yield in Punjab. Indian J Agron. 2019;64(2):12-18.",
      "Nair P. Soil carbon under conservation tillage. Field Crops Res. 12. is not the next number, so this line continues reference 2.",
      "Iyer M. Water produc-tivity of wheat. doi:10.5555/demo.2020.1",
    ]);
  });

  it("unnumbered paragraphs separated by blank lines are one reference each", () => {
    expect(parseReferences("Alpha A. A long title\nthat wraps. J. 2019.\n\nBeta B. Short. J. 2020.\n")).toEqual(["Alpha A. A long title that wraps. J. 2019.", "Beta B. Short. J. 2020."]);
  });

  it("recognises DOIs written bare, after doi:, or as a doi.org link, without the sentence's full stop", () => {
    expect(referenceDoi("Singh R. Title. J. 2019;5:1-9. doi:10.1016/j.fcr.2019.05.001.")?.doi).toBe("10.1016/j.fcr.2019.05.001");
    expect(referenceDoi("Singh R. Title. https://doi.org/10.1007/s11104-019-04001-4")?.doi).toBe("10.1007/s11104-019-04001-4");
    expect(referenceDoi("Singh R. Title. DOI 10.1016/0006-2952(76)90050-2, cited twice")?.doi).toBe("10.1016/0006-2952(76)90050-2");
    expect(referenceDoi("(Singh R. Title. 10.5555/abc)")?.doi).toBe("10.5555/abc");
    expect(referenceDoi("https://doi.org/10.1002%2Fjsfa.1234")?.doi).toBe("10.1002/jsfa.1234");
    expect(referenceDoi("Singh R. Title. J Agron. 2019;10:1-9.")).toBeNull();
    // Where it stands, for the page's link.
    const text = "Nair P. Title. doi:10.5555/x.1.";
    const at = referenceDoi(text)!;
    expect(text.slice(at.start, at.end)).toBe("10.5555/x.1");
    expect(referencesOf("A. doi:10.5555/a\nB. no DOI")).toEqual([{ text: "A. doi:10.5555/a", doi: "10.5555/a" }, { text: "B. no DOI", doi: "" }]);
  });
});
