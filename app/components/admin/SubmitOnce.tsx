import { useCallback, useEffect, useRef, type FormEvent } from "react";
import { useRouteLoaderData } from "react-router";

/** The admin layout's route id and the field the server's `once` reads (app/routes/admin/once.server.ts). */
const LAYOUT_ID = "routes/admin/layout";
const FIELD = "_submission";

/**
 * The page's submission token as a hidden field: the server answers a repeat of the same form
 * with the same token and fields with the first one's answer, so a double click never saves twice. Rendered by the
 * server too, so a double-click before the script has loaded is covered.
 */
export function SubmissionField() {
  return <input type="hidden" name={FIELD} value={useSubmissionToken()} />;
}

/** The page's submission token, for forms built in script (`fetcher.submit`). */
export function useSubmissionToken(): string {
  const layout = useRouteLoaderData(LAYOUT_ID) as { formToken?: string } | undefined;
  return layout?.formToken ?? "";
}

/** Adds the page's submission token to a form built in script. */
export function withSubmissionToken(form: FormData, token: string): FormData {
  if (token) form.set(FIELD, token);
  return form;
}

/**
 * Blocks a second submit of a form while its first is pending: the button's `disabled` follows
 * the router's state one render late, so a fast double-click would otherwise get two submits
 * through. `pending` is the router's (navigation or fetcher) state for this form.
 */
export function useSubmitOnce(pending: boolean, onSubmit?: (event: FormEvent<HTMLFormElement>) => void) {
  const sent = useRef(false);
  const seenPending = useRef(false);
  useEffect(() => {
    if (pending) seenPending.current = true;
    else if (seenPending.current) {
      sent.current = false;
      seenPending.current = false;
    }
  }, [pending]);
  return useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (sent.current) {
        event.preventDefault();
        return;
      }
      onSubmit?.(event);
      if (event.defaultPrevented) return;
      sent.current = true;
      // A submit the router never starts (e.g. blocked by the browser's validation) must not lock the form.
      window.setTimeout(() => {
        if (!seenPending.current) sent.current = false;
      }, 3000);
    },
    [onSubmit],
  );
}
