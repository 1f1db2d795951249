/**
 * The editorial board (portrait A4, as many pages as needed): Editor-in-Chief, Associate
 * Editors, Assistant Editors, each editor with post, affiliation and country, and e-mail and
 * phone only when the journal shows editor contacts publicly.
 */
import { A4, DocBuilder, fitRuns, layoutRuns, textWidth, type Canvas, type Line, type Run, withFonts } from "./canvas.server";
import { GOLD, INK, MUTED, NAVY, RULE } from "./decor.server";
import { dataDate, htmlLines, titleRuns } from "./format.server";
import { MARGIN_X, paginate, type PagedItem } from "./paged.server";
import type { EditorInfo, JournalInfo } from "./types";

interface BoardInput {
  journal: JournalInfo;
  /** Enabled editors, pinned first (the order of the public board). */
  editors: EditorInfo[];
  showContacts: boolean;
}

const BOARD_GROUPS: { category: string; label: string }[] = [
  { category: "chief editor", label: "Editor-in-Chief" },
  { category: "associate editor", label: "Associate Editors" },
  { category: "assistant editor", label: "Assistant Editors" },
];

const LEFT_WIDTH = 190;
const GUTTER = 18;

function drawLinesAt(c: Canvas, lines: Line[], x: number, top: number, leading: number, color: readonly [number, number, number]): void {
  c.drawLines(lines, x, top - leading * 0.8, leading, { color });
}

/**
 * E-mail and phone: on one line when both fit, else each on its own; a phone number is never
 * broken across lines (it shrinks to fit its line instead).
 */
export function contactLines(email: string, phone: string, width: number): Line[] {
  const mail = email ? `E-mail: ${email}` : "";
  const tel = phone ? `Phone: ${phone}` : "";
  if (mail && tel && textWidth(`${mail}   ·   ${tel}`, "regular", 9) <= width) return layoutRuns([{ text: `${mail}   ·   ${tel}`, style: "regular" }], 9, width);
  const lines: Line[] = mail ? layoutRuns([{ text: mail, style: "regular" }], 9, width) : [];
  if (tel) {
    let size = 9;
    while (size > 4 && textWidth(tel, "regular", size) > width) size -= 0.5;
    lines.push(...fitRuns([{ text: tel, style: "regular" }], { size, minSize: size, maxWidth: Number.POSITIVE_INFINITY, maxLines: 1 }));
  }
  return lines;
}

function editorRow(e: EditorInfo, showContacts: boolean): PagedItem {
  const bodyWidth = A4[0] - 2 * MARGIN_X;
  const rightX = MARGIN_X + LEFT_WIDTH + GUTTER;
  const rightWidth = bodyWidth - LEFT_WIDTH - GUTTER;
  const name = layoutRuns([{ text: e.name.trim(), style: "bold" }], 11.5, LEFT_WIDTH);
  const postRuns: Run[] = [...titleRuns(e.post, "italic", "italic")];
  if (e.degree.trim()) postRuns.push({ text: `${postRuns.length ? ", " : ""}${e.degree.trim()}`, style: "italic" });
  const post = postRuns.length ? layoutRuns(postRuns, 9.5, LEFT_WIDTH) : [];
  // Each line of an HTML affiliation starts a line of its own.
  const aff = htmlLines(e.content).flatMap((line) => layoutRuns([{ text: line, style: "regular" }], 10, rightWidth));
  const country = e.country.trim() ? layoutRuns([{ text: e.country.trim(), style: "bold" }], 9.5, rightWidth) : [];
  const contacts = showContacts ? contactLines(e.email.trim(), e.phone.trim(), rightWidth) : [];
  const leftHeight = name.length * 14 + post.length * 12.5;
  const rightHeight = aff.length * 13.5 + country.length * 12.5 + contacts.length * 12;
  const height = Math.max(leftHeight, rightHeight) + 16;
  return {
    height,
    draw(c, top) {
      const t = top - 8;
      drawLinesAt(c, name, MARGIN_X, t, 14, INK);
      drawLinesAt(c, post, MARGIN_X, t - name.length * 14, 12.5, MUTED);
      let ry = t;
      drawLinesAt(c, aff, rightX, ry, 13.5, INK);
      ry -= aff.length * 13.5;
      drawLinesAt(c, country, rightX, ry, 12.5, MUTED);
      ry -= country.length * 12.5;
      drawLinesAt(c, contacts, rightX, ry, 12, NAVY);
      c.strokeColor(RULE).lineWidth(0.5).line(MARGIN_X, top - height, A4[0] - MARGIN_X, top - height);
    },
  };
}

function groupHeading(label: string, count: number): PagedItem {
  return {
    height: 40,
    keepWithNext: true,
    draw(c, top) {
      const y = top - 26;
      c.fillColor(NAVY).rect(MARGIN_X, y - 5, 4, 19, "f");
      const w = c.text(label, MARGIN_X + 12, y, "bold", 13.5, { color: NAVY });
      c.text(`(${count})`, MARGIN_X + 18 + w, y, "regular", 10, { color: MUTED });
      c.strokeColor(GOLD).lineWidth(0.9).line(MARGIN_X, y - 9, A4[0] - MARGIN_X, y - 9);
    },
  };
}

/** The document's bytes: drawn with its fonts loaded on first use (withFonts). */
export function buildEditorialBoard(input: BoardInput): Promise<Uint8Array> {
  return withFonts(() => drawEditorialBoard(input));
}

async function drawEditorialBoard(input: BoardInput): Promise<Uint8Array> {
  const { journal } = input;
  const builder = await DocBuilder.create({
    title: `Editorial Board — ${journal.name}`,
    subject: `Editorial board of ${journal.name}`,
    author: journal.name,
    keywords: ["Editorial Board", journal.name],
    // The latest change to the editors listed: the board as of that moment.
    date: dataDate(input.editors.map((e) => e.updatedAt), journal.yearStarted ? `${journal.yearStarted.trim()}-01-01` : undefined),
  });
  const items: PagedItem[] = [];
  const known = new Set(BOARD_GROUPS.map((g) => g.category));
  const groups = [
    ...BOARD_GROUPS.map((g) => ({ label: g.label, editors: input.editors.filter((e) => e.category === g.category) })),
    { label: "Editorial Board Members", editors: input.editors.filter((e) => !known.has(e.category)) },
  ];
  for (const group of groups) {
    if (!group.editors.length) continue;
    items.push(groupHeading(group.label, group.editors.length));
    // A page that starts inside the group names it again.
    const continued = groupHeading(`${group.label} (continued)`, group.editors.length);
    for (const e of group.editors) items.push({ ...editorRow(e, input.showContacts), continues: continued });
  }
  paginate(builder, journal, {
    title: "EDITORIAL BOARD",
    subtitle: "",
    runningTitle: "Editorial Board",
    empty: "The editorial board will be announced soon.",
  }, items);
  return builder.save();
}
