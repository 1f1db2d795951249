import { useRef } from "react";
import { Link } from "react-router";
import { Modal } from "./Modal";
import { useCopy } from "./copy";

export interface Announcement {
  kind: "published" | "updated";
  text: string;
  link: string;
  issuePath: string;
  id: string;
}

/** Spec §4: after an add or update, a copyable message; Copy shows 'Copied!' for 2 seconds. */
export function AnnouncementDialog({
  announcement,
  onClose,
  addAnotherLabel,
}: {
  announcement: Announcement | null;
  onClose: () => void;
  addAnotherLabel?: string;
}) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const { copied, copy } = useCopy(announcement?.text, textarea, announcement?.id);

  const published = announcement?.kind === "published";
  return (
    <Modal open={!!announcement} onClose={onClose} labelledBy="announcement-title" describedBy="announcement-lead" className="announcement">
      {announcement ? (
        <>
          <div className="announcement-head">
            <span className="announcement-badge" aria-hidden="true">
              <svg viewBox="0 0 24 24" width="22" height="22">
                <path fill="currentColor" d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
              </svg>
            </span>
            <div>
              <h2 id="announcement-title">{published ? "Article published" : "Article updated"}</h2>
              <p id="announcement-lead">Copy this message and send it to the author.</p>
            </div>
          </div>
          <label htmlFor="announcement-text" className="visually-hidden">
            Message for the author
          </label>
          <textarea id="announcement-text" ref={textarea} readOnly value={announcement.text} rows={8} onFocus={(e) => e.currentTarget.select()} />
          <div className="announcement-actions">
            <button type="button" className={`btn btn-primary copy-btn${copied ? " is-copied" : ""}`} onClick={copy} autoFocus>
              {copied ? "Copied!" : "Copy"}
            </button>
            <a className="btn btn-secondary" href={announcement.link} target="_blank" rel="noopener noreferrer">
              View article ↗
            </a>
            <Link className="btn btn-ghost" to={announcement.issuePath}>
              Back to issue
            </Link>
            <button type="button" className="btn btn-ghost" onClick={onClose}>
              {addAnotherLabel ?? "Close"}
            </button>
          </div>
          <span className="visually-hidden" role="status" aria-live="polite">
            {copied ? "Message copied to the clipboard" : ""}
          </span>
        </>
      ) : null}
    </Modal>
  );
}
