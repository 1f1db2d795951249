import { useEffect, useState } from "react";

export interface RenderedCitation {
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
      <div className="citation-tabs" role="tablist" aria-label="Citation style">
        {citations.map((c) => (
          <button
            key={c.id}
            type="button"
            role="tab"
            id={`cite-tab-${c.id}`}
            aria-selected={c.id === style}
            aria-controls="citation-text"
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
          Download:{" "}
          <a href={`/api/cite/${refnumber}.ris`} download>
            RIS
          </a>{" "}
          ·{" "}
          <a href={`/api/cite/${refnumber}.bib`} download>
            BibTeX
          </a>{" "}
          ·{" "}
          <a href={`/api/cite/${refnumber}.json`} download>
            CSL-JSON
          </a>
        </span>
      </p>
    </section>
  );
}
