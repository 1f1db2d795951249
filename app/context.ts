import { createContext } from "react-router";
import type { JournalContext } from "./models/journals.server";

/** What workers/app.ts hands to every loader and action, typed. */
export interface AppContext {
  env: Env;
  ctx: ExecutionContext;
  journal: JournalContext;
  /** Per-request CSP nonce for inline scripts rendered by React Router. */
  nonce: string;
}

export const appContext = createContext<AppContext>();
