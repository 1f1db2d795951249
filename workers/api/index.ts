import { Hono } from "hono";
import type { HonoEnv } from "../types";

/** JSON API of spec §7, one sub-app per resource. */
export const apiApp = new Hono<HonoEnv>({ strict: false });

apiApp.notFound((c) => c.json({ error: "not_found" }, 404));
