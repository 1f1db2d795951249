import { useState } from "react";
import { useFlash } from "./Flash";
import { DownloadError, postAndDownload } from "./download";
import { flash } from "./flash";
import { SELECTION_MESSAGES, SOMETHING_WENT_WRONG } from "../../schemas/messages";

/**
 * A bulk download (index page, certificates): busy and progress while the server builds the
 * file, then the browser saves it; failures open the shell's error flash, and a file made
 * without some of the selection (unpublished articles' certificates) opens a note naming them.
 */
export function DownloadButton({
  url,
  body,
  filename,
  label,
  count,
  noun,
  disabled = false,
  icon,
  onRefused,
  onDownloaded,
}: {
  url: string;
  body: unknown;
  filename: string;
  label: string;
  count: number;
  noun: string;
  disabled?: boolean;
  icon?: React.ReactNode;
  /** A refusal the page shows itself (e.g. the list of what articles lack): return true to skip the flash. */
  onRefused?: (error: DownloadError) => boolean;
  onDownloaded?: () => void;
}) {
  const show = useFlash();
  const [state, setState] = useState<{ busy: boolean; progress: number | null }>({ busy: false, progress: null });
  const empty = count === 0;
  async function run() {
    if (state.busy || empty) return;
    setState({ busy: true, progress: null });
    try {
      const { leftOut } = await postAndDownload(url, body, filename, (progress) => setState({ busy: true, progress }));
      // Made for the others: say which selected items are not in the file, and why.
      if (leftOut.length) show(flash("normal", SELECTION_MESSAGES.leftOutHeading(leftOut.length), SELECTION_MESSAGES.leftOut(leftOut)));
      onDownloaded?.();
    } catch (error) {
      if (error instanceof DownloadError && onRefused?.(error)) return;
      // A 401 is leaving for the sign-in page, which alerts that the session expired.
      if (error instanceof DownloadError && error.reason !== "session_expired") {
        show(flash("error", SOMETHING_WENT_WRONG, `${filename} was not downloaded. ${error.message}`));
      } else if (!(error instanceof DownloadError) && (error as Error)?.name !== "AbortError") {
        show(flash("error", SOMETHING_WENT_WRONG, `${filename} was not downloaded. Please try again.`));
      }
    } finally {
      setState({ busy: false, progress: null });
    }
  }
  const pct = state.progress === null ? null : Math.round(state.progress * 100);
  return (
    <>
    <button
      type="button"
      className={`btn btn-secondary download-btn${state.busy ? " is-busy" : ""}`}
      onClick={run}
      // Busy: not disabled (focus stays on the button), but a second click is ignored.
      disabled={disabled || empty}
      aria-disabled={state.busy || undefined}
      aria-busy={state.busy}
      title={empty ? `Select at least one ${noun} first` : `Download ${filename} for ${count} ${noun}${count === 1 ? "" : "s"}`}
      data-filename={filename}
    >
      {state.busy ? <span className="spinner" aria-hidden="true" /> : icon}
      <span>{state.busy ? (pct === null ? "Preparing…" : `Downloading ${pct}%`) : label}</span>
      {!state.busy && count > 0 ? <span className="count-badge">{count}</span> : null}
      {state.busy && pct !== null ? (
        <span className="progress-bar" aria-hidden="true">
          <span style={{ width: `${pct}%` }} />
        </span>
      ) : null}
    </button>
    <span className="visually-hidden" role="status" aria-live="polite">
      {state.busy ? `Preparing ${filename}…` : ""}
    </span>
    </>
  );
}
