import { SESSION_EXPIRED } from "../../schemas/messages";
import { LEFT_OUT_HEADER } from "../../schemas/selection";
import { isSessionEnded, sessionExpired } from "./session";

/**
 * A download that failed, with a text staff can read. `reason` says why in a form code can
 * test: "session_expired" (a 401: the page is leaving for the sign-in page, which alerts) or
 * "failed" (anything else); `status` is the HTTP status (0 when the server was not reached)
 * and `body` the JSON answer, when there was one.
 */
export class DownloadError extends Error {
  readonly reason: "session_expired" | "failed";
  readonly status: number;
  readonly body: unknown;
  constructor(message: string, reason: "session_expired" | "failed" = "failed", status = 0, body: unknown = null) {
    super(message);
    this.reason = reason;
    this.status = status;
    this.body = body;
  }
}

/** What a saved download says beyond its bytes: the selected items the server left out of it. */
interface Downloaded {
  leftOut: string[];
}

/**
 * POSTs JSON to a document endpoint with the session cookie (same-origin only) and saves the
 * answer under `filename`. Reports progress (0–1, or null when the size is unknown). A 401
 * ends the session the spec's way; other failures throw a DownloadError with a readable text.
 * Resolves with what the server left out of the file (e.g. unpublished articles' certificates).
 */
export async function postAndDownload(
  url: string,
  body: unknown,
  filename: string,
  onProgress: (fraction: number | null) => void,
  signal?: AbortSignal,
): Promise<Downloaded> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/pdf, application/zip, application/xml, application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new DownloadError("The server could not be reached. Check your connection and try again.");
  }
  if (isSessionEnded(res)) {
    // The one way an ended session is handled (components/admin/session.ts): to the sign-in page.
    sessionExpired();
    throw new DownloadError(SESSION_EXPIRED, "session_expired", 401);
  }
  if (!res.ok) {
    let message = "";
    let json: { message?: string; error?: string } | null = null;
    try {
      json = (await res.json()) as { message?: string; error?: string };
      message = json.message || (json.error ? json.error.replace(/_/g, " ") : "");
    } catch {
      /* not JSON */
    }
    throw new DownloadError(failureText(res.status, message), "failed", res.status, json);
  }

  const total = Number(res.headers.get("content-length")) || 0;
  let blob: Blob;
  if (res.body && total > 0) {
    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let received = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.length;
      onProgress(Math.min(1, received / total));
    }
    blob = new Blob(chunks as BlobPart[], { type: res.headers.get("content-type") ?? "application/octet-stream" });
  } else {
    onProgress(null);
    blob = await res.blob();
  }
  saveBlob(blob, filename);
  const leftOut = (res.headers.get(LEFT_OUT_HEADER) ?? "").split(",").map((s) => s.trim()).filter(Boolean);
  return { leftOut };
}

/** What staff read when a download fails: what happened and what to do, never a bare code. */
function failureText(status: number, message = ""): string {
  if (status >= 500) return `The server could not prepare the file (error ${status}). Please try again in a moment.`;
  if (status === 403) return "This download is not allowed from here. Reload the page and try again.";
  if (status === 413 || status === 414) return "Too many items are selected for one download. Select fewer and try again.";
  const detail = message ? message.charAt(0).toUpperCase() + message.slice(1).replace(/\.$/, "") : "";
  return detail ? `The download was refused: ${detail}.` : `The download was refused (error ${status}). Reload the page and try again.`;
}

function saveBlob(blob: Blob, filename: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = filename;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
