import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { listEnabledPartners } from "../../app/models/indexing.server";
import { indexingImageUrl } from "../../app/lib/urls";
import type { HonoEnv } from "../types";

/** GET /api/indexing/ — enabled indexing partners by sortnumber (public). */
export const indexingApp = new Hono<HonoEnv>({ strict: false });

indexingApp.get("/", async (c) => {
  const rows = await listEnabledPartners(getDb(c.env.DB), c.get("journal").id);
  return c.json(rows.map((p) => ({ ...p, status: "enabled", image_url: indexingImageUrl(p.image) })));
});
