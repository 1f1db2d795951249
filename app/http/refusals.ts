/**
 * Answers given before any journal's page can render — a malformed Host, a body over its cap —
 * as the Worker gives them and as the local servers' guard (scripts/lib/local-guard.ts) gives
 * them before a request reaches the Worker: one wording, one shape.
 */
import { BODY_TOO_LARGE } from "../schemas/messages.ts";
import type { BodyRule } from "./body.ts";

/** The JSON API and sign-in calls answer in JSON; everything else with a page. */
export function isApiPath(path: string): boolean {
  return /^\/(api|auth)(\/|$)/.test(path);
}

/** A small self-contained page (no journal, no scripts). `bodyHtml` is trusted markup. */
export function plainPage(status: number, title: string, heading: string, bodyHtml: string): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1f2933}code{background:#f1f3f5;padding:.1rem .3rem;border-radius:4px}</style></head><body><main><h1>${heading}</h1><p>${bodyHtml}</p></main></body></html>`;
  return new Response(body, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
    },
  });
}

/** 400 for a request whose Host header is missing or malformed: no journal can be chosen. */
export function badHost(path: string): Response {
  if (isApiPath(path)) return Response.json({ error: "bad_host" }, { status: 400, headers: { "cache-control": "no-store" } });
  return plainPage(400, "Bad request", "This request names no valid host", "The Host header of the request is missing or malformed, so no journal can be chosen.");
}

/** 413 in the shape the route's callers read: the API's JSON error, or a small page. */
export function tooLarge(rule: BodyRule, path: string): Response {
  const headers = { "cache-control": "no-store" };
  if (rule.answer === "json" || isApiPath(path)) {
    return Response.json(rule.error ?? { error: "payload_too_large" }, { status: 413, headers });
  }
  return plainPage(413, BODY_TOO_LARGE.title, BODY_TOO_LARGE.title, BODY_TOO_LARGE.text);
}
