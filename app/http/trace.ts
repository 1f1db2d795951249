/**
 * Traceable failures: every response carries a request id (`X-Request-Id`), error pages and JSON
 * errors show it, and each error is one JSON line on the console, which Workers Logs keeps
 * (wrangler.toml [observability]) and `wrangler tail` shows — searchable by that id, the route
 * and the journal (README, "Operating in production").
 */

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * The id of a request: Cloudflare's Ray ID when the request came through Cloudflare (so our log
 * lines and Cloudflare's own records share it), otherwise 16 random hex digits. Anything else a
 * client sends is not trusted as an id.
 */
const RAY_ID = /^[0-9a-f]{16}(?:-[A-Z]{3})?$/;

export function requestIdOf(request: Request): string {
  const ray = request.headers.get("cf-ray");
  if (ray !== null && RAY_ID.test(ray.trim())) return ray.trim();
  // 16 hex digits of a random UUID, its fixed version digit left out (62 random bits).
  const u = crypto.randomUUID();
  return u.slice(0, 8) + u.slice(9, 13) + u.slice(19, 23);
}

interface ErrorReport {
  requestId: string;
  /** The route that failed: its pattern when known (`/api/archives/:id`), else the path. */
  route: string;
  method: string;
  path: string;
  /** The journal's slug, or null before the journal is known. */
  journal: string | null;
  status: number;
  error: unknown;
  /** What was being done, when the catcher knows better than the stack. */
  during?: string;
}

/** The one log line of an error: a JSON object on one line (Workers Logs indexes its fields). */
export function logError(report: ErrorReport): void {
  const e = report.error;
  const error =
    e instanceof Error
      ? {
          name: e.name,
          message: e.message,
          // Drizzle wraps D1's error ("Failed query: …"); the cause says what D1 said.
          ...(e.cause instanceof Error ? { cause: e.cause.message } : {}),
          stack: (e.stack ?? "").split("\n").slice(0, 12).join("\n"),
        }
      : { name: "NonError", message: String(e) };
  console.log(
    JSON.stringify({
      level: "error",
      message: `${report.method} ${report.path} failed: ${error.message}`,
      request_id: report.requestId,
      route: report.route,
      method: report.method,
      path: report.path,
      journal: report.journal,
      status: report.status,
      ...(report.during ? { during: report.during } : {}),
      error,
    }),
  );
}

/** The API's answer to an unexpected failure. */
export function internalErrorJson(requestId: string): Response {
  return Response.json(
    { error: "internal", request_id: requestId },
    { status: 500, headers: { "cache-control": "no-store", [REQUEST_ID_HEADER]: requestId } },
  );
}
