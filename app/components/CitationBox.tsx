import { Fragment, useEffect, useState } from "react";
import { citationFilePath } from "../lib/urls";

interface RenderedCitation {
  id: string;
  label: string;
  text: string;
  html: string;
}

/**
 * 'Cite this article': six styles (server-rendered, so no citation code ships to the browser),
 * a Copy button, and RIS / BibTeX / CSL-JSON downloads. Works without JavaScript except Copy.
 */
export function CitationBox({ refnumber, citations }: { refnumber: string; citations: RenderedCitation[] }) {
  const [style, setStyle] = useState(citations[0]?.id ?? "apa");
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(t);
  }, [copied]);
  const current = citations.find((c) => c.id === style) ?? citations[0];
  if (!current) return null;
  return (
    <section className="citation-box" aria-labelledby="citation-box-title">
      <h2 id="citation-box-title">Cite this article</h2>
      <div
        className="citation-tabs"
        role="tablist"
        aria-label="Citation style"
        // The tab pattern: one Tab stop for the list, arrow keys (and Home/End) between styles.
        onKeyDown={(event) => {
          const i = citations.findIndex((c) => c.id === style);
          const next =
            event.key === "ArrowRight" || event.key === "ArrowDown" ? (i + 1) % citations.length
            : event.key === "ArrowLeft" || event.key === "ArrowUp" ? (i - 1 + citations.length) % citations.length
            : event.key === "Home" ? 0
            : event.key === "End" ? citations.length - 1
            : -1;
          if (next < 0) return;
          event.preventDefault();
          setStyle(citations[next].id);
          document.getElementById(`cite-tab-${citations[next].id}`)?.focus();
        }}
      >
        {citations.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            id={`cite-tab-${c.id}`}
            aria-selected={c.id === style}
            aria-controls="citation-text"
            tabIndex={c.id === style ? 0 : -1}
            className={c.id === style ? "citation-tab active" : "citation-tab"}
            onClick={() => setStyle(c.id)}
          >
            {c.label}
          </button>
        ))}
      </div>
      <p id="citation-text" className="citation-text" role="tabpanel" aria-labelledby={`cite-tab-${style}`} dangerouslySetInnerHTML={{ __html: current.html }} />
      <p className="citation-actions">
        <button
          type="button"
          className="button secondary"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(current.text);
              setCopied(true);
            } catch {
              setCopied(false);
            }
          }}
        >
          {copied ? "Copied!" : "Copy"}
        </button>
        <span className="citation-downloads">
          Download: <CitationFileLinks formats={["ris", "bib", "json"]} href={(f) => citationFilePath(refnumber, f)} />
        </span>
      </p>
    </section>
  );
}

const FORMAT_NAMES = { ris: "RIS", bib: "BibTeX", json: "CSL-JSON" } as const;
type CitationFormat = keyof typeof FORMAT_NAMES;

/** Download links of citation files, one per format ('RIS · BibTeX · CSL-JSON'): an article's or a whole issue's. */
export function CitationFileLinks<F extends CitationFormat>({ formats, href }: { formats: F[]; href: (format: F) => string }) {
  return (
    <>
      {formats.map((f, i) => (
        <Fragment key={f}>
          {i ? " · " : ""}
          <a href={href(f)} download>
            {FORMAT_NAMES[f]}
          </a>
        </Fragment>
      ))}
    </>
  );
}
