import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { addColleague, changeColleague, resetColleague, staffJson, type StaffFailure } from "../../app/models/staff-accounts.server";
import { listStaff } from "../../app/models/staff.server";
import { requireAdmin, type AdminEnv } from "./middleware";
import { parseId, readJson } from "./request";

/**
 * The journal's staff accounts (admins only: app/auth/permissions.ts lists /api/admin/users):
 * GET the list; POST {username, name, role} adds a colleague and answers the one-time
 * set-password `link`; POST /{id} with {role} or {status}; POST /{id}/reset answers a new `link`.
 */
export const usersApp = new Hono<AdminEnv>({ strict: false });

usersApp.use("*", requireAdmin);

const failure = (f: StaffFailure) => ({ error: f.code, message: f.message, ...(f.fields ? { fields: f.fields } : {}) });

usersApp.get("/", async (c) => {
  return c.json((await listStaff(getDb(c.env.DB), c.get("journal").id)).map(staffJson));
});

usersApp.post("/", async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await addColleague(getDb(c.env.DB), c.get("journal"), c.get("user"), body.value);
  if (!result.ok) return c.json(failure(result), result.status);
  return c.json({ user: staffJson(result.user), link: result.link, link_expires_at: new Date(result.expiresAt).toISOString() }, 201);
});

usersApp.post("/:id/reset", async (c) => {
  const id = parseId(c.req.param("id"));
  if (id === null) return c.json({ error: "not_found" }, 404);
  const result = await resetColleague(getDb(c.env.DB), c.get("journal"), c.get("user"), id);
  if (!result.ok) return c.json(failure(result), result.status);
  return c.json({ user: staffJson(result.user), link: result.link, link_expires_at: new Date(result.expiresAt).toISOString() });
});

usersApp.post("/:id", async (c) => {
  const id = parseId(c.req.param("id"));
  if (id === null) return c.json({ error: "not_found" }, 404);
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await changeColleague(getDb(c.env.DB), c.get("journal"), c.get("user"), id, body.value);
  if (!result.ok) return c.json(failure(result), result.status);
  return c.json(staffJson(result.user));
});
