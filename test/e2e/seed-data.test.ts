/**
 * The demo data meets the foundation issue (#2) whatever day `npm start` first runs: the seed's
 * data generation, run for a day in every month (and the edges of a year, and a leap day),
 * checked against the counts README "What the demo data contains" states. Pure: no database,
 * no server — milliseconds.
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import "../../scripts/lib/ts-resolve.mjs";
import { demoJournals, type DemoJournal } from "../../scripts/seed/data.ts";

// The app's modules import each other without extensions (as Vite does): loaded after the
// resolve hook above is installed, like the scripts load them.
const { FREQUENCIES } = await import("../../app/schemas/frequency.ts");
const { authorFromName } = await import("../../app/lib/authors.ts");
const { validateAuthorList } = await import("../../app/schemas/authors.ts");
const { parseReferences, referenceDoi } = await import("../../app/lib/references.ts");
const { cleanField, HTML_FIELDS } = await import("../../app/schemas/html-fields.ts");

const DEVANAGARI = /[\u0900-\u097F]/;
const ACCENTED_LATIN = /[\u00C0-\u024F]/;
const CATEGORIES = ["chief editor", "associate editor", "assistant editor"];

const days: Date[] = [];
for (const year of [2026, 2027]) for (let m = 0; m < 12; m++) days.push(new Date(Date.UTC(year, m, 1 + ((m * 7) % 28))));
days.push(new Date(Date.UTC(2027, 0, 1)), new Date(Date.UTC(2027, 11, 31)), new Date(Date.UTC(2028, 1, 29)), new Date(Date.UTC(2028, 4, 1)));

const iso = (d: Date) => d.toISOString().slice(0, 10);

function checkJournal(j: DemoJournal, today: Date) {
  const year = today.getUTCFullYear();
  const where = `${j.slug} on ${iso(today)}`;
  const articles = j.issues.flatMap((i) => i.articles);
  const enabled = articles.filter((a) => a.status === "enabled");

  // Archives: three full years before this one, and this year's issues whose month has begun.
  const perYear = new Map<number, number>();
  for (const i of j.issues) perYear.set(i.year, (perYear.get(i.year) ?? 0) + 1);
  const full = j.slug === "ijals" ? 4 : 3;
  for (const y of [year - 3, year - 2, year - 1]) assert.equal(perYear.get(y), full, `${where}: ${y} has every issue`);
  assert.deepEqual([...perYear.keys()].filter((y) => y < year - 3 || y > year), [], `${where}: no other years`);
  for (const i of j.issues) {
    assert.equal(i.volume, i.year - (year - 4), `${where}: volume of ${i.year}`);
    assert.ok(FREQUENCIES.includes(i.frequency), `${where}: frequency '${i.frequency}' is a spec option`);
    assert.ok(i.creation.slice(0, 10) <= iso(today), `${where}: issue ${i.year}/${i.issue} exists by today`);
    assert.ok(i.articles.length > 0, `${where}: issue ${i.year}/${i.issue} has articles`);
  }
  const thisYear = j.issues.filter((i) => i.year === year).length;
  const begun = (j.slug === "ijals" ? [0, 3, 6, 9] : [0, 4, 8]).filter((m) => m <= today.getUTCMonth()).length;
  assert.equal(thisYear, begun, `${where}: this year's issues published so far`);
  assert.ok(j.issues.length >= 8, `${where}: 8+ issues`);
  assert.ok(j.issues.length >= (j.slug === "ijals" ? 13 : 10) && j.issues.length <= (j.slug === "ijals" ? 16 : 12), `${where}: issue count`);

  // Articles: the README's range, enabled ones well above the foundation issue's 60.
  assert.ok(articles.length >= 78 && articles.length <= 96, `${where}: ${articles.length} articles within 78–96`);
  assert.ok(enabled.length >= 75 && enabled.length <= 92, `${where}: ${enabled.length} enabled articles within 75–92`);
  const disabled = articles.length - enabled.length;
  assert.ok(disabled >= 3 && disabled <= 4, `${where}: ${disabled} disabled articles`);
  assert.equal(new Set(articles.map((a) => a.title)).size, articles.length, `${where}: titles unique`);
  assert.equal(new Set(articles.map((a) => a.refnumber)).size, articles.length, `${where}: refnumbers unique`);
  assert.equal(new Set(articles.map((a) => a.txnid)).size, articles.length, `${where}: txnids unique`);
  assert.ok(articles.filter((a) => /<i>[^<]+<\/i>/.test(a.title)).length >= 20, `${where}: species names in italics`);
  for (const a of articles) {
    assert.ok(a.authors.length >= 1 && a.authors.length <= 5, `${where}: ${a.refnumber} has 1–5 authors`);
    assert.equal(new Set(a.authors).size, a.authors.length, `${where}: ${a.refnumber} authors distinct`);
    assert.match(a.abstract, /<p>.{100,}/, `${where}: ${a.refnumber} abstract`);
    assert.ok(a.keywords.split(", ").length >= 2, `${where}: ${a.refnumber} keywords`);
    assert.ok(a.publishdate <= iso(today), `${where}: ${a.refnumber} published ${a.publishdate}, not in the future`);
    assert.match(a.publishdate, /^\d{4}-\d{2}-\d{2}$/);
    assert.ok(!Number.isNaN(Date.parse(a.publishdate)), `${where}: ${a.refnumber} publishdate is a real date`);
  }
  const names = articles.flatMap((a) => a.authors.map((x) => x.name));
  assert.ok(names.some((n) => n.startsWith("Dr. ")), `${where}: some 'Dr. ' authors`);
  assert.ok(names.some((n) => DEVANAGARI.test(n)), `${where}: some Devanagari authors`);
  assert.ok(names.some((n) => ACCENTED_LATIN.test(n)), `${where}: some accented Latin authors`);
  assert.ok(articles.some((a) => a.authors.length === 1) && articles.some((a) => a.authors.length === 5), `${where}: 1 and 5 authors occur`);

  // Authors as people, as the seed stores them: valid by the app's own rules (ORCID and ROR check
  // digits included), the first author corresponding; some with ORCID iDs and affiliations.
  for (const a of articles) {
    const people = a.people.map((p) => ({ ...authorFromName(p.name), ...p }));
    assert.deepEqual(validateAuthorList(people).fields, {}, `${where}: ${a.refnumber} authors valid`);
    assert.deepEqual(people.map((p) => p.name), a.authors.map((x) => x.name), `${where}: ${a.refnumber} people match the byline`);
    assert.deepEqual(people.map((p) => p.corresponding), people.map((_, i) => i === 0), `${where}: ${a.refnumber} first author corresponding`);
    assert.equal(people[0].email, a.email);
    // References as the form would store them, each reference one line.
    assert.deepEqual(parseReferences(a.references.join("\n")), a.references, `${where}: ${a.refnumber} references stored as typed`);
    if (a.received) assert.ok(a.received < a.accepted && a.accepted < a.publishdate, `${where}: ${a.refnumber} received < accepted < published`);
  }
  const people = articles.flatMap((a) => a.people);
  assert.ok(people.filter((p) => p.orcid).length >= 20, `${where}: authors with ORCID iDs`);
  assert.ok(people.some((p) => p.affiliations.length >= 2), `${where}: an author with two affiliations`);
  assert.ok(people.some((p) => p.affiliations.some((f) => f.ror)), `${where}: affiliations with ROR IDs`);
  assert.ok(people.some((p) => !p.affiliations.length), `${where}: authors without an affiliation`);
  const refs = articles.flatMap((a) => a.references);
  assert.ok(articles.filter((a) => a.references.length).length >= articles.length / 2, `${where}: most articles have references`);
  assert.ok(refs.filter((r) => referenceDoi(r)).length >= refs.length / 4, `${where}: references with DOIs`);
  assert.ok(articles.some((a) => !a.received), `${where}: some articles without manuscript dates`);

  // Page ranges in order within each issue.
  for (const i of j.issues) {
    let last = 0;
    for (const a of i.articles) {
      assert.ok(a.firstPage > last && a.lastPage >= a.firstPage, `${where}: pages of ${a.refnumber} follow ${last}`);
      last = a.lastPage;
    }
  }

  // Editors: 12+ in the three categories, pictures and not, one disabled, two pinned.
  assert.ok(j.editors.length >= 12, `${where}: 12+ editors`);
  assert.deepEqual([...new Set(j.editors.map((e) => e.category))].sort(), [...CATEGORIES].sort(), `${where}: editor categories`);
  assert.ok(j.editors.filter((e) => e.picture).length >= 8, `${where}: editors with pictures`);
  assert.ok(j.editors.some((e) => !e.picture), `${where}: editors without pictures`);
  assert.equal(j.editors.filter((e) => e.status === "disabled").length, 1, `${where}: one disabled editor`);
  assert.equal(j.editors.filter((e) => e.is_pinned).length, 2, `${where}: two pinned editors`);

  // Indexing partners: six shown, one without a link, one disabled.
  assert.equal(j.partners.filter((p) => p.status === "enabled").length, 6, `${where}: six enabled partners`);
  assert.equal(j.partners.filter((p) => p.status === "disabled").length, 1, `${where}: one disabled partner`);
  assert.equal(j.partners.filter((p) => !p.link).length, 1, `${where}: one partner without a link`);
}

test("demo data meets the foundation issue for a day in every month", () => {
  for (const today of days) {
    const journals = demoJournals(today);
    assert.equal(journals.length, 2);
    assert.notEqual(journals[0].name, journals[1].name);
    assert.notEqual(journals[0].settings.show_subject_column, journals[1].settings.show_subject_column);
    for (const j of journals) checkJournal(j, today);
  }
});

test("demo data does not drift with the date: past volumes hold the same articles", () => {
  const strip = (j: DemoJournal) =>
    j.issues.filter((i) => i.volume <= 3).map((i) => [i.volume, i.issue, i.frequency, i.articles.map((a) => [a.refnumber, a.title, a.firstPage, a.lastPage])]);
  const reference = demoJournals(days[0]).map(strip);
  for (const today of days) assert.deepEqual(demoJournals(today).map(strip), reference, `on ${iso(today)}`);
  assert.deepEqual(demoJournals(days[5]), demoJournals(days[5]), "deterministic for one day");
});

test("demo HTML is stored as the write path's cleaner leaves it (npm run db:clean-html finds nothing to change)", () => {
  const changed: string[] = [];
  const check = (entity: keyof typeof HTML_FIELDS, where: string, row: Record<string, unknown>) => {
    for (const field of Object.keys(HTML_FIELDS[entity])) {
      const value = row[field];
      if (typeof value === "string" && cleanField(entity, field, value) !== value) changed.push(`${where} ${field}: ${JSON.stringify(value.slice(0, 80))}…`);
    }
  };
  for (const j of demoJournals(days[0])) {
    check("settings", `${j.slug} settings`, j.settings);
    for (const e of j.editors) check("editors", `${j.slug} editor ${e.name}`, e as unknown as Record<string, unknown>);
    for (const a of j.issues.flatMap((i) => i.articles)) check("articles", `${j.slug} article ${a.refnumber}`, a as unknown as Record<string, unknown>);
  }
  assert.deepEqual(changed, []);
});
