/**
 * Seeds the local D1 and R2 with two demo journals (run by `npm start`). Talks to the same
 * local storage that `react-router dev` and `wrangler dev` use, through wrangler's platform
 * proxy.
 *
 *   npm run db:seed                        seed what is missing
 *   npm run db:seed -- --reset             wipe the demo journals first, then seed
 *   npm run db:seed -- --today 2027-01-15  generate the archive as of another day
 *
 * Idempotent and safe to interrupt: a journal is written under a provisional slug
 * (`seeding:<slug>`) and gets its real slug only in the very last write, so a run stopped
 * half-way (Ctrl-C during the first `npm start`) leaves a provisional journal that the next
 * run removes and seeds again. A journal with its real slug is complete and left alone —
 * unless it lacks parts that only an interrupted older seed (which wrote the real slug
 * first) could have left out; such a journal is re-seeded too.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import { insertJournal, openLocal, upsertAdmin } from "./lib/local.ts";
import { demoJournals, plain, type DemoJournal } from "./seed/data.ts";
import { emblem, logo, portrait, type RGB } from "./seed/png.ts";

const args = process.argv.slice(2);
const reset = args.includes("--reset");
const todayArg = args.includes("--today") ? args[args.indexOf("--today") + 1] : undefined;
const today = todayArg ? new Date(`${todayArg}T12:00:00Z`) : new Date();
if (Number.isNaN(today.getTime())) {
  console.error(`--today expects a date like 2027-01-15, got '${todayArg}'`);
  process.exit(2);
}
/** Test hook: stop as Ctrl-C would, after this many issues were written (test/e2e/seed.test.ts). */
const interruptAfter = Number(process.env.SEED_INTERRUPT_AFTER_ISSUES ?? "0");
let issuesWritten = 0;
const { env, dispose } = await openLocal(process.env.JOURNAL_STATE_DIR);
// The app's own rule stores each demo author (given and family names split from the printed name).
const { authorFromName, serialiseAuthors } = await import("../app/lib/authors.ts");
const db = env.DB;
const files = env.FILES;

const PALETTE: [RGB, RGB][] = [
  [[20, 54, 93], [245, 241, 230]],
  [[31, 92, 153], [255, 255, 255]],
  [[181, 84, 44], [255, 244, 230]],
  [[28, 124, 58], [240, 250, 240]],
  [[110, 60, 140], [250, 240, 255]],
  [[60, 60, 60], [235, 235, 235]],
];

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A real two-page article PDF (title, authors, abstract, body text) for the demo archive. */
async function articlePdf(a: {
  journal: string;
  title: string;
  authors: string;
  abstract: string;
  volume: number;
  issue: number;
  year: number;
  pages: string;
  refnumber: string;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(plain(a.title));
  doc.setAuthor(a.authors);
  doc.setSubject(a.journal);
  const regular = await doc.embedFont(StandardFonts.TimesRoman);
  const bold = await doc.embedFont(StandardFonts.TimesRomanBold);
  const italic = await doc.embedFont(StandardFonts.TimesRomanItalic);
  const W = 595.28;
  const H = 841.89;
  const M = 64;
  for (let p = 0; p < 2; p++) {
    const page = doc.addPage([W, H]);
    page.drawText(`${a.journal}`, { x: M, y: H - 40, size: 9, font: italic, color: rgb(0.3, 0.3, 0.3) });
    page.drawText(`Vol. ${a.volume}, Issue ${a.issue}, ${a.year} · pp. ${a.pages}`, {
      x: W - M - regular.widthOfTextAtSize(`Vol. ${a.volume}, Issue ${a.issue}, ${a.year} · pp. ${a.pages}`, 9),
      y: H - 40,
      size: 9,
      font: regular,
      color: rgb(0.3, 0.3, 0.3),
    });
    page.drawLine({ start: { x: M, y: H - 48 }, end: { x: W - M, y: H - 48 }, thickness: 0.6, color: rgb(0.6, 0.6, 0.6) });
    let y = H - 90;
    if (p === 0) {
      for (const line of wrap(plain(a.title), bold, 16, W - 2 * M)) {
        page.drawText(line, { x: M, y, size: 16, font: bold });
        y -= 20;
      }
      y -= 6;
      for (const line of wrap(a.authors, italic, 11, W - 2 * M)) {
        page.drawText(line, { x: M, y, size: 11, font: italic });
        y -= 15;
      }
      y -= 14;
      page.drawText("Abstract", { x: M, y, size: 12, font: bold });
      y -= 17;
      for (const line of wrap(plain(a.abstract.replace(/<\/p>/g, " ")), regular, 10.5, W - 2 * M)) {
        page.drawText(line, { x: M, y, size: 10.5, font: regular });
        y -= 14;
      }
      y -= 16;
      page.drawText("1. Introduction", { x: M, y, size: 12, font: bold });
      y -= 17;
    } else {
      page.drawText("2. Materials and Methods", { x: M, y, size: 12, font: bold });
      y -= 17;
    }
    const body =
      "This demonstration article was generated for the journal platform's sample archive. The text stands in for the body of a research paper: it describes the experimental setting, the material studied, the treatments compared and the statistical analysis used, and it is laid out the way readers expect a journal article to look when they download the PDF from the archive. ";
    while (y > 80) {
      for (const line of wrap(body, regular, 10.5, W - 2 * M)) {
        if (y <= 80) break;
        page.drawText(line, { x: M, y, size: 10.5, font: regular });
        y -= 14;
      }
      y -= 8;
    }
    page.drawText(`Ref. No. ${a.refnumber} · Page ${p + 1} of 2`, { x: M, y: 40, size: 8.5, font: regular, color: rgb(0.4, 0.4, 0.4) });
  }
  return doc.save();
}

const PROVISIONAL = "seeding:";

async function journalId(slug: string): Promise<number | undefined> {
  const row = await db.prepare("select id from journals where slug = ?").bind(slug).first<{ id: number }>();
  return row?.id;
}

/** Removes a journal: its rows (the other tables follow by ON DELETE CASCADE) and its files. */
async function wipe(id: number) {
  await db.batch([
    db.prepare("delete from articles where journal_id = ?").bind(id),
    db.prepare("delete from issues where journal_id = ?").bind(id),
    db.prepare("delete from journals where id = ?").bind(id),
  ]);
  let cursor: string | undefined;
  do {
    const list = await files.list({ prefix: `journals/${id}/`, cursor });
    if (list.objects.length) await files.delete(list.objects.map((o) => o.key));
    cursor = list.truncated ? list.cursor : undefined;
  } while (cursor);
}

/**
 * What is missing from a journal that has its real slug. This seed renames the journal only
 * when everything is written, so only an older seed, interrupted, leaves gaps: no settings,
 * users, editors, partners or issues yet, or an issue of its own (created on the 1st at 09:00)
 * that never got its articles. Issues staff created later may well be empty: not a gap.
 */
async function gaps(id: number): Promise<string[]> {
  const row = await db
    .prepare(
      `select (select count(*) from settings where journal_id = ?1) as settings,
              (select count(*) from users where journal_id = ?1) as users,
              (select count(*) from editors where journal_id = ?1) as editors,
              (select count(*) from indexing_partners where journal_id = ?1) as partners,
              (select count(*) from issues where journal_id = ?1) as issues,
              (select count(*) from issues i where i.journal_id = ?1 and i.creation like '%-01T09:00:00.000Z'
                 and not exists (select 1 from articles a where a.issue_id = i.id)) as empty_seeded_issues`,
    )
    .bind(id)
    .first<Record<string, number>>();
  const missing = ["settings", "users", "editors", "partners", "issues"].filter((k) => !row?.[k]);
  if (row?.empty_seeded_issues) missing.push("articles");
  return missing;
}

async function seedJournal(j: DemoJournal, index: number) {
  // A provisional journal is what an interrupted run left behind.
  const leftover = await journalId(PROVISIONAL + j.slug);
  if (leftover) {
    console.log(`  ${j.slug}: removing the incomplete journal ${leftover} of an interrupted run`);
    await wipe(leftover);
  }
  const existing = await journalId(j.slug);
  if (existing) {
    const missing = await gaps(existing);
    if (!missing.length) {
      console.log(`  ${j.slug}: already seeded (journal ${existing}), skipped`);
      return;
    }
    console.log(`  ${j.slug}: journal ${existing} is incomplete (no ${missing.join(", ")}), seeding it again`);
    await wipe(existing);
  }

  const jid = await insertJournal(db, { ...j, slug: PROVISIONAL + j.slug });
  if (j.settings.logo) {
    await files.put(`journals/${jid}/logo/${j.settings.logo}`, emblem(), { httpMetadata: { contentType: "image/png" } });
  }
  await upsertAdmin(db, jid, j.admin);
  // A disabled account, so the 'User disabled' message can be tried on the demo.
  await upsertAdmin(db, jid, { username: "former-staff", password: "no-longer-here-2026", name: "Former staff member", status: "disabled" });
  const stmts: D1PreparedStatement[] = [];

  // Editors with portraits in R2 (a few without → default avatar).
  for (const [i, e] of j.editors.entries()) {
    let picture = "";
    if (e.picture) {
      picture = `editor-${i + 1}.png`;
      const [bg, fg] = PALETTE[i % PALETTE.length];
      await files.put(`journals/${jid}/editors/${picture}`, portrait(fg, bg), { httpMetadata: { contentType: "image/png" } });
    }
    stmts.push(
      db
        .prepare(
          "insert into editors (journal_id, name, category, post, degree, content, email, phone, country, editor_website, picture, status, is_pinned) values (?,?,?,?,?,?,?,?,?,?,?,?,?)",
        )
        .bind(jid, e.name, e.category, e.post, e.degree, e.content, e.email, e.phone, e.country, e.editor_website, picture, e.status, e.is_pinned),
    );
  }

  for (const [i, p] of j.partners.entries()) {
    const image = `partner-${i + 1}.png`;
    const [bg] = PALETTE[(i + index) % PALETTE.length];
    await files.put(`journals/${jid}/indexing/${image}`, logo(p.title, bg, bg), { httpMetadata: { contentType: "image/png" } });
    stmts.push(
      db
        .prepare("insert into indexing_partners (journal_id, title, link, image, sortnumber, status) values (?,?,?,?,?,?)")
        .bind(jid, p.title, p.link, image, p.sortnumber, p.status),
    );
  }
  await db.batch(stmts);

  // Issues and articles: each issue's PDFs first, then the issue and its articles in one batch.
  let articleCount = 0;
  for (const iss of j.issues) {
    const folder = `journals/${jid}/archives/${iss.year}/vol${iss.volume}issue${iss.issue}`;
    for (const a of iss.articles) {
      const pdf = await articlePdf({
        journal: j.name,
        title: a.title,
        authors: a.authors.map((x) => x.latin).join(", "),
        abstract: a.abstract,
        volume: iss.volume,
        issue: iss.issue,
        year: iss.year,
        pages: `${a.firstPage}-${a.lastPage}`,
        refnumber: a.refnumber,
      });
      await files.put(`${folder}/${a.refnumber}.pdf`, pdf, { httpMetadata: { contentType: "application/pdf" } });
    }
    await db.batch([
      db
        .prepare("insert into issues (journal_id, year, volume, issue, frequency, createdby, creation) values (?,?,?,?,?,?,?)")
        .bind(jid, iss.year, iss.volume, iss.issue, iss.frequency, j.admin.username, iss.creation),
      ...iss.articles.map((a) => {
        const created = `${a.publishdate}T10:00:00.000Z`;
        return db
          .prepare(
            `insert into articles (journal_id, issue_id, refnumber, title, authorname, abstract, keywords, description, pagenumber, first_page, last_page, subject, country, email, mobile, txnid, ptype, publishdate, year, volume, issue, frequency, file, status, createdby, modifiedby, creation, modification, search_title, search_abstract, authors, reference_list, received_date, accepted_date)
             values (?,(select id from issues where journal_id = ? and year = ? and volume = ? and issue = ?),?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)`,
          )
          .bind(
            jid, jid, iss.year, iss.volume, iss.issue, a.refnumber, a.title, a.authors.map((x) => x.name).join(", "), a.abstract, a.keywords, a.title,
            `${a.firstPage}-${a.lastPage}`, a.firstPage, a.lastPage, a.subject, a.country, a.email, a.mobile, a.txnid, a.ptype,
            a.publishdate, iss.year, iss.volume, iss.issue, iss.frequency, `${a.refnumber}.pdf`, a.status,
            j.admin.username, j.admin.username, created, created,
            plain(a.title), plain(a.abstract.replace(/<\/p>/g, " ")).replace(/\s+/g, " ").trim(),
            serialiseAuthors(a.people.map((p) => ({ ...authorFromName(p.name), ...p }))), a.references.join("\n"), a.received, a.accepted,
          );
      }),
    ]);
    articleCount += iss.articles.length;
    if (interruptAfter && ++issuesWritten === interruptAfter) {
      process.kill(process.pid, "SIGINT");
      await new Promise(() => {});
    }
  }

  // Last write: the real slug marks the journal complete.
  await db.prepare("update journals set slug = ? where id = ?").bind(j.slug, jid).run();
  console.log(
    `  ${j.slug}: journal ${jid}, ${j.issues.length} issues, ${articleCount} articles, ${j.editors.length} editors, ${j.partners.length} partners (hosts: ${j.hosts.join(", ")})`,
  );
}

try {
  console.log("Seeding demo journals…");
  for (const [i, j] of demoJournals(today).entries()) {
    if (reset) {
      for (const slug of [j.slug, PROVISIONAL + j.slug]) {
        const id = await journalId(slug);
        if (id) await wipe(id);
      }
    }
    await seedJournal(j, i);
  }
} finally {
  await dispose();
}
