import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { getPartner, listEnabledPartners, reorderPartners, type Partner } from "../../app/models/indexing.server";
import { staffActor } from "../../app/models/history.server";
import { savePartner } from "../../app/models/staff-writes.server";
import { formFields } from "../../app/schemas/common";
import { PARTNER_ORDER_MESSAGES } from "../../app/schemas/messages";
import { parseEditorId as parsePositiveId } from "../../app/schemas/selection";
import { formFile } from "../../app/storage/uploads.server";
import { indexingImageUrl } from "../../app/lib/urls";
import { requireAdmin, type AdminEnv } from "./middleware";
import { formEdit, recordAnswer, writeAnswer } from "./answer";
import { parseId, readJson, readMultipart } from "./request";

/**
 * Indexing partners. GET /api/indexing/ — enabled partners by sortnumber (public, spec §7).
 * Staff: GET /api/indexing/{id} (with its ETag), POST /api/indexing (multipart title, link,
 * sortnumber, status + `image`), POST /api/indexing/{id} (any of those; `remove_image=1` drops
 * the logo; `If-Match` or a `version` field makes it conditional, ADR 020), POST
 * /api/indexing/order {ids} (that order first, positions 1, 2, 3…). Every write answers the
 * partner(s) with their status and version; /indexing and this list follow at once (a staff
 * write makes cached pages stale).
 */
export const indexingApp = new Hono<AdminEnv>({ strict: false });

/** A partner in the API's shape: the spec's fields, its id and the logo's URL. */
function partnerJson(p: Pick<Partner, "id" | "title" | "link" | "image" | "sortnumber"> & { status?: Partner["status"] }) {
  return { id: p.id, title: p.title, link: p.link, image: p.image, sortnumber: p.sortnumber, status: p.status ?? "enabled", image_url: indexingImageUrl(p.image) };
}

/** A partner as staff get it: with the version to send back (or its ETag as If-Match) with an update. */
function adminPartner(p: Partner) {
  return { ...partnerJson(p), version: p.version };
}

indexingApp.get("/", async (c) => {
  const rows = await listEnabledPartners(getDb(c.env.DB), c.get("journal").id);
  return c.json(rows.map((p) => partnerJson({ ...p, status: "enabled" })));
});

indexingApp.post("/order", requireAdmin, async (c) => {
  const body = await readJson(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const ids = body.value.ids;
  if (!Array.isArray(ids) || ids.length === 0) return c.json({ error: "empty_selection", message: PARTNER_ORDER_MESSAGES.empty }, 400);
  if (ids.length > 1000) return c.json({ error: "selection_too_large", message: PARTNER_ORDER_MESSAGES.tooMany(1000) }, 400);
  const clean = ids.map(parsePositiveId);
  if (clean.some((id) => id === null)) return c.json({ error: "invalid_ids" }, 400);
  const rows = await reorderPartners(getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), clean as number[]);
  return c.json(rows.map(adminPartner));
});

indexingApp.get("/:id", requireAdmin, async (c) => {
  const id = parseId(c.req.param("id"));
  return recordAnswer(c, "partner", id ? await getPartner(getDb(c.env.DB), c.get("journal").id, id) : undefined, adminPartner);
});

indexingApp.post("/", requireAdmin, async (c) => {
  const body = await readMultipart(c.req.raw);
  if (!body.ok) return c.json({ error: body.error }, 400);
  const result = await savePartner(c.env, getDb(c.env.DB), c.get("journal").id, staffActor(c.get("user")), null, formFields(body.form), formFile(body.form, "image"));
  return writeAnswer(c, "partner", result, adminPartner, 201);
});

indexingApp.post("/:id", requireAdmin, async (c) => {
  const edit = await formEdit(c, getPartner);
  if (!edit.ok) return edit.response;
  const { remove_image: remove, ...fields } = edit.fields;
  const result = await savePartner(c.env, edit.db, edit.journalId, staffActor(c.get("user")), edit.existing, fields, formFile(edit.form, "image"), remove === "1", edit.expect);
  return writeAnswer(c, "partner", result, adminPartner);
});
