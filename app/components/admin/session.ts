import { useEffect, useRef, useState } from "react";

/**
 * An ended session during admin work, handled one way (spec §4), so nothing typed is lost:
 *
 * 1. Every admin form marked `data-draft="<form id>"` leaves a draft of its typed values in
 *    this tab's sessionStorage when it is sent (the admin layout listens for that, once, for
 *    all of them), keyed by page path and form id — so per journal (the storage is per host),
 *    form and record.
 * 2. A form post, switch, pin or upload that meets an ended session is answered by the server
 *    with a redirect to `/admin/login?expired=1&next=<page>` (app/auth/admin.server.ts);
 *    a download or other fetch that gets a 401 goes to the same place through
 *    `sessionExpired()` below.
 * 3. The login page alerts 'Session expired. Please login again.' — the one place that does —
 *    and marks `next` for restoring (`markRestore`).
 * 4. After signing in the browser is back on that page; `useDraft` hands the form its draft
 *    (every typed value) once, and the page says so, naming any chosen file that must be
 *    chosen again (a browser cannot keep one).
 */

const DRAFT_PREFIX = "admin-draft:";
const RESTORE_KEY = "admin-restore";
/** Drafts older than this are not restored (a long-forgotten edit should not reappear). */
const DRAFT_MAX_AGE_MS = 24 * 3600 * 1000;

interface Draft {
  at: number;
  values: Record<string, string>;
  /** Names of the files that had been chosen (a browser cannot keep the files themselves). */
  files: string[];
}

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

const draftKey = (path: string, formId: string) => `${DRAFT_PREFIX}${path}:${formId}`;

/** Step 1: keeps the typed values of a form being sent (files only by name); returns its key. */
function saveDraft(form: HTMLFormElement): string | null {
  const store = storage();
  const formId = form.dataset.draft;
  if (!store || !formId) return null;
  const values: Record<string, string> = {};
  const files: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value === "string") values[name] = value;
    else if (value.size > 0 || value.name) files.push(value.name || name);
  }
  const key = draftKey(window.location.pathname, formId);
  try {
    store.setItem(key, JSON.stringify({ at: Date.now(), values, files } satisfies Draft));
  } catch {
    /* storage full or refused: nothing to restore then */
  }
  return key;
}

/** Step 3: the login page marks the page whose draft is to come back after signing in. */
export function markRestore(next: string): void {
  try {
    storage()?.setItem(RESTORE_KEY, new URL(next, window.location.origin).pathname);
  } catch {
    /* nothing to restore then */
  }
}

/** Step 2 for fetch calls: a 401 goes to the login page the same way a form post does. */
export function sessionExpired(): void {
  const next = window.location.pathname + window.location.search;
  window.location.assign(`/admin/login?expired=1&next=${encodeURIComponent(next)}`);
}

/** Where a response to a fetch says the session ended: call sessionExpired() then. */
export function isSessionEnded(response: Response): boolean {
  return response.status === 401;
}

/**
 * Step 4: the draft of this page's form `formId`, once, after a sign-in that followed an ended
 * session (null otherwise, and always during the server render). `key` changes when a draft
 * arrives, so the form can remount with the restored values.
 */
export function useDraft(formId: string): { values: Record<string, string> | null; files: string[]; key: string } {
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    const store = storage();
    if (!store) return;
    const path = window.location.pathname;
    const key = draftKey(path, formId);
    const raw = store.getItem(key);
    if (store.getItem(RESTORE_KEY) !== path || !raw) {
      // Sent without meeting an ended session: the draft is not needed any more.
      return;
    }
    store.removeItem(key);
    // After every form of the page has looked (their effects run in the same commit).
    setTimeout(() => store.removeItem(RESTORE_KEY), 0);
    try {
      const value = JSON.parse(raw) as Draft;
      if (Date.now() - value.at < DRAFT_MAX_AGE_MS && value.values && typeof value.values === "object") setDraft(value);
    } catch {
      /* unreadable: nothing to restore */
    }
  }, [formId]);
  return { values: draft?.values ?? null, files: draft?.files ?? [], key: draft ? `draft-${draft.at}` : "initial" };
}

/**
 * The admin layout's one listener: every `data-draft` form leaves its draft when sent. When
 * the submission ends back inside the admin (`navigationState` idle again: saved, or refused
 * with field messages), the draft is dropped; a submission that met an ended session left the
 * admin for the login page, so its draft stays for step 4.
 */
export function useDraftsOnSubmit(navigationState: string): void {
  const pending = useRef<string[]>([]);
  useEffect(() => {
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !form.dataset.draft) return;
      const key = saveDraft(form);
      if (key) pending.current.push(key);
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  useEffect(() => {
    if (navigationState !== "idle" || pending.current.length === 0) return;
    const store = storage();
    for (const key of pending.current) store?.removeItem(key);
    pending.current = [];
  }, [navigationState]);
}
