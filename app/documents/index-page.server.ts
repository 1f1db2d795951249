/**
 * The index page: an issue's table of contents (S.No., title and authors, pages) in page
 * order, continued over as many pages as needed with the table header repeated.
 */
import { authorNames } from "../lib/authors";
import { volumeIssueLabel } from "../lib/archive";
import { A4, DocBuilder, layoutRuns, type Canvas, withFonts } from "./canvas.server";
import { INK, MUTED, NAVY, RULE, TINT, WHITE } from "./decor.server";
import { formatPages } from "../lib/pages";
import { dataDate, formatPeriod, titleRuns } from "./format.server";
import { MARGIN_X, paginate, type PagedItem } from "./paged.server";
import type { ArticleSummary } from "../lib/article";
import type { JournalInfo } from "./types";

interface IndexInput {
  journal: JournalInfo;
  articles: ArticleSummary[];
}

const NO_WIDTH = 40;
const PAGES_WIDTH = 64;
const PAD = 7;

function issueKey(a: ArticleSummary): string {
  return `${a.year}/${a.volume}/${a.issue}`;
}

function issueLabel(a: ArticleSummary): string {
  const when = [formatPeriod(a.frequency), String(a.year)].filter(Boolean).join(" ");
  return `${volumeIssueLabel(a, { long: true, digits: "plain" })} · ${when}`;
}

/** Articles in the order of the printed issue: issue by issue, then by first page. */
function sortForIndex(articles: ArticleSummary[]): ArticleSummary[] {
  const first = (a: ArticleSummary) => Number(/^\s*(\d+)/.exec(a.pagenumber)?.[1] ?? Number.MAX_SAFE_INTEGER);
  return [...articles].sort(
    (a, b) => a.year - b.year || a.volume - b.volume || a.issue - b.issue || first(a) - first(b) || a.refnumber.localeCompare(b.refnumber, "en", { numeric: true }),
  );
}

const tableHeader: PagedItem = {
  height: 24,
  draw(c: Canvas, top: number) {
    const W = A4[0];
    c.fillColor(NAVY).rect(MARGIN_X, top - 22, W - 2 * MARGIN_X, 22, "f");
    const y = top - 15;
    c.text("S.No.", MARGIN_X + NO_WIDTH / 2, y, "bold", 9.5, { color: WHITE, align: "center" });
    c.text("Title and Authors", MARGIN_X + NO_WIDTH + PAD, y, "bold", 9.5, { color: WHITE });
    c.text("Pages", W - MARGIN_X - PAGES_WIDTH / 2, y, "bold", 9.5, { color: WHITE, align: "center" });
  },
};

function articleRow(a: ArticleSummary, serial: number, group?: PagedItem): PagedItem {
  const W = A4[0];
  const textX = MARGIN_X + NO_WIDTH + PAD;
  const textWidth = W - 2 * MARGIN_X - NO_WIDTH - PAGES_WIDTH - 2 * PAD;
  const title = layoutRuns(titleRuns(a.title), 10.5, textWidth);
  const authors = layoutRuns([{ text: authorNames(a).join(", "), style: "italic" }], 9.5, textWidth);
  const height = title.length * 14 + authors.length * 12.5 + 14;
  return {
    height,
    continues: group,
    draw(c, top) {
      if (serial % 2 === 0) c.fillColor(TINT).rect(MARGIN_X, top - height, W - 2 * MARGIN_X, height, "f");
      const first = top - 7 - 14 * 0.8;
      c.text(String(serial), MARGIN_X + NO_WIDTH / 2, first, "regular", 10.5, { color: INK, align: "center" });
      c.drawLines(title, textX, first, 14, { color: INK });
      c.drawLines(authors, textX, first - title.length * 14 - 1, 12.5, { color: MUTED });
      c.text(formatPages(a.pagenumber), W - MARGIN_X - PAGES_WIDTH / 2, first, "regular", 10.5, { color: INK, align: "center" });
      c.strokeColor(RULE).lineWidth(0.5).line(MARGIN_X, top - height, W - MARGIN_X, top - height);
    },
  };
}

/** An issue's heading in a selection of several issues (a single issue is named in the title). */
function issueHeading(label: string): PagedItem {
  return {
    height: 26,
    keepWithNext: true,
    draw(c, top) {
      c.text(label, MARGIN_X + 4, top - 17, "bold", 11, { color: NAVY });
    },
  };
}

/** The document's bytes: drawn with its fonts loaded on first use (withFonts). */
export function buildIndexPage(input: IndexInput): Promise<Uint8Array> {
  return withFonts(() => drawIndexPage(input));
}

async function drawIndexPage(input: IndexInput): Promise<Uint8Array> {
  const { journal } = input;
  const articles = sortForIndex(input.articles);
  const issues = [...new Set(articles.map(issueKey))];
  const single = issues.length === 1 ? articles[0] : null;
  const subtitle = single ? issueLabel(single) : issues.length > 1 ? `${issues.length} issues` : "";
  const builder = await DocBuilder.create({
    title: `Index Page — ${journal.name}${single ? ` — ${issueLabel(single)}` : ""}`,
    subject: `Table of contents: ${articles.length} article${articles.length === 1 ? "" : "s"}`,
    author: journal.name,
    keywords: ["Index Page", "Table of Contents", ...articles.map((a) => a.refnumber)],
    // The newest publication in the selection: the contents as of that day.
    date: dataDate(articles.map((a) => a.publishdate)),
  });
  const items: PagedItem[] = [];
  let serial = 0;
  let lastIssue = "";
  let continued: PagedItem | undefined;
  for (const a of articles) {
    if (!single && issueKey(a) !== lastIssue) {
      items.push(issueHeading(issueLabel(a)));
      // A page that starts inside this issue's rows names the issue again.
      continued = issueHeading(`${issueLabel(a)} (continued)`);
      lastIssue = issueKey(a);
    }
    items.push(articleRow(a, ++serial, continued));
  }
  paginate(builder, journal, { title: "TABLE OF CONTENTS", subtitle, runningTitle: single ? `Contents · ${issueLabel(single)}` : "Contents", repeat: tableHeader }, items);
  return builder.save();
}
