import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getSettings, updateSettings } from "../../app/models/settings.server";
import { validateSettings } from "../../app/schemas/settings";
import { requireAdmin, type AdminEnv } from "./middleware";
import { readJson } from "./request";

/** GET /api/settings/ and POST /api/settings (spec §7 Settings). */
export const settingsApp = new Hono<AdminEnv>({ strict: false });

settingsApp.use("*", requireAdmin);

settingsApp.get("/", async (c) => {
  const settings = await getSettings(getDb(c.env.DB), c.get("journal").id);
  return c.json(settings);
});

settingsApp.post("/", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = validateSettings(body.value);
  if (!result.ok) return c.json({ error: "validation_failed", fields: result.fields }, 400);
  const settings = await updateSettings(getDb(c.env.DB), c.get("journal").id, result.value.values);
  return c.json(settings);
});
