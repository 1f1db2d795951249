import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { certificateCode, certificateSecret } from "../../app/documents/verification.server";
import { insertRawArticleForTest, makeEditor, makeIssue, makeJournal, makePartner } from "../factories";
import { getPage } from "./public-helpers";

afterEach(() => vi.restoreAllMocks());

describe("server rendering of reader pages", () => {
  it("renders every public page without a React warning (e.g. an empty href)", async () => {
    // A journal with little in its settings: empty values are where empty attributes come from.
    const j = await makeJournal({ settings: { websiteemail: "", whatsup_number: "", phone: "", publisher_address: "" } });
    const iss = await makeIssue(j.id, { year: 2025, volume: 3, issue: 1, frequency: "Jan-Jun" });
    // A legacy row without a PDF (the app's add requires one): its pages leave the links out.
    const a = await insertRawArticleForTest(j.id, iss, { pagenumber: "1-5", authorname: "Dr. Anjali Sharma, Rahul Verma", file: "" });
    await makeEditor(j.id, { category: "chief editor" });
    await makePartner(j.id, { link: "" });
    const code = await certificateCode(certificateSecret(env), j.id, a.refnumber, 1, "Dr. Anjali Sharma");

    const warnings: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
      // React formats its warnings with %s placeholders: fill them in for a readable failure.
      let i = 1;
      warnings.push(String(args[0]).replace(/%s/g, () => String(args[i++])));
    });
    vi.spyOn(console, "warn").mockImplementation((...args: unknown[]) => warnings.push(args.map(String).join(" ")));

    const pages: [string, number][] = [
      ["/", 200],
      ["/board", 200],
      ["/indexing", 200],
      ["/archives/2025/vol3/issue1", 200],
      ["/archives/2025/3/1", 200],
      [`/archives/2025/3/1/${a.refnumber}`, 200],
      ["/archives/2025/3/1/424242", 404],
      ["/search?keyword=oryza", 200],
      ["/search?keyword=nothing-matches-this", 200],
      ["/authors/Anjali%20Sharma", 200],
      [`/pdf?refno=${a.refnumber}`, 200],
      ["/pdf?refno=424242", 404],
      [`/verify/${code}`, 200],
      ["/verify/NOT-A-CODE", 404],
      ["/instructions", 200],
      ["/contact", 200],
      ["/privacy-policy", 200],
      ["/terms-and-conditions", 200],
      ["/no/such/page", 404],
    ];
    for (const [path, status] of pages) {
      const before = warnings.length;
      const res = await getPage(j.url(path));
      expect(res.status, path).toBe(status);
      expect(res.html, path).not.toMatch(/\bhref=""|href="mailto:"/);
      expect(warnings.slice(before), path).toEqual([]);
    }
  });
});
