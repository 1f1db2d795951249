import { createContext, useCallback, useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, type ReactNode } from "react";
import { useBlocker, useNavigation } from "react-router";
import { RECORD_MESSAGES } from "../../schemas/messages";
import { Modal } from "./Modal";

/**
 * Typed work is not lost by leaving the page: every admin form reports whether it holds
 * changes (`useUnsavedChanges(dirty)`), and the admin layout's one guard asks before an in-app
 * navigation to another page (React Router's blocker: a router has one) and before the tab
 * closes or reloads (`beforeunload`). A form's own submission (same page) and the redirect
 * after a save are not asked about; saving (the form is clean again) or choosing "Leave and
 * discard" clears it. A clean form never asks.
 */

type Registry = { set(id: string, dirty: boolean): void };
const UnsavedContext = createContext<Registry | null>(null);

/**
 * Reports this form's unsaved state to the page's guard — in the commit itself (a layout
 * effect), so a form saved and restarted in the same commit is clean before anything can ask.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const registry = useContext(UnsavedContext);
  const id = useId();
  useLayoutEffect(() => {
    registry?.set(id, dirty);
  }, [registry, id, dirty]);
  useLayoutEffect(() => () => registry?.set(id, false), [registry, id]);
}

export function UnsavedChangesGuard({ children }: { children: ReactNode }) {
  const dirtyForms = useRef(new Set<string>());
  // A form being saved, and the page reloading after the save: the typed values are on their
  // way to the server (the answer comes with the page's new data, and the form restarts clean).
  const navigation = useNavigation();
  const saving = useRef(false);
  saving.current = navigation.state !== "idle" && !!navigation.formMethod && navigation.formMethod.toUpperCase() !== "GET";
  const unsaved = () => dirtyForms.current.size > 0 && !saving.current;
  const registry = useMemo<Registry>(
    () => ({
      set(id, dirty) {
        if (dirty) dirtyForms.current.add(id);
        else dirtyForms.current.delete(id);
      },
    }),
    [],
  );
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }: { currentLocation: { pathname: string; search: string }; nextLocation: { pathname: string; search: string } }) =>
        unsaved() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [], // eslint-disable-line react-hooks/exhaustive-deps
    ),
  );
  useEffect(() => {
    // Asks only while a form holds changes, read when the tab is about to go.
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsaved()) return;
      event.preventDefault();
      // Older browsers need a return value to show their prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, []);
  const stay = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === "blocked";
  useEffect(() => {
    if (blocked) stay.current?.focus();
  }, [blocked]);
  return (
    <UnsavedContext.Provider value={registry}>
      {children}
      <Modal
        open={blocked}
        onClose={() => blocker.reset?.()}
        labelledBy="unsaved-title"
        describedBy="unsaved-body"
        className="confirm-modal unsaved-modal"
        alert
      >
        <h2 id="unsaved-title" className="modal-title">
          {RECORD_MESSAGES.unsavedTitle}
        </h2>
        <p id="unsaved-body">{RECORD_MESSAGES.unsavedBody}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" ref={stay} onClick={() => blocker.reset?.()}>
            {RECORD_MESSAGES.unsavedStay}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => {
              // Discarding: the forms of this page are no longer counted (they unmount anyway).
              dirtyForms.current.clear();
              blocker.proceed?.();
            }}
          >
            {RECORD_MESSAGES.unsavedLeave}
          </button>
        </div>
      </Modal>
    </UnsavedContext.Provider>
  );
}
