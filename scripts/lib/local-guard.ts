/**
 * The local servers' front door (`npm start`'s dev server and `vite preview`): requests that
 * Cloudflare never forwards to a Worker in production are answered here, before Node's request
 * handling turns them into a 500 with a stack trace — a malformed Host header (`a b`, empty,
 * `x@evil.com`) gets the Worker's own 400, and a body over its route's cap (app/http/body.ts,
 * the same table the Worker applies) the Worker's own 413 as soon as the cap is passed, instead
 * of after the whole upload. Everything else goes on to the Worker untouched.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Connect, Plugin } from "vite";
import { hostFromHeader } from "../../app/lib/hosts.ts";
import { bodyRule } from "../../app/http/body.ts";
import { badHost, plainPage, tooLarge } from "../../app/http/refusals.ts";

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Sends a web Response on a Node response and closes the connection (any unread body is dropped). */
async function answer(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  if (res.headersSent) return;
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  response.headers.forEach((value, key) => res.setHeader(key, value));
  res.setHeader("content-length", String(body.length));
  res.setHeader("connection", "close");
  res.end(body, () => req.socket?.destroySoon?.());
}

const guardRequest: Connect.NextHandleFunction = (req, res, next) => {
  const target = req.url ?? "/";
  // Only origin-form targets ('/path?query'): an absolute URL or '*' carries its own authority.
  const path = target.startsWith("/") ? target.split("?")[0] : "";
  if (!path) {
    void answer(req, res, plainPage(400, "Bad request", "Bad request", "The request names no path on this site."));
    return;
  }
  if (!hostFromHeader(req.headers.host)) {
    void answer(req, res, badHost(path));
    return;
  }
  if (!BODY_METHODS.has(req.method ?? "GET")) return next();
  const rule = bodyRule(path);
  const declared = req.headers["content-length"];
  if (declared !== undefined) {
    // Over the cap: the JSON API and plain routes are refused unread, as the Worker refuses
    // them; a form with a file over its cap is left to the Worker, which answers with the
    // form's own message without reading the body.
    if ((!/^\d{1,15}$/.test(declared.trim()) || Number(declared) > rule.max) && rule.answer !== "form") {
      void answer(req, res, tooLarge(rule, path));
      return;
    }
    return next();
  }
  // A chunked body: counted as it arrives, in the order the Worker's reader receives it; the
  // first chunk past the cap is not passed on, and the request is answered 413 at once.
  let total = 0;
  let over = false;
  const emit = req.emit.bind(req);
  req.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event === "data" && !over) {
      total += (args[0] as Buffer).length;
      if (total > rule.max) {
        over = true;
        req.pause();
        void answer(req, res, tooLarge(rule, path));
        return false;
      }
    }
    if (over && (event === "data" || event === "end")) return false;
    return emit(event, ...args);
  }) as typeof req.emit;
  next();
};

/** The guard as a Vite plugin: first in line on the dev server and on `vite preview`. */
export function localGuard(): Plugin {
  return {
    name: "journal-local-guard",
    configureServer(server) {
      server.middlewares.use(guardRequest);
    },
    configurePreviewServer(server) {
      server.middlewares.use(guardRequest);
    },
  };
}
