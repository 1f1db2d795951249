import { Hono } from "hono";
import type { HonoEnv } from "../types";
import { adminApp } from "./admin";
import { citeApp } from "./cite";
import { archivesApp } from "./archives";
import { doiApp } from "./doi";
import { editorsApp } from "./editors";
import { exportApp } from "./export";
import { indexingApp } from "./indexing";
import { pdfApp } from "./pdf";
import { certificateApp, searchApp } from "./search";
import { settingsApp } from "./settings";
import { usersApp } from "./users";

/** JSON API of spec §7, one sub-app per resource. */
export const apiApp = new Hono<HonoEnv>({ strict: false });

// API responses are per journal and often per user: never cached by shared caches.
apiApp.use("*", async (c, next) => {
  await next();
  if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
});

// Admin and write routes answer 401 {"error":"unauthorized"} without a valid token (middleware.ts).
apiApp.route("/settings", settingsApp as unknown as Hono<HonoEnv>);
apiApp.route("/editors", editorsApp as unknown as Hono<HonoEnv>);
apiApp.route("/indexing", indexingApp as unknown as Hono<HonoEnv>);
apiApp.route("/archives", archivesApp);
apiApp.route("/admin/users", usersApp as unknown as Hono<HonoEnv>);
apiApp.route("/admin", adminApp as unknown as Hono<HonoEnv>);
apiApp.route("/search", searchApp);
apiApp.route("/certificate", certificateApp);
apiApp.route("/cite", citeApp);
apiApp.route("/pdf", pdfApp);
apiApp.route("/doi", doiApp as unknown as Hono<HonoEnv>);
apiApp.route("/export", exportApp as unknown as Hono<HonoEnv>);

apiApp.notFound((c) => c.json({ error: "not_found" }, 404));
