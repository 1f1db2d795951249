import type { RequestState } from "../app/context";
import type { JournalContext } from "../app/models/journals.server";

/** Hono environment shared by the root app and every sub-app. */
export interface HonoEnv {
  Bindings: Env;
  Variables: {
    journal: JournalContext;
    /** X-Request-Id of this request (app/http/trace.ts). */
    requestId: string;
    nonce: string;
    state: RequestState;
  };
}
