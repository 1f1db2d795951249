import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { Modal } from "./Modal";
import type { Flash } from "./flash";

const FlashContext = createContext<(flash: Flash) => void>(() => {});

/** Shows a flash message in the shell's modal. */
export function useFlash(): (flash: Flash) => void {
  return useContext(FlashContext);
}

/** Shows `data.flash` whenever a new action or fetcher result carries one. */
export function useFlashFrom(data: { flash?: Flash | null } | null | undefined): void {
  const show = useFlash();
  useEffect(() => {
    if (data?.flash) show(data.flash);
  }, [data, show]);
}

const TITLES = { success: "Done", error: "Something needs attention", normal: "Notice" } as const;

function FlashIcon({ kind }: { kind: Flash["kind"] }) {
  const path =
    kind === "success"
      ? "M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z"
      : kind === "error"
        ? "M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z"
        : "M11 7h2v2h-2zm0 4h2v6h-2zm1-9a10 10 0 1 0 0 20 10 10 0 0 0 0-20z";
  return (
    <svg className="flash-icon" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path fill="currentColor" d={path} />
    </svg>
  );
}

/** The shell's flash message (spec §2): a modal with a Close button, coloured by kind. */
export function FlashProvider({ initial, children }: { initial?: Flash | null; children: ReactNode }) {
  const [current, setCurrent] = useState<Flash | null>(null);
  const show = useCallback((flash: Flash) => setCurrent({ ...flash, id: flash.id ?? Math.random().toString(36).slice(2) }), []);
  // A flash left by a redirect (cookie read by the layout loader).
  useEffect(() => {
    if (initial) show(initial);
  }, [initial?.id, show]); // eslint-disable-line react-hooks/exhaustive-deps
  const close = () => setCurrent(null);
  return (
    <FlashContext.Provider value={show}>
      {children}
      <Modal
        open={!!current}
        onClose={close}
        labelledBy="flash-title"
        describedBy="flash-msg"
        alert={current?.kind === "error"}
        className={`flash flash-${current?.kind ?? "normal"}`}
      >
        {current ? (
          <div className="flash-body" data-kind={current.kind}>
            <FlashIcon kind={current.kind} />
            <div className="flash-text">
              <h2 id="flash-title" className="visually-hidden">
                {TITLES[current.kind]}
              </h2>
              <p id="flash-msg" className="flash-msg">
                {current.msg}
              </p>
              {current.detail ? <p className="flash-detail">{current.detail}</p> : null}
            </div>
            <button type="button" className="btn btn-flash" onClick={close} autoFocus>
              Close
            </button>
          </div>
        ) : null}
      </Modal>
    </FlashContext.Provider>
  );
}
