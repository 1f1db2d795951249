import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client.server";
import { editors } from "../db/schema";
import { editorPictureKey } from "../storage/keys.server";
import { cleanHtmlFields } from "../schemas/html-fields";
import { createdFields, changesSince, historyInsertWhere, historyRowsFrom, lastFileHashQuery, versionBumpJson, type Actor, type HistoryItem } from "./history.server";
import { putImage, versionedImageWrite, withObject, type FileWriteOptions, type ImageSlot, type NewImage, type StoredImage } from "./versioned-objects.server";
import { versionedRow, type VersionedResult, type VersionedTarget } from "./versioned.server";

export type Editor = typeof editors.$inferSelect;
type NewEditor = Omit<typeof editors.$inferInsert, "id" | "journalId">;

const EDITOR_CATEGORIES = ["chief editor", "associate editor", "assistant editor"] as const;
export type EditorCategory = (typeof EDITOR_CATEGORIES)[number];

/** Query (not yet run) for the first enabled chief editor: pinned first, then oldest. */
export function chiefEditorQuery(db: Db, journalId: number) {
  return db
    .select({ id: editors.id, name: editors.name })
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.status, "enabled"), eq(editors.category, "chief editor")))
    .orderBy(desc(editors.is_pinned), asc(editors.id))
    .limit(1);
}

/** Query for the public board: enabled editors, pinned first, then in the order they were added. */
export function enabledEditorsQuery(db: Db, journalId: number) {
  return db
    .select()
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.status, "enabled")))
    .orderBy(desc(editors.is_pinned), asc(editors.id));
}

export async function listAllEditors(db: Db, journalId: number): Promise<Editor[]> {
  return db
    .select()
    .from(editors)
    .where(eq(editors.journalId, journalId))
    .orderBy(desc(editors.is_pinned), asc(editors.id));
}

export async function getEditor(db: Db, journalId: number, id: number): Promise<Editor | undefined> {
  const rows = await db
    .select()
    .from(editors)
    .where(and(eq(editors.journalId, journalId), eq(editors.id, id)))
    .limit(1);
  return rows[0];
}

export async function countEditors(db: Db, journalId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(editors)
    .where(eq(editors.journalId, journalId));
  return row?.n ?? 0;
}

type Storage = { FILES: R2Bucket };

const pictureSlot = (journalId: number): ImageSlot => ({ prefix: "editor", key: (name) => editorPictureKey(journalId, name) });

/**
 * Creates an editor with an optional picture, and its history entry, in one D1 batch; a failed
 * row write removes the new picture.
 */
export async function createEditorWithPicture(
  env: Storage,
  db: Db,
  journalId: number,
  input: NewEditor,
  picture: NewImage | null,
  actor: Actor,
): Promise<Editor> {
  const slot = pictureSlot(journalId);
  const stored = await putImage(env, slot, picture);
  const values = { ...cleanHtmlFields("editors", input), picture: stored?.name ?? "" };
  const { picture: _p, ...recorded } = values;
  const fields = { ...createdFields(recorded), ...(stored ? { picture: { after: stored.sha } } : {}), version: { after: 1 } };
  const [[row]] = await withObject(env, stored && slot.key(stored.name), () =>
    db.batch([
      db.insert(editors).values({ ...values, journalId }).returning(),
      // The editors table has no triggers: last_insert_rowid() is the row just inserted.
      historyInsertWhere(db, journalId, { actor, action: "create", type: "editor", fields }, sql`1`, sql`last_insert_rowid()`),
    ]),
  );
  return row;
}

/** An editor as a versioned write reads it: the row and the sha256 its last picture upload recorded. */
export type EditorForWrite = Editor & { pictureHash: string | null };

/** The editor row of this journal as the target of a versioned write (app/models/versioned.server.ts). */
function editorTarget(db: Db, journalId: number, id: number): VersionedTarget<EditorForWrite> {
  const self = and(eq(editors.journalId, journalId), eq(editors.id, id))!;
  return {
    type: "editor",
    id,
    async read() {
      const [rows, hash] = await db.batch([db.select().from(editors).where(self).limit(1), lastFileHashQuery(db, journalId, "editor", id, "picture")]);
      return rows[0] ? { ...rows[0], pictureHash: hash[0]?.hash ?? null } : undefined;
    },
    ...versionedRow(db, editors, self, "updated_at"),
  };
}

/**
 * A versioned write of an editor (app/models/versioned.server.ts), optionally with a new
 * picture, which replaces the old one as app/models/versioned-objects.server.ts says.
 */
export async function writeEditor<F>(
  env: Storage,
  db: Db,
  journalId: number,
  id: number,
  opts: FileWriteOptions<EditorForWrite, F, StoredImage> & { picture: NewImage | null },
): Promise<VersionedResult<Editor, F>> {
  const result = await versionedImageWrite(env, db, journalId, editorTarget(db, journalId, id), pictureSlot(journalId), (row) => row.picture, opts.picture, opts);
  if (!result.ok || !result.changed) return result;
  const { pictureHash: _h, ...row } = result.row;
  return { ...result, row };
}

/** Pins or unpins: what a staff request asks, and the versions it loaded (optional). */
export type PinRefusal = { kind: "edit_conflict"; editors: { id: number; name: string; version: number; changes: HistoryItem[] }[] };

/**
 * Pins or unpins editors of this journal; ids of other journals are ignored. Only `is_pinned`
 * is written, and only on editors not already so (each of those gets its version bumped and a
 * history entry, in the same batch). With `versions` (the list the person loaded), an editor
 * whose pin someone else changed since is a conflict and nothing is written; other changes since
 * (a renamed editor) do not matter to a pin. D1 allows at most 100 bound parameters per
 * statement, so large selections are chunked — and the chunks go in one batch: one round trip,
 * all or nothing. Answers how many editors were pinned or unpinned.
 */
export async function setEditorsPinned(
  db: Db,
  journalId: number,
  ids: number[],
  pinned: boolean,
  actor: Actor,
  versions?: ReadonlyMap<number, number>,
): Promise<{ ok: true; changed: number; found: number } | { ok: false; refusal: PinRefusal }> {
  if (ids.length === 0) return { ok: true, changed: 0, found: 0 };
  const target = pinned ? 1 : 0;
  const unique = [...new Set(ids)];
  const chunksOf = (size: number) => Array.from({ length: Math.ceil(unique.length / size) }, (_, i) => unique.slice(i * size, (i + 1) * size));
  const found = (
    await Promise.all(
      chunksOf(90).map((part) =>
        db
          .select({ id: editors.id, name: editors.name, version: editors.version, is_pinned: editors.is_pinned })
          .from(editors)
          .where(and(eq(editors.journalId, journalId), inArray(editors.id, part))),
      ),
    )
  ).flat();
  if (versions) {
    const conflicts = [];
    for (const e of found) {
      const loaded = versions.get(e.id);
      if (loaded === undefined || loaded === e.version || e.is_pinned === target) continue;
      const changes = await changesSince(db, journalId, "editor", e.id, loaded);
      if (changes.some((c) => "is_pinned" in c.fields)) conflicts.push({ id: e.id, name: e.name, version: e.version, changes });
    }
    if (conflicts.length) return { ok: false, refusal: { kind: "edit_conflict", editors: conflicts } };
  }
  const at = new Date().toISOString();
  const statements = [];
  for (const part of chunksOf(90)) {
    const which = and(eq(editors.journalId, journalId), inArray(editors.id, part), ne(editors.is_pinned, target))!;
    statements.push(
      historyRowsFrom(db, journalId, { actor, action: pinned ? "pin" : "unpin", type: "editor" }, {
        table: sql`${editors}`,
        id: sql`${editors.id}`,
        fields: sql`json_patch(json_object('is_pinned', json_object('before', ${editors.is_pinned}, 'after', ${target})), ${versionBumpJson(editors.version)})`,
        where: which,
      }),
      db
        .update(editors)
        .set({ is_pinned: target, updated_at: at, version: sql`${editors.version} + 1` })
        .where(which)
        .returning({ id: editors.id }),
    );
  }
  const results = await db.batch(statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const changed = (results as unknown[]).filter((_, i) => i % 2 === 1).reduce<number>((n, rows) => n + (rows as unknown[]).length, 0);
  return { ok: true, changed, found: found.length };
}
