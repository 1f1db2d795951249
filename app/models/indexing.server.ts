import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client.server";
import { indexingPartners } from "../db/schema";
import { indexingImageKey } from "../storage/keys.server";
import { changedFields, historyInsert, historyInsertWhen, sha256Hex, type Actor } from "./history.server";

/** Query for enabled partners by sortnumber (sidebar and /indexing grid). */
export function enabledPartnersQuery(db: Db, journalId: number) {
  return db
    .select({
      id: indexingPartners.id,
      title: indexingPartners.title,
      link: indexingPartners.link,
      image: indexingPartners.image,
      sortnumber: indexingPartners.sortnumber,
    })
    .from(indexingPartners)
    .where(and(eq(indexingPartners.journalId, journalId), eq(indexingPartners.status, "enabled")))
    .orderBy(asc(indexingPartners.sortnumber), asc(indexingPartners.id));
}

export async function listEnabledPartners(db: Db, journalId: number) {
  return enabledPartnersQuery(db, journalId);
}

// ---- Staff: the admin screen and the API (add, edit, logo, order, enable/disable) ----------

export type Partner = typeof indexingPartners.$inferSelect;

/** Every partner of the journal in the order readers see the enabled ones. */
export async function listAllPartners(db: Db, journalId: number): Promise<Partner[]> {
  return db
    .select()
    .from(indexingPartners)
    .where(eq(indexingPartners.journalId, journalId))
    .orderBy(asc(indexingPartners.sortnumber), asc(indexingPartners.id));
}

export async function getPartner(db: Db, journalId: number, id: number): Promise<Partner | undefined> {
  const [row] = await db
    .select()
    .from(indexingPartners)
    .where(and(eq(indexingPartners.journalId, journalId), eq(indexingPartners.id, id)))
    .limit(1);
  return row;
}

type Storage = { FILES: R2Bucket };
export interface PartnerLogo {
  bytes: Uint8Array;
  ext: string;
  contentType: string;
}
type PartnerFields = { title?: string; link?: string; sortnumber?: number; status?: "enabled" | "disabled" };

function logoName(ext: string): string {
  return `partner-${crypto.randomUUID().slice(0, 12)}.${ext}`;
}

/** What the history keeps of a partner's fields (the logo as the sha256 of its bytes). */
async function partnerFacts(fields: PartnerFields, logo: PartnerLogo | null, removed: boolean) {
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  return { ...given, ...(logo ? { image: await sha256Hex(logo.bytes.slice()) } : removed ? { image: "" } : {}) };
}

/**
 * Adds a partner, last in the order unless a position is given; the logo is stored first and
 * removed again if the row cannot be written (ADR 004).
 */
export async function createPartner(env: Storage, db: Db, journalId: number, actor: Actor, input: PartnerFields & { title: string }, logo: PartnerLogo | null): Promise<Partner> {
  const image = logo ? logoName(logo.ext) : "";
  if (logo) await env.FILES.put(indexingImageKey(journalId, image), logo.bytes, { httpMetadata: { contentType: logo.contentType } });
  const sortnumber =
    input.sortnumber ?? sql<number>`(select coalesce(max(${indexingPartners.sortnumber}), 0) + 1 from ${indexingPartners} where ${indexingPartners.journalId} = ${journalId})`;
  try {
    const [[row]] = await db.batch([
      db
        .insert(indexingPartners)
        .values({ journalId, title: input.title, link: input.link ?? "", status: input.status ?? "enabled", sortnumber: sortnumber as number, image })
        .returning(),
      historyInsert(db, journalId, {
        actor,
        action: "create",
        type: "partner",
        // The row inserted just before, in this batch's transaction.
        id: sql`cast(last_insert_rowid() as text)`,
        fields: changedFields(null, await partnerFacts(input, logo, false)),
      }),
    ]);
    return row;
  } catch (error) {
    if (logo) await env.FILES.delete(indexingImageKey(journalId, image)).catch(() => {});
    throw error;
  }
}

/**
 * Changes the fields given (and only those, so two people editing different fields keep both
 * changes), optionally a new logo or none (`removeLogo`): the new object is written first, the
 * row switched to it with the history entry in one batch, then the old object deleted.
 */
export async function updatePartner(
  env: Storage,
  db: Db,
  journalId: number,
  actor: Actor,
  existing: Partner,
  changes: PartnerFields,
  logo: PartnerLogo | null,
  removeLogo = false,
): Promise<Partner> {
  const image = logo ? logoName(logo.ext) : removeLogo ? "" : existing.image;
  if (logo) await env.FILES.put(indexingImageKey(journalId, image), logo.bytes, { httpMetadata: { contentType: logo.contentType } });
  const fields = changedFields(existing, await partnerFacts(changes, logo, removeLogo && !!existing.image));
  try {
    const update = db
      .update(indexingPartners)
      .set({ ...changes, image })
      .where(and(eq(indexingPartners.journalId, journalId), eq(indexingPartners.id, existing.id)))
      .returning();
    const [[row]] = Object.keys(fields).length
      ? await db.batch([update, historyInsertWhen(db, journalId, { actor, action: "update", type: "partner", id: existing.id, fields }, sql`changes() > 0`)])
      : [await update];
    if (!row) throw new Error("indexing partner vanished during update");
    if (existing.image && existing.image !== image) await env.FILES.delete(indexingImageKey(journalId, existing.image)).catch(() => {});
    return row;
  } catch (error) {
    if (logo) await env.FILES.delete(indexingImageKey(journalId, image)).catch(() => {});
    throw error;
  }
}

/**
 * Puts the partners in the order of `ids` (positions 1, 2, 3…); partners not named keep their
 * order after them, and other journals' ids are ignored. One batch with one history entry
 * naming the order before and after.
 */
export async function reorderPartners(db: Db, journalId: number, actor: Actor, ids: number[]): Promise<Partner[]> {
  const all = await listAllPartners(db, journalId);
  const byId = new Map(all.map((p) => [p.id, p]));
  const named = [...new Set(ids)].filter((id) => byId.has(id));
  const order = [...named, ...all.map((p) => p.id).filter((id) => !named.includes(id))];
  const updates = order
    .map((id, i) => ({ id, sortnumber: i + 1 }))
    .filter(({ id, sortnumber }) => byId.get(id)!.sortnumber !== sortnumber)
    .map(({ id, sortnumber }) =>
      db
        .update(indexingPartners)
        .set({ sortnumber })
        .where(and(eq(indexingPartners.journalId, journalId), eq(indexingPartners.id, id))),
    );
  if (!updates.length) return all;
  const titles = (list: number[]) => list.map((id) => byId.get(id)!.title).join(" · ");
  await db.batch([
    ...updates,
    historyInsert(db, journalId, { actor, action: "reorder", type: "partner", fields: changedFields({ order: titles(all.map((p) => p.id)) }, { order: titles(order) }) }),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return listAllPartners(db, journalId);
}
