import { staffActor } from "../../app/models/history.server";
import { Hono } from "hono";
import { getDb } from "../../app/db/client.server";
import { assignDois } from "../../app/models/deposits.server";
import { DOI_ASSIGN_MESSAGES, SELECTION_MESSAGES } from "../../app/schemas/messages";
import { doiSetup } from "../../app/schemas/settings";
import { requireAdmin, type AdminEnv } from "./middleware";
import { parseRefnumber } from "../../app/schemas/selection";
import { readSelection } from "./request";

/**
 * POST /api/doi/assign {"refnumbers": [...]} (staff): the DOI-less articles among the selected
 * get a DOI from the journal's prefix and suffix pattern; articles with a DOI keep it. All or
 * nothing (app/models/deposits.server.ts assignDois, the function the issue table calls too).
 *   200 {assigned: [{refnumber, doi}], kept: [{refnumber, doi}]}
 *   400 doi_not_configured · invalid_doi   404 not_found {missing}   409 doi_clash {clashes}
 */
export const doiApp = new Hono<AdminEnv>({ strict: false });

doiApp.use("*", requireAdmin);

doiApp.post("/assign", async (c) => {
  const journal = c.get("journal");
  const setup = doiSetup(journal.slug, journal.settings);
  if (!setup) return c.json({ error: "doi_not_configured", message: DOI_ASSIGN_MESSAGES.notConfigured }, 400);
  const picked = await readSelection(c.req.raw, "refnumbers", "articles", parseRefnumber);
  if (!picked.ok) return picked.response;
  const result = await assignDois(getDb(c.env.DB), journal.id, setup, picked.values, staffActor(c.get("user")));
  if (result.ok) {
    return c.json({
      assigned: result.assigned.map(({ refnumber, doi }) => ({ refnumber, doi })),
      kept: result.kept.map(({ refnumber, doi }) => ({ refnumber, doi })),
    });
  }
  switch (result.error) {
    case "not_found":
      return c.json({ error: "not_found", message: SELECTION_MESSAGES.unknownRefnumbers(result.missing), missing: result.missing }, 404);
    case "invalid_doi":
      return c.json({ error: "invalid_doi", message: DOI_ASSIGN_MESSAGES.invalid, invalid: result.invalid }, 400);
    case "doi_clash":
      return c.json({ error: "doi_clash", message: DOI_ASSIGN_MESSAGES.clash, clashes: result.clashes }, 409);
  }
});

doiApp.notFound((c) => c.json({ error: "not_found" }, 404));
