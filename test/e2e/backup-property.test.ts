/**
 * The property test of backups: random rows written through the JSON API (control characters,
 * emoji, RTL, Devanagari, long fields, empty optional fields; a poisoned field must be refused
 * naming it), backed up, restored and backed up again — the rows come back byte-identical, and
 * so does `npm run export`. PROPERTY_SEED replays a run.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { after, test } from "node:test";
import { insertJournal, upsertAdmin } from "../../scripts/lib/local.ts";
import type { Manifest } from "../../scripts/lib/backup.ts";
import { rgbaPng } from "../images.ts";
import { run, withEnv, workFolder } from "./backups.ts";
import { fetchOnHost, serveState, type App } from "./harness.ts";
import { migratedState } from "./states.ts";

const work = workFolder();

after(() => rmSync(work, { recursive: true, force: true }));

/** mulberry32: a small seeded generator, so a failure can be replayed (PROPERTY_SEED). */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)];
  return { next, int, pick };
}

const PIECES = [
  "rice", "Oryza sativa", "yield", "naïve café", "Zoë", "🌾", "🧪", "😀", "👩🏽‍🔬", "e\u0301", "مرحبا بالعالم", "שלום עולם", "\u200fRTL mark", "राजेश कुमार", "क्षत्रिय", "研究", "Ω≤≥", "&amp;", "<i>x</i>", "'quote'", "\"dq\"", "a;b", "-- not a comment", "back\\slash", "tab\there", "line\nbreak",
];
const NAMES = ["Anjali Sharma", "राजेश कुमार", "José Martínez", "Zoë Brontë", "सुनीता देवी", "Dr. Kavita Rao", "Ünal Öztürk", "Nguyễn Văn An"];
const CONTROL = ["\u0000", "\u0001", "\u0008", "\u000b", "\u001b", "\u007f", "\uffff"];

// Texts that are printed on documents (titles, editors, the journal's name and publisher) are
// refused when no document font can draw a character, as emoji are: those fields get the pieces
// every document prints; the others carry emoji too.
const EMOJI = /\p{Extended_Pictographic}/u;
const PRINTED_PIECES = PIECES.filter((piece) => !EMOJI.test(piece));

function text(rng: ReturnType<typeof random>, words: number, printed = false): string {
  return Array.from({ length: words }, () => rng.pick(printed ? PRINTED_PIECES : PIECES)).join(" ");
}

async function postForm(app: App, host: string, path: string, token: string, form: FormData) {
  const request = new Request("http://x/", { method: "POST", body: form });
  return fetchOnHost(app, host, path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": request.headers.get("content-type")! },
    body: Buffer.from(await request.arrayBuffer()) as unknown as string,
  });
}

async function postJson(app: App, host: string, path: string, token: string, body: unknown) {
  return fetchOnHost(app, host, path, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

test("property: random rows through the API survive backup → restore → backup byte-identical, and npm run export too", async () => {
  const seed = Number(process.env.PROPERTY_SEED ?? 20261127);
  const rng = random(seed);
  const state = path.join(work, "state-property");
  const host = "prop.localhost";
  migratedState(state);
  await withEnv(state, async (env) => {
    const id = await insertJournal(env.DB, { slug: "prop", name: "Property Journal", hosts: [host] });
    await upsertAdmin(env.DB, id, { username: "staff", password: "property-staff-2026" });
  });
  const app = await serveState(state, host, { keep: true });
  let refused = 0;
  let accepted = 0;
  try {
    const login = await fetchOnHost(app, host, "/auth/login/", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ username: "staff", password: "property-staff-2026" }) });
    assert.equal(login.status, 200);
    const token = ((await login.json()) as { token: string }).token;
    const year = new Date().getUTCFullYear();
    const issueRes = await postJson(app, host, "/api/admin/create-issue", token, { volume: 1, issue: 1, year, frequency: "January" });
    assert.equal(issueRes.status, 201, await issueRes.clone().text());
    const badIssue = await postJson(app, host, "/api/admin/create-issue", token, { volume: 1, issue: 2, year, frequency: "January\u0000" });
    assert.equal(badIssue.status, 400);
    let lastPage = 0;

    /** Sends a body; with a control character in one of its fields it must be refused naming that field. */
    const expectOutcome = async (res: Response, poisoned: string | null, what: string) => {
      const body = (await res.json()) as { error?: string; fields?: Record<string, string> };
      if (poisoned) {
        assert.equal(res.status, 400, `${what}: seed ${seed}`);
        assert.equal(body.error, "validation_failed", `${what}: seed ${seed}`);
        assert.match(body.fields?.[poisoned] ?? "", /^This text contains an invisible control character \(U\+[0-9A-F]{4}\) that cannot be saved\./, `${what} ${poisoned}: seed ${seed}`);
        refused++;
      } else {
        assert.ok(res.status === 200 || res.status === 201, `${what}: ${res.status} ${JSON.stringify(body)} (seed ${seed})`);
        accepted++;
      }
    };
    const poison = (fields: Record<string, string>, keys: string[]): string | null => {
      if (rng.next() > 0.3) return null;
      const key = rng.pick(keys);
      const v = fields[key] ?? "";
      const at = rng.int(v.length + 1);
      fields[key] = v.slice(0, at) + rng.pick(CONTROL) + v.slice(at);
      return key;
    };

    for (let i = 0; i < 24; i++) {
      const kind = rng.pick(["article", "article", "editor", "settings"] as const);
      if (kind === "article") {
        const ref = String(1000 + i);
        const first = lastPage + 1;
        const last = first + rng.int(20);
        const optional = (words: number) => (rng.next() < 0.4 ? "" : text(rng, words));
        const fields: Record<string, string> = {
          year: String(year), volume: "1", issue: "1", refnumber: ref, txnid: `TXN-${ref}`, ptype: rng.pick(["paid", "free"]),
          publishdate: `${year}-01-${String(1 + rng.int(28)).padStart(2, "0")}`,
          authorname: Array.from({ length: 1 + rng.int(4) }, () => rng.pick(NAMES)).join(", "),
          email: `a${ref}@example.org`, pagenumber: `${first}-${last}`,
          title: `${text(rng, 1 + rng.int(8), true)} ${ref}`,
          abstract: rng.next() < 0.2 ? `<p>${"long ✓ ".repeat(2000 + rng.int(2000))}</p>` : `<p>${text(rng, 5 + rng.int(40))}</p>`,
          keywords: rng.next() < 0.2 ? "k".repeat(1000) : optional(4), subject: optional(2), country: optional(1), mobile: rng.next() < 0.5 ? "" : "+91 98765 43210",
        };
        const poisoned = poison(fields, ["keywords", "subject", "country", "title", "abstract", "mobile", "email"]);
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.set(k, v);
        const pdf = new TextEncoder().encode(`%PDF-1.4\n${text(rng, 20)}\n%%EOF\n`);
        form.set("pdfFile", new File([pdf], "paper.pdf", { type: "application/pdf" }));
        const res = await postForm(app, host, "/api/admin/archives/", token, form);
        await expectOutcome(res, poisoned, `article ${ref}`);
        if (!poisoned) lastPage = last;
      } else if (kind === "editor") {
        const fields: Record<string, string> = {
          category: rng.pick(["chief editor", "associate editor", "assistant editor"]), post: rng.pick(["Professor", "Scientist", "Head"]),
          name: `${rng.pick(NAMES)} ${i}`, content: text(rng, 3 + rng.int(10), true),
          degree: rng.next() < 0.5 ? "" : "Ph.D.", email: "", phone: "", country: rng.next() < 0.5 ? "" : text(rng, 1, true), editor_website: "",
        };
        const poisoned = poison(fields, ["name", "content", "degree", "country", "phone"]);
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.set(k, v);
        if (rng.next() < 0.5) form.set("imgFile", new File([rgbaPng(8 + rng.int(20), 8 + rng.int(20)) as BlobPart], "p.png", { type: "image/png" }));
        await expectOutcome(await postForm(app, host, "/api/editors", token, form), poisoned, `editor ${i}`);
      } else {
        // Optional settings emptied, others random: every nullable column empty at some point.
        const fields: Record<string, string> = {};
        for (const key of ["formatted_journal_name", "whatsup_number", "year_started", "journal_frequency", "journal_type", "journal_language", "nassScore", "nassScoreYear", "impactfactor", "fee_rupee", "fee_dollar", "home_content", "publisher_name", "publisher_address", "phone", "abbrev_title"]) {
          fields[key] = rng.next() < 0.5 ? "" : key === "home_content" ? `<p>${text(rng, 30)}</p>` : Array.from(text(rng, 1 + rng.int(3), true)).slice(0, 140).join("");
        }
        fields.websitename = `Property Journal ${text(rng, 2, true)}`;
        const poisoned = poison(fields, ["websitename", "publisher_address", "home_content", "fee_rupee"]);
        await expectOutcome(await postJson(app, host, "/api/settings", token, fields), poisoned, `settings ${i}`);
      }
    }
  } finally {
    await app.stop();
  }
  assert.ok(refused > 0 && accepted > 5, `both outcomes exercised (seed ${seed}: ${accepted} accepted, ${refused} refused)`);

  // Separate parent folders: the second backup fetches every file from the restored storage.
  const one = path.join(work, "property-a", "one");
  const two = path.join(work, "property-b", "two");
  const restoredState = path.join(work, "state-property-restored");
  for (const [script, args, stateDir] of [
    ["scripts/backup.ts", [one], state],
    ["scripts/restore.ts", [one], restoredState],
    ["scripts/backup.ts", [two], restoredState],
  ] as const) {
    const r = run(script, [...args], { JOURNAL_STATE_DIR: stateDir });
    assert.equal(r.status, 0, `${script} ${args.join(" ")}: ${r.err}`);
  }
  const rowsOf = (dir: string) => readdirSync(path.join(dir, "rows")).sort();
  assert.deepEqual(rowsOf(two), rowsOf(one));
  for (const file of rowsOf(one)) assert.ok(readFileSync(path.join(two, "rows", file)).equals(readFileSync(path.join(one, "rows", file))), `${file} byte-identical (seed ${seed})`);
  const m1 = JSON.parse(readFileSync(path.join(one, "manifest.json"), "utf8")) as Manifest;
  const m2 = JSON.parse(readFileSync(path.join(two, "manifest.json"), "utf8")) as Manifest;
  assert.deepEqual(m2.objects.map((o) => [o.key, o.sha256]), m1.objects.map((o) => [o.key, o.sha256]));
  assert.ok(m1.tables.find((t) => t.name === "articles")!.rows > 3);

  // The rows-only SQL dump of both states, after its dated first line, is the same text.
  const dumps = [state, restoredState].map((s, i) => {
    const out = path.join(work, `dump-${i}.sql`);
    const r = run("scripts/export.ts", ["--persist-to", s, "--out", out]);
    assert.equal(r.status, 0, r.err);
    return readFileSync(out, "utf8").split("\n").slice(1).join("\n");
  });
  assert.equal(dumps[1], dumps[0]);
});
