import { createContext } from "react-router";
import type { JournalContext } from "./models/journals.server";

/** Facts about one request that its handlers tell the Worker's middleware (workers/app.ts). */
export interface RequestState {
  /** Set once a valid staff session is seen: only staff writes invalidate the edge cache. */
  staffUserId: number | null;
  /**
   * `Set-Cookie` of a renewed session token (a staff page or call with a token in use): the
   * Worker adds it to the response unless the response sets the session cookie itself.
   */
  renewedSessionCookie?: string;
}

/** What workers/app.ts hands to every loader and action, typed. */
export interface AppContext {
  env: Env;
  ctx: ExecutionContext;
  journal: JournalContext;
  /** Per-request CSP nonce for inline scripts rendered by React Router. */
  nonce: string;
  /** The request's id (X-Request-Id), shown on error pages and in error log lines. */
  requestId: string;
  state: RequestState;
  /**
   * Server-built HTML for this page's static parts (components/StaticHtml.tsx), by name: on a
   * request for a whole page, loaders put it here, where the render finds it, and it is not
   * repeated in the page's hydration data. null on data requests (client-side navigations),
   * where it travels in the loader data instead (as it does when absent: a loader called alone).
   */
  staticHtml?: Map<string, string> | null;
}

export const appContext = createContext<AppContext>();
