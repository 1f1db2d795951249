import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { indexingPartners } from "../db/schema";

export type NewIndexingPartner = Omit<typeof indexingPartners.$inferInsert, "id" | "journalId">;

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

export async function createIndexingPartner(db: Db, journalId: number, input: NewIndexingPartner) {
  const [row] = await db.insert(indexingPartners).values({ ...input, journalId }).returning();
  return row;
}
