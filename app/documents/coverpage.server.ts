/** The cover page of an issue (portrait A4): journal, ISSN, volume, issue, period, year, publisher. */
import { volumeIssueLabel } from "../lib/archive";
import { A4, DocBuilder, fitRuns, singleLine, withFonts } from "./canvas.server";
import { CREAM, drawSeal, GOLD, GOLD_LIGHT, MUTED, NAVY, NAVY_DARK, ornamentRule, WHITE } from "./decor.server";
import { identityLine } from "./certificate.server";
import { dataDate, formatPeriod } from "./format.server";
import { num } from "./fonts.server";
import type { JournalInfo } from "./types";

interface CoverInput {
  journal: JournalInfo;
  issue: { year: number; volume: number; issue: number; frequency: string };
  /** The document's date: the publish date (YYYY-MM-DD) of the article it is fetched for; else 1 January of the issue's year. */
  date?: string;
}

/** The document's bytes: drawn with its fonts loaded on first use (withFonts). */
export function buildCoverPage(input: CoverInput): Promise<Uint8Array> {
  return withFonts(() => drawCoverPage(input));
}

async function drawCoverPage(input: CoverInput): Promise<Uint8Array> {
  const { journal, issue } = input;
  const period = formatPeriod(issue.frequency);
  const when = [period, String(issue.year)].filter(Boolean).join(" ");
  const builder = await DocBuilder.create({
    title: `${journal.name} — ${volumeIssueLabel(issue, { long: true, digits: "plain" })} (${when}) — Cover Page`,
    subject: `Cover page of ${volumeIssueLabel(issue, { long: true, digits: "plain" })}, ${when}`,
    author: journal.publisherName || journal.name,
    keywords: [journal.name, `Volume ${issue.volume}`, `Issue ${issue.issue}`, String(issue.year)],
    date: dataDate([input.date], `${issue.year}-01-01`),
  });
  const c = builder.addPage(A4);
  const W = c.width;
  const H = c.height;
  const cx = W / 2;

  // Top band: identity, seal, journal name.
  const bandBottom = H - 330;
  c.fillColor(NAVY).rect(0, bandBottom, W, H - bandBottom, "f");
  c.fillColor(NAVY_DARK).rect(0, H - 34, W, 34, "f");
  const identity = identityLine(journal);
  if (identity) c.text(identity, cx, H - 22, "regular", 9.5, { color: CREAM, align: "center" });
  // A logo sits on white; the seal on its gold disc.
  c.fillColor(journal.logo ? WHITE : GOLD_LIGHT).circle(cx, H - 112, 58, "f");
  drawSeal(c, journal, cx, H - 112, 112);
  const nameLines = fitRuns([{ text: journal.name, style: "bold" }], { size: 27, minSize: 17, maxWidth: W - 110, maxLines: 3, balance: true });
  const leading = nameLines[0].size * 1.2;
  let y = H - 205;
  y = c.drawLines(nameLines, cx, y, leading, { color: WHITE, align: "center" });
  c.text("A PEER REVIEWED JOURNAL", cx, bandBottom + 22, "bold", 9.5, { color: GOLD_LIGHT, align: "center", tracking: 2.4 });
  c.fillColor(GOLD).rect(0, bandBottom - 5, W, 5, "f");

  // Volume, issue and period.
  const volLine = singleLine(`VOLUME ${issue.volume}  ·  ISSUE ${issue.issue}`, "bold", 30);
  c.drawLine(volLine, cx, bandBottom - 78, { color: NAVY, align: "center", tracking: 1.5 });
  c.text(when, cx, bandBottom - 112, "italic", 20, { color: MUTED, align: "center" });
  ornamentRule(c, cx, bandBottom - 136, 120);

  // Artwork in place of a stock image: fine concentric arcs in a panel.
  const panelTop = bandBottom - 160;
  const panelBottom = 178;
  c.save();
  c.raw(`36 ${num(panelBottom)} ${num(W - 72)} ${num(panelTop - panelBottom)} re W n`);
  c.fillColor([0.955, 0.963, 0.975]).rect(36, panelBottom, W - 72, panelTop - panelBottom, "f");
  // The artwork follows the journal's cover-image flag; without it the panel stays plain.
  if (journal.coverImage !== false) {
    const ox = W - 60;
    const oy = panelBottom - 40;
    for (let i = 0; i < 26; i++) {
      const r = 60 + i * 17;
      const gold = i % 4 === 0;
      c.strokeColor(gold ? GOLD_LIGHT : [0.78, 0.83, 0.89]).lineWidth(gold ? 1.4 : 0.6).circle(ox, oy, r, "S");
    }
    for (let i = 0; i < 14; i++) {
      const r = 40 + i * 22;
      c.strokeColor([0.84, 0.87, 0.92]).lineWidth(0.5).circle(90, panelTop + 30, r, "S");
    }
  }
  c.restore();
  c.strokeColor(GOLD).lineWidth(0.8).rect(36, panelBottom, W - 72, panelTop - panelBottom, "S");
  const facts = [journal.frequency && `${journal.frequency} journal`, journal.yearStarted && `Since ${journal.yearStarted}`, "Online"].filter(Boolean) as string[];
  const factLine = fitRuns([{ text: facts.join("   ·   "), style: "bold" }], { size: 12, minSize: 8, maxWidth: W - 140, maxLines: 1 })[0];
  const panelMid = (panelTop + panelBottom) / 2;
  c.fillColor(WHITE).rect(cx - factLine.width / 2 - 18, panelMid - 14, factLine.width + 36, 34, "f");
  c.strokeColor(GOLD).lineWidth(0.6).rect(cx - factLine.width / 2 - 18, panelMid - 14, factLine.width + 36, 34, "S");
  c.drawLine(factLine, cx, panelMid - 1, { color: NAVY, align: "center" });
  if (journal.domain) c.text(journal.domain, cx, panelBottom + 14, "regular", 10, { color: MUTED, align: "center" });

  // Bottom band: publisher.
  c.fillColor(NAVY).rect(0, 0, W, 150, "f");
  c.fillColor(GOLD).rect(0, 150, W, 4, "f");
  c.text("PUBLISHED BY", cx, 122, "bold", 8.5, { color: GOLD_LIGHT, align: "center", tracking: 2 });
  const publisher = journal.publisherName || journal.name;
  const pubLine = fitRuns([{ text: publisher, style: "bold" }], { size: 15, minSize: 10, maxWidth: W - 100, maxLines: 1 })[0];
  c.drawLine(pubLine, cx, 100, { color: WHITE, align: "center" });
  let py = 82;
  if (journal.publisherAddress) {
    const addr = fitRuns([{ text: journal.publisherAddress, style: "regular" }], { size: 10, minSize: 8, maxWidth: W - 120, maxLines: 2, balance: true });
    py = c.drawLines(addr, cx, py, addr[0].size * 1.35, { color: CREAM, align: "center" });
  }
  const contact = [journal.email, journal.domain].filter(Boolean).join("   ·   ");
  if (contact) c.text(contact, cx, Math.min(py - 4, 40), "regular", 9, { color: GOLD_LIGHT, align: "center" });
  return builder.save();
}
