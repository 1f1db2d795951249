import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { editors } from "../db/schema";
import { editorPictureKey } from "../storage/keys.server";
import { cleanHtmlFields } from "../schemas/html-fields";

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

async function createEditor(db: Db, journalId: number, input: NewEditor): Promise<Editor> {
  // Sanitise on write: every HTML field, whoever calls, so no reader of the row meets raw markup.
  const [row] = await db.insert(editors).values({ ...cleanHtmlFields("editors", input), journalId }).returning();
  return row;
}

export async function countEditors(db: Db, journalId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(editors)
    .where(eq(editors.journalId, journalId));
  return row?.n ?? 0;
}

type Storage = { FILES: R2Bucket };
interface EditorPicture {
  bytes: Uint8Array;
  ext: string;
  contentType: string;
}

function pictureName(ext: string): string {
  return `editor-${crypto.randomUUID().slice(0, 12)}.${ext}`;
}

/** Creates an editor with an optional picture; a failed row write removes the new picture. */
export async function createEditorWithPicture(
  env: Storage,
  db: Db,
  journalId: number,
  input: NewEditor,
  picture: EditorPicture | null,
): Promise<Editor> {
  const name = picture ? pictureName(picture.ext) : "";
  if (picture) {
    await env.FILES.put(editorPictureKey(journalId, name), picture.bytes, { httpMetadata: { contentType: picture.contentType } });
  }
  try {
    return await createEditor(db, journalId, { ...input, picture: name });
  } catch (error) {
    if (picture) await env.FILES.delete(editorPictureKey(journalId, name)).catch(() => {});
    throw error;
  }
}

/**
 * Updates an editor (all fields, or only some such as `status`), optionally replacing the
 * picture: the new picture is stored first, the row switched to it, then the old one removed.
 */
export async function updateEditorWithPicture(
  env: Storage,
  db: Db,
  journalId: number,
  existing: Editor,
  input: Partial<NewEditor>,
  picture: EditorPicture | null,
): Promise<Editor> {
  const name = picture ? pictureName(picture.ext) : existing.picture;
  if (picture) {
    await env.FILES.put(editorPictureKey(journalId, name), picture.bytes, { httpMetadata: { contentType: picture.contentType } });
  }
  try {
    const [row] = await db
      .update(editors)
      .set({ ...cleanHtmlFields("editors", input), picture: name, updated_at: new Date().toISOString() })
      .where(and(eq(editors.journalId, journalId), eq(editors.id, existing.id)))
      .returning();
    if (!row) throw new Error("editor vanished during update");
    if (picture && existing.picture && existing.picture !== name) {
      await env.FILES.delete(editorPictureKey(journalId, existing.picture)).catch(() => {});
    }
    return row;
  } catch (error) {
    if (picture) await env.FILES.delete(editorPictureKey(journalId, name)).catch(() => {});
    throw error;
  }
}

/**
 * Pins or unpins editors of this journal; ids of other journals are ignored. D1 allows at most
 * 100 bound parameters per statement, so large selections are chunked — and the chunks go in
 * one batch: one round trip, all or nothing.
 */
export async function setEditorsPinned(db: Db, journalId: number, ids: number[], pinned: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const at = new Date().toISOString();
  const statements = [];
  for (let i = 0; i < ids.length; i += 90) {
    statements.push(
      db
        .update(editors)
        .set({ is_pinned: pinned ? 1 : 0, updated_at: at })
        .where(and(eq(editors.journalId, journalId), inArray(editors.id, ids.slice(i, i + 90))))
        .returning({ id: editors.id }),
    );
  }
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return results.reduce((n, rows) => n + rows.length, 0);
}

