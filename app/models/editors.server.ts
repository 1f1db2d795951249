import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { editors } from "../db/schema";

export type Editor = typeof editors.$inferSelect;
export type NewEditor = Omit<typeof editors.$inferInsert, "id" | "journalId">;

export const EDITOR_CATEGORIES = ["chief editor", "associate editor", "assistant editor"] as const;
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

export async function createEditor(db: Db, journalId: number, input: NewEditor): Promise<Editor> {
  const [row] = await db.insert(editors).values({ ...input, journalId }).returning();
  return row;
}

export async function countEditors(db: Db, journalId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(editors)
    .where(eq(editors.journalId, journalId));
  return row?.n ?? 0;
}
