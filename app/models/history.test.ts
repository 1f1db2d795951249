import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client.server";
import { makeJournal } from "../../test/factories";
import { runStatements } from "./journals.server";
import { actorLabel, changedFields, cliActor, historyInsert, historyStatement, sha256Hex, shortValue, staffActor } from "./history.server";

const entries = (journalId: number) =>
  env.DB.prepare("select actor_kind, actor_user_id, actor, action, record_type, record_id, fields from history where journal_id = ? order by id")
    .bind(journalId)
    .all<Record<string, unknown>>()
    .then((r) => r.results);

describe("history entries", () => {
  it("goes into the write's own batch: a failing write leaves no entry, a good one leaves exactly one", async () => {
    const j = await makeJournal();
    const db = getDb(env.DB);
    const entry = { actor: staffActor({ id: 7, username: "chief" }), action: "update", type: "settings", fields: { issn: { before: "1", after: "2" } } };
    // The second statement fails (no such table): D1 runs a batch as a transaction, so the entry goes too.
    await expect(db.batch([historyInsert(db, j.id, entry), db.run("insert into no_such_table values (1)") as never])).rejects.toThrow();
    expect(await entries(j.id)).toEqual([]);
    await db.batch([historyInsert(db, j.id, entry)]);
    expect(await entries(j.id)).toEqual([
      { actor_kind: "staff", actor_user_id: 7, actor: "chief", action: "update", record_type: "settings", record_id: "", fields: '{"issn":{"before":"1","after":"2"}}' },
    ]);
  });

  it("names the journal by slug in the scripts' statements, and the OS user for the command line", async () => {
    const j = await makeJournal();
    await runStatements(env.DB, [historyStatement(j.slug, { actor: cliActor("priya"), action: "add", type: "host", id: "www.example.org" })]);
    expect(await entries(j.id)).toEqual([
      { actor_kind: "cli", actor_user_id: null, actor: "cli:priya", action: "add", record_type: "host", record_id: "www.example.org", fields: "{}" },
    ]);
  });

  it("keeps values short and lists only what changed", async () => {
    expect(shortValue("x".repeat(500))).toBe(`${"x".repeat(199)}…`);
    expect(Array.from(shortValue("क्ष".repeat(300)) as string)).toHaveLength(200);
    expect(shortValue(undefined)).toBeNull();
    expect(changedFields({ title: "A", pages: "1-6", n: 1 }, { title: "B", pages: "1-6", n: "1" })).toEqual({ title: { before: "A", after: "B" } });
    expect(changedFields(null, { title: "B" })).toEqual({ title: { after: "B" } });
    expect(actorLabel({ kind: "system", job: "purge-trash" })).toBe("system:purge-trash");
    expect(await sha256Hex(new TextEncoder().encode("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
