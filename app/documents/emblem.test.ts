/**
 * The journal's emblem on documents: five-letter seals, opaque logos clipped to the round
 * plate, and the cover page's artwork following the journal's cover-image flag. Checked on the
 * page content streams the builders write.
 */
import { unzlibSync } from "fflate";
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { encodePng } from "../lib/png";
import { buildCoverPage } from "./coverpage.server";
import { buildCertificate } from "./certificate.server";
import { prepareLogo } from "./logo.server";
import { monogramInitials } from "../lib/initials";
import type { JournalInfo } from "./types";

const journal: JournalInfo = {
  name: "Journal of Applied Chemistry and Environmental Research",
  issn: "2454-6127",
  essn: "",
  impactFactor: "",
  yearStarted: "2015",
  frequency: "Quarterly",
  publisherName: "Chem Publishers",
  publisherAddress: "Pune",
  email: "e@x.in",
  domain: "jacer.example",
};

async function pageOps(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const contents = doc.getPage(0).node.get(PDFName.of("Contents"));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const stream = doc.context.lookup(ref as PDFRef) as PDFRawStream;
      return new TextDecoder().decode(stream.dict.has(PDFName.of("Filter")) ? unzlibSync(stream.contents) : stream.contents);
    })
    .join("\n");
}

function rgb(w: number): Uint8Array {
  const raw = new Uint8Array(w * (1 + w * 3)).fill(200);
  for (let y = 0; y < w; y++) raw[y * (1 + w * 3)] = 0;
  return encodePng(w, w, 2, raw);
}

const cover = (j: JournalInfo) => buildCoverPage({ journal: j, issue: { year: 2025, volume: 3, issue: 2, frequency: "Apr-Jun" }, date: "2025-05-01" });

describe("document emblem and cover", () => {
  it("seals carry five initials: JACER, not JACE", () => {
    expect(monogramInitials(journal.name, 5)).toBe("JACER");
  });

  it("an opaque logo is clipped to the round plate; a transparent one is not", async () => {
    const opaque = await prepareLogo("emblem-test-opaque", "png", async () => rgb(40));
    const clear = await prepareLogo("emblem-test-clear", "png", async () => encodePng(2, 2, 6, new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])));
    expect(opaque.smask).toBeNull();
    const ops = await pageOps(await cover({ ...journal, logo: opaque }));
    // A circle path used as a clip (W n) right before the logo image is drawn.
    expect(ops).toMatch(/ c h W n\nq\n[\d. ]+ cm \/Im[-\d]+ Do/);
    const plain = await pageOps(await cover({ ...journal, logo: clear }));
    expect(plain).not.toMatch(/W n\nq\n[\d. ]+ cm \/Im[-\d]+ Do/);
    const certificate = await pageOps(
      await buildCertificate({
        journal: { ...journal, logo: opaque },
        article: { refnumber: "1", title: "T", authorname: "A", year: 2025, volume: 1, issue: 1, frequency: "", pagenumber: "1-2", publishdate: "2025-01-01" },
        author: "A",
        position: 1,
        editorInChief: "C",
        verifyUrl: "https://x.example/verify/1-1-AAAAAAAAAA",
        code: "1-1-AAAAAAAAAA",
      }),
    );
    expect(certificate.match(/W n\nq\n[^\n]*\n?[\d. ]+ cm \/Im[-\d]+ Do/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
  });

  it("the cover's artwork follows the cover-image flag", async () => {
    const arcs = (ops: string) => (ops.match(/ c h S/g) ?? []).length;
    const withImage = await pageOps(await cover({ ...journal, coverImage: true }));
    const without = await pageOps(await cover({ ...journal, coverImage: false }));
    expect(arcs(withImage)).toBeGreaterThanOrEqual(40);
    expect(arcs(without)).toBe(0);
  });
});
