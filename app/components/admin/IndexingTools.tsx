import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { ButtonIcon } from "./AdminTable";
import { DownloadButton } from "./DownloadButton";
import type { DownloadError } from "./download";
import { STAFF_DOWNLOADS } from "../../lib/urls";
import { useFlashFrom } from "./Flash";
import type { Flash } from "./flash";

/**
 * The issue table's tools for the indexes (Crossref, DOAJ): "Assign DOIs" for the selected articles,
 * and the Crossref and DOAJ files of the selection. A file the server refuses because articles
 * lack something is not a flash but a panel listing each article and what it lacks, with links
 * to fix it; the rows concerned are marked in the table.
 */

/** The server's 400 incomplete_metadata answer (workers/api/export.ts). */
export interface DepositRefusal {
  format: "Crossref" | "DOAJ";
  message: string;
  journal: string[];
  articles: { refnumber: string; title: string; missing: string[] }[];
}

function refusalOf(format: DepositRefusal["format"], error: DownloadError): DepositRefusal | null {
  const body = error.body as Partial<DepositRefusal> & { error?: string };
  if (error.status !== 400 || body?.error !== "incomplete_metadata") return null;
  return { format, message: body.message ?? "", journal: body.journal ?? [], articles: body.articles ?? [] };
}

const XmlIcon = <ButtonIcon d="M6 2h9l5 5v15H6zm8 1.5V8h4.5zM8.6 12l-2 2.5 2 2.5h1.9l-2-2.5 2-2.5zm5 0 2 2.5-2 2.5h1.9l2-2.5-2-2.5zm-2.9 5.6h1.5l1.4-6h-1.5z" />;
const DoiIcon = <ButtonIcon d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v4H7v2h4v4h2v-4h4v-2h-4V7z" />;

type AssignData = { ok: boolean; flash?: Flash | null };

/** "Assign DOIs": posts the selection to the issue page's action (the model's assignDois). */
export function AssignDoisButton({ refnumbers, withoutDoi, ready }: { refnumbers: string[]; withoutDoi: number; ready: boolean }) {
  const fetcher = useFetcher<AssignData>({ key: "assign-dois" });
  useFlashFrom(fetcher.state === "idle" ? fetcher.data : undefined);
  const busy = fetcher.state !== "idle";
  const empty = refnumbers.length === 0;
  const title = empty
    ? "Select at least one article first"
    : !ready
      ? "Set the DOI prefix and suffix pattern in Settings first"
      : withoutDoi === 0
        ? "Every selected article already has a DOI"
        : `Give the ${withoutDoi} selected article${withoutDoi === 1 ? "" : "s"} without a DOI one from the journal's pattern`;
  return (
    <fetcher.Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="assign-dois" />
      {refnumbers.map((r) => (
        <input key={r} type="hidden" name="refnumbers" value={r} />
      ))}
      <button
        type="submit"
        className={`btn btn-secondary assign-dois-btn${busy ? " is-busy" : ""}`}
        disabled={empty || (ready && withoutDoi === 0)}
        aria-disabled={busy || undefined}
        aria-busy={busy}
        title={title}
        onClick={(e) => busy && e.preventDefault()}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : DoiIcon}
        <span>{busy ? "Assigning…" : "Assign DOIs"}</span>
        {!busy && withoutDoi > 0 ? <span className="count-badge">{withoutDoi}</span> : null}
      </button>
    </fetcher.Form>
  );
}

/** The Crossref and DOAJ downloads; a refusal opens the panel instead of a flash. */
export function DepositButtons({
  refnumbers,
  issue,
  onRefused,
}: {
  refnumbers: string[];
  issue: { year: number; volume: number; issue: number };
  onRefused: (refusal: DepositRefusal | null) => void;
}) {
  const name = `${issue.year}-v${issue.volume}-i${issue.issue}.xml`;
  const refuse = (format: DepositRefusal["format"]) => (error: DownloadError) => {
    const refusal = refusalOf(format, error);
    if (refusal) onRefused(refusal);
    return refusal !== null;
  };
  return (
    <>
      <DownloadButton
        url={STAFF_DOWNLOADS.crossref.path}
        body={{ refnumbers }}
        filename={`crossref-${name}`}
        label="Crossref XML"
        count={refnumbers.length}
        noun="article"
        icon={XmlIcon}
        onRefused={refuse("Crossref")}
        onDownloaded={() => onRefused(null)}
      />
      <DownloadButton
        url={STAFF_DOWNLOADS.doaj.path}
        body={{ refnumbers }}
        filename={`doaj-${name}`}
        label="DOAJ XML"
        count={refnumbers.length}
        noun="article"
        icon={XmlIcon}
        onRefused={refuse("DOAJ")}
        onDownloaded={() => onRefused(null)}
      />
    </>
  );
}

/** What the refused file needs, per article, with the links that fix it. */
export function DepositProblems({
  refusal,
  editPath,
  onClose,
  mayOpenSettings,
}: {
  refusal: DepositRefusal;
  editPath: (refnumber: string) => string | null;
  onClose: () => void;
  /** Editors may not open Settings: they are told who can, not given a link to a refusal. */
  mayOpenSettings: boolean;
}) {
  const [focus, setFocus] = useState<HTMLElement | null>(null);
  // Move focus to the panel when it opens, so keyboard and screen-reader users land on the list.
  useEffect(() => focus?.focus(), [focus, refusal]);
  const count = refusal.articles.length;
  return (
    <section className="deposit-problems" role="alert" aria-labelledby="deposit-problems-title" tabIndex={-1} ref={setFocus}>
      <div className="deposit-problems-head">
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="deposit-problems-icon">
          <path fill="currentColor" d="M12 2 1 21h22L12 2zm1 15h-2v-2h2v2zm0-4h-2V9h2v4z" />
        </svg>
        <div>
          <h2 id="deposit-problems-title">{refusal.format} file not made</h2>
          <p className="deposit-problems-lead">
            {count ? `${count} selected article${count === 1 ? " needs" : "s need"} attention. ` : ""}
            Fix what is listed, then download the file again.
          </p>
        </div>
        <button type="button" className="btn btn-small btn-ghost deposit-problems-close" onClick={onClose}>
          Dismiss
        </button>
      </div>
      {refusal.journal.length ? (
        <div className="deposit-problems-journal">
          <strong>Journal settings:</strong> {refusal.journal.join("; ")}.{" "}
          {mayOpenSettings ? <Link to="/admin/settings">Open Settings</Link> : "An admin of the journal can set them in Settings."}
        </div>
      ) : null}
      {count ? (
        <ul className="deposit-problems-list">
          {refusal.articles.map((a) => {
            const edit = editPath(a.refnumber);
            return (
              <li key={a.refnumber}>
                <span className="mono">{a.refnumber}</span>
                <span className="deposit-problems-title">{a.title}</span>
                <span className="deposit-problems-missing">{a.missing.join(" · ")}</span>
                {edit ? (
                  <Link to={edit} className="btn btn-small btn-ghost" aria-label={`Edit article ${a.refnumber}`}>
                    EDIT
                  </Link>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
