import { Link } from "react-router";
import type { License } from "../lib/licenses";

/** One author as the article page shows them (prepared by the loader from the stored list). */
interface BylineAuthor {
  name: string;
  /** The author page. */
  path: string;
  /** 'https://orcid.org/…' or ''. */
  orcid: string;
  /** Numbers into the affiliation list (1-based). */
  affiliations: number[];
  corresponding: boolean;
  /** A corresponding author's e-mail ('' for everyone else: co-authors' addresses stay private). */
  email: string;
}

interface BylineAffiliation {
  text: string;
  /** 'https://ror.org/…' or ''. */
  ror: string;
}

/**
 * ORCID's iD icon (the green circle with "iD"), as ORCID's display guidelines ask it to be shown
 * next to an author's name, linked to the full iD URI.
 */
export function OrcidIcon({ size = 16 }: { size?: number }) {
  return (
    <svg className="orcid-icon" viewBox="0 0 256 256" width={size} height={size} aria-hidden="true" focusable="false">
      <path fill="#A6CE39" d="M256 128c0 70.7-57.3 128-128 128S0 198.7 0 128 57.3 0 128 0s128 57.3 128 128z" />
      <path fill="#fff" d="M86.3 186.2H70.9V79.1h15.4v107.1zM108.9 79.1h41.6c39.6 0 57 28.3 57 53.6 0 27.5-21.5 53.6-56.8 53.6h-41.8V79.1zm15.4 93.3h24.5c34.9 0 42.9-26.5 42.9-39.7 0-21.5-13.7-39.7-43.7-39.7h-23.7v79.4z" />
      <circle fill="#fff" cx="78.6" cy="60.6" r="10.8" />
    </svg>
  );
}

/**
 * The byline of an article page: each author linked to their articles, with the numbers of
 * their affiliations, the ORCID iD icon (linked to the iD) and the corresponding-author mark;
 * then the numbered affiliations and the corresponding author's address.
 */
/** An institution's name with its ROR link when it has one (the byline and the author page). */
export function AffiliationName({ text, ror }: { text: string; ror?: string | null }) {
  return (
    <>
      {text}
      {ror ? (
        <>
          {" "}
          <a className="ror-link" href={ror} rel="noopener" title={`ROR ID: ${ror}`}>
            ROR<span className="visually-hidden"> ID of {text}</span>
          </a>
        </>
      ) : null}
    </>
  );
}

export function Byline({ authors, affiliations }: { authors: BylineAuthor[]; affiliations: BylineAffiliation[] }) {
  const numbered = affiliations.length > 1;
  const corresponding = authors.filter((a) => a.corresponding && a.email);
  return (
    <div className="byline">
      <p className="article-byline">
        {authors.map((a, i) => (
          <span key={`${a.name}-${i}`} className="byline-author">
            <Link to={a.path} className="author-link">
              {a.name}
            </Link>
            {numbered && a.affiliations.length ? <sup className="aff-ref">{a.affiliations.join(",")}</sup> : null}
            {a.orcid ? (
              <a className="orcid-link" href={a.orcid} rel="noopener" title={`ORCID iD: ${a.orcid}`}>
                <OrcidIcon />
                <span className="visually-hidden">ORCID iD of {a.name}: {a.orcid}</span>
              </a>
            ) : null}
            {a.corresponding ? (
              <span className="corresp-mark" title="Corresponding author">
                <span aria-hidden="true">✉</span>
                <span className="visually-hidden">(corresponding author)</span>
              </span>
            ) : null}
            {i < authors.length - 1 ? ", " : null}
          </span>
        ))}
      </p>
      {affiliations.length ? (
        <ol className={`affiliations${numbered ? "" : " single"}`} aria-label="Affiliations">
          {affiliations.map((f, k) => (
            <li key={k}>
              {numbered ? <sup className="aff-num">{k + 1}</sup> : null}
              <AffiliationName text={f.text} ror={f.ror} />
            </li>
          ))}
        </ol>
      ) : null}
      {corresponding.length ? (
        <p className="corresponding">
          <span aria-hidden="true">✉ </span>
          Corresponding author{corresponding.length > 1 ? "s" : ""}:{" "}
          {corresponding.map((a, i) => (
            <span key={a.email}>
              {i > 0 ? "; " : null}
              {a.name}, <a href={`mailto:${a.email}`}>{a.email}</a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** The licence as a badge linking to its text: 'cc BY 4.0' for Creative Commons, the host otherwise. */
export function LicenseBadge({ license }: { license: License }) {
  // 'CC BY 4.0' as the CC mark and 'BY 4.0'; 'CC0 1.0' and other licences as written.
  const mark = license.short.startsWith("CC ");
  return (
    <a className={`license-badge${license.creativeCommons ? " cc" : ""}`} href={license.url} rel="license noopener" title={license.name}>
      {mark ? (
        // The Creative Commons mark, drawn (no text in it, so the link's name is its words).
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8.6 7.7a2.6 2.6 0 1 0 0 4.6M13.9 7.7a2.6 2.6 0 1 0 0 4.6" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
        </svg>
      ) : null}
      <span>{mark ? license.short.slice(3) : license.short}</span>
      <span className="visually-hidden"> — licence: {license.name}</span>
    </a>
  );
}
