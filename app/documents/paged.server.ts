/**
 * Multi-page documents (editorial board, index page): rows are laid out first, then placed on
 * pages, then drawn — so every page can say "Page n of m" and headings never end a page.
 */
import { A4, fitRuns, type Canvas, type DocBuilder } from "./canvas.server";
import { identityLine } from "./certificate.server";
import { drawSeal, GOLD, MUTED, NAVY, ornamentRule, RULE } from "./decor.server";
import type { JournalInfo } from "./types";

export const MARGIN_X = 48;
const FOOTER_Y = 30;
const BODY_BOTTOM = 58;

export interface PagedItem {
  height: number;
  /** A heading is moved to the next page rather than left alone at the bottom. */
  keepWithNext?: boolean;
  /**
   * The heading of the group this row belongs to, as drawn again ("… (continued)") when a page
   * starts in the middle of the group, so no page begins with rows whose heading is pages back.
   */
  continues?: PagedItem;
  draw(canvas: Canvas, top: number): void;
}

/** First-page header (seal, journal name, identity line, document title): its height and how to draw it. */
function firstPageHeader(journal: JournalInfo, title: string, subtitle: string): { bottom: number; draw(c: Canvas): void } {
  const [W, H] = A4;
  const top = H - 40;
  const textLeft = MARGIN_X + 80;
  const nameLines = fitRuns([{ text: journal.name, style: "bold" }], { size: 16, minSize: 11, maxWidth: W - textLeft - MARGIN_X, maxLines: 2 });
  const identity = identityLine(journal);
  const leading = nameLines[0].size * 1.2;
  let y = top - 14 - nameLines.length * leading;
  const identityY = y + 2;
  if (identity) y -= 12;
  const domainY = y + 2;
  const titleY = Math.min(y - 26, top - 92);
  const subtitleY = titleY - 20;
  const ruleY = (subtitle ? subtitleY : titleY) - 14;
  return {
    bottom: ruleY - 16,
    draw(c) {
      drawSeal(c, journal, MARGIN_X + 32, top - 32, 64);
      c.drawLines(nameLines, textLeft, top - 14, leading, { color: NAVY });
      if (identity) c.text(identity, textLeft, identityY, "regular", 8.5, { color: MUTED });
      if (journal.domain) c.text(journal.domain, textLeft, domainY, "regular", 8.5, { color: MUTED });
      const cx = W / 2;
      c.text(title, cx, titleY, "bold", 19, { color: NAVY, align: "center", tracking: 2 });
      if (subtitle) c.text(subtitle, cx, subtitleY, "italic", 11.5, { color: MUTED, align: "center" });
      ornamentRule(c, cx, ruleY, 140);
    },
  };
}

function runningHeader(c: Canvas, journal: JournalInfo, title: string): number {
  const top = c.height - 36;
  const titleWidth = c.text(title, c.width - MARGIN_X, top, "italic", 9.5, { color: MUTED, align: "right" });
  const name = fitRuns([{ text: journal.name, style: "bold" }], { size: 9.5, minSize: 6.5, maxWidth: c.width - 2 * MARGIN_X - titleWidth - 16, maxLines: 1 })[0];
  c.drawLine(name, MARGIN_X, top, { color: NAVY });
  c.strokeColor(GOLD).lineWidth(0.8).line(MARGIN_X, top - 8, c.width - MARGIN_X, top - 8);
  return top - 24;
}

function footer(c: Canvas, journal: JournalInfo, page: number, pages: number): void {
  c.strokeColor(RULE).lineWidth(0.5).line(MARGIN_X, FOOTER_Y + 14, c.width - MARGIN_X, FOOTER_Y + 14);
  const left = [journal.name, journal.issn && `ISSN ${journal.issn}`].filter(Boolean).join(" · ");
  const line = fitRuns([{ text: left, style: "regular" }], { size: 8, minSize: 6, maxWidth: c.width - 2 * MARGIN_X - 90, maxLines: 1 })[0];
  c.drawLine(line, MARGIN_X, FOOTER_Y, { color: MUTED });
  c.text(`Page ${page} of ${pages}`, c.width - MARGIN_X, FOOTER_Y, "regular", 8, { color: MUTED, align: "right" });
}

/**
 * Places items on A4 pages (first page with the full header, later pages with a running
 * header), drawing `repeat` (e.g. a table header) at the top of every page's body.
 */
export function paginate(
  builder: DocBuilder,
  journal: JournalInfo,
  opts: { title: string; subtitle: string; runningTitle: string; repeat?: PagedItem; empty?: string },
  items: PagedItem[],
): void {
  type Placed = { item: PagedItem; top: number };
  const pages: Placed[][] = [];
  const header = firstPageHeader(journal, opts.title, opts.subtitle);
  const laterBodyTop = A4[1] - 36 - 24;
  const repeatHeight = opts.repeat?.height ?? 0;
  let current: Placed[] = [];
  let y = header.bottom - repeatHeight;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const next = item.keepWithNext ? items[i + 1] : undefined;
    const needed = item.height + (next ? next.height : 0);
    if (y - needed < BODY_BOTTOM && current.length) {
      pages.push(current);
      current = [];
      y = laterBodyTop - repeatHeight;
      if (item.continues) {
        current.push({ item: item.continues, top: y });
        y -= item.continues.height;
      }
    }
    current.push({ item, top: y });
    y -= item.height;
  }
  pages.push(current);

  pages.forEach((placed, index) => {
    const c = builder.addPage(A4);
    let bodyTop = laterBodyTop;
    if (index === 0) {
      header.draw(c);
      bodyTop = header.bottom;
    } else {
      runningHeader(c, journal, opts.runningTitle);
    }
    if (opts.repeat && placed.length) opts.repeat.draw(c, bodyTop);
    for (const p of placed) p.item.draw(c, p.top);
    if (!placed.length && opts.empty) c.text(opts.empty, c.width / 2, bodyTop - 40, "italic", 12, { color: MUTED, align: "center" });
    footer(c, journal, index + 1, pages.length);
  });
}
