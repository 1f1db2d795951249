import { Hono } from "hono";
import type { HonoEnv } from "../types";

/** /auth/login/ and /auth/verify-token/ (spec §7 Authentication). */
export const authApp = new Hono<HonoEnv>();

authApp.notFound((c) => c.json({ error: "not_found" }, 404));
