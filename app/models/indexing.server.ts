import { and, asc, eq, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "../db/client.server";
import { indexingPartners } from "../db/schema";
import { indexingImageKey } from "../storage/keys.server";
import { changedFields, historyInsert, historyInsertWhen, historyRowsFrom, lastFileHashQuery, versionBumpJson, type Actor } from "./history.server";
import { putImage, versionedImageWrite, withObject, type FileWriteOptions, type ImageSlot, type NewImage, type StoredImage } from "./versioned-objects.server";
import { versionedRow, type VersionedResult, type VersionedTarget } from "./versioned.server";

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
type PartnerFields = { title?: string; link?: string; sortnumber?: number; status?: "enabled" | "disabled" };

const logoSlot = (journalId: number): ImageSlot => ({ prefix: "partner", key: (name) => indexingImageKey(journalId, name) });

/**
 * Adds a partner, last in the order unless a position is given; the logo is stored first and
 * removed again if the row cannot be written (ADR 004). Its entry records the logo as the
 * sha256 of its bytes and the first version.
 */
export async function createPartner(env: Storage, db: Db, journalId: number, actor: Actor, input: PartnerFields & { title: string }, logo: NewImage | null): Promise<Partner> {
  const slot = logoSlot(journalId);
  const stored = await putImage(env, slot, logo);
  const sortnumber =
    input.sortnumber ?? sql<number>`(select coalesce(max(${indexingPartners.sortnumber}), 0) + 1 from ${indexingPartners} where ${indexingPartners.journalId} = ${journalId})`;
  const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  const [[row]] = await withObject(env, stored && slot.key(stored.name), () =>
    db.batch([
      db
        .insert(indexingPartners)
        .values({ journalId, title: input.title, link: input.link ?? "", status: input.status ?? "enabled", sortnumber: sortnumber as number, image: stored?.name ?? "" })
        .returning(),
      historyInsert(db, journalId, {
        actor,
        action: "create",
        type: "partner",
        // The row inserted just before, in this batch's transaction.
        id: sql`cast(last_insert_rowid() as text)`,
        fields: { ...changedFields(null, { ...given, ...(stored ? { image: stored.sha } : {}) }), version: { after: 1 } },
      }),
    ]),
  );
  return row;
}

/** A partner as a versioned write reads it: the row and the sha256 its last logo upload recorded. */
export type PartnerForWrite = Partner & { imageHash: string | null };

/** The partner row of this journal as the target of a versioned write (app/models/versioned.server.ts). */
function partnerTarget(db: Db, journalId: number, id: number): VersionedTarget<PartnerForWrite> {
  const self = and(eq(indexingPartners.journalId, journalId), eq(indexingPartners.id, id))!;
  return {
    type: "partner",
    id,
    async read() {
      const [rows, hash] = await db.batch([db.select().from(indexingPartners).where(self).limit(1), lastFileHashQuery(db, journalId, "partner", id, "image")]);
      return rows[0] ? { ...rows[0], imageHash: hash[0]?.hash ?? null } : undefined;
    },
    ...versionedRow(db, indexingPartners, self),
  };
}

/**
 * A versioned write of a partner (app/models/versioned.server.ts; only the columns the plan
 * sets), optionally with a new logo, which replaces the old one as
 * app/models/versioned-objects.server.ts says.
 */
export async function writePartner<F>(
  env: Storage,
  db: Db,
  journalId: number,
  id: number,
  opts: FileWriteOptions<PartnerForWrite, F, StoredImage> & { logo: NewImage | null },
): Promise<VersionedResult<Partner, F>> {
  const result = await versionedImageWrite(env, db, journalId, partnerTarget(db, journalId, id), logoSlot(journalId), (row) => row.image, opts.logo, opts);
  if (!result.ok || !result.changed) return result;
  const { imageHash: _h, ...row } = result.row;
  return { ...result, row };
}

/**
 * Puts the partners in the order of `ids` (positions 1, 2, 3…); partners not named keep their
 * order after them, and other journals' ids are ignored. One batch: for each partner whose
 * position changes, an entry (sortnumber before/after, version bump) and the row's new
 * position with its version bumped; then one entry naming the whole order before and after.
 *
 * Versions: a reorder is not refused for a list loaded before someone else's change — the
 * order is the whole list as this person arranged it, so the last arrangement wins (and both
 * are in the history). It still bumps each moved partner's version, so an API client holding
 * the old ETag learns the row changed. An edit form opened before the move merges on top of
 * it: the position is its own field (`sortnumber`, which the form does not send), so a title
 * or logo typed meanwhile never conflicts with a move, and never reverts it.
 *
 * Which rows move is decided inside the batch (position ≠ the new one), not on the list read
 * before it, so two reorders at once never leave two partners sharing a position.
 */
export async function reorderPartners(db: Db, journalId: number, actor: Actor, ids: number[]): Promise<Partner[]> {
  const all = await listAllPartners(db, journalId);
  const byId = new Map(all.map((p) => [p.id, p]));
  const named = [...new Set(ids)].filter((id) => byId.has(id));
  const order = [...named, ...all.map((p) => p.id).filter((id) => !named.includes(id))];
  if (order.every((id, i) => byId.get(id)!.sortnumber === i + 1)) return all;
  // One bound parameter for the whole order (D1 allows 100 per statement): [[id, position], …].
  const positions = JSON.stringify(order.map((id, i) => [id, i + 1]));
  const position = sql`(select json_extract(o.value, '$[1]') from json_each(${positions}) as o where json_extract(o.value, '$[0]') = ${indexingPartners.id})`;
  const moved = and(eq(indexingPartners.journalId, journalId), sql`${position} is not null`, sql`${indexingPartners.sortnumber} <> ${position}`)!;
  const titles = (list: number[]) => list.map((id) => byId.get(id)!.title).join(" · ");
  await db.batch([
    historyRowsFrom(db, journalId, { actor, action: "reorder", type: "partner" }, {
      table: sql`${indexingPartners}`,
      id: sql`${indexingPartners.id}`,
      fields: sql`json_patch(json_object('sortnumber', json_object('before', ${indexingPartners.sortnumber}, 'after', ${position})), ${versionBumpJson(indexingPartners.version)})`,
      where: moved,
    }),
    db
      .update(indexingPartners)
      .set({ sortnumber: position as unknown as number, version: sql`${indexingPartners.version} + 1` })
      .where(moved),
    // The order as a whole, for the journal's Activity (only when a row moved just above).
    historyInsertWhen(
      db,
      journalId,
      { actor, action: "reorder", type: "partner", fields: changedFields({ order: titles(all.map((p) => p.id)) }, { order: titles(order) }) },
      sql`changes() > 0`,
    ),
  ] as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return listAllPartners(db, journalId);
}
