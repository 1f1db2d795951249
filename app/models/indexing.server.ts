import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { indexingPartners } from "../db/schema";

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
