import { useEffect, type ReactNode } from "react";
import { useLocation, useNavigationType } from "react-router";
import { Main } from "./Main";

export interface DocumentSection {
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * Reads the scroll-target state the footer links carry ({ scrollTo: "top" } or a section id)
 * and acts on it for a new navigation: "top" scrolls to the top and moves focus from the
 * footer link (which stays on screen in the layout) to the page's <main>, so the next Tab
 * starts at the top of the new page rather than in the footer. Back and Forward leave the
 * reader's remembered position alone (ScrollRestoration restores it).
 */
function useScrollTarget(): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const target = (location.state as { scrollTo?: string } | null)?.scrollTo;
  useEffect(() => {
    if (!target || navigationType === "POP") return;
    if (target === "top") {
      window.scrollTo({ top: 0, left: 0 });
      document.getElementById("main")?.focus({ preventScroll: true });
    } else {
      document.getElementById(target)?.scrollIntoView();
    }
  }, [location.key, target, navigationType]);
}

/**
 * A long text page (instructions, privacy policy, terms): title, lead, a contents list and
 * numbered sections with stable ids so they can be linked to.
 */
export function DocumentPage({
  title,
  lead,
  updated,
  sections,
  aside,
}: {
  title: string;
  lead?: ReactNode;
  updated?: string;
  sections: DocumentSection[];
  aside?: ReactNode;
}) {
  useScrollTarget();
  return (
    <div className="with-sidebar document-layout">
      <Main className="content document" labelledBy="document-title">
        <h1 id="document-title">{title}</h1>
        {updated ? <p className="muted">Last updated: {updated}</p> : null}
        {lead ? <div className="lead">{lead}</div> : null}
        <nav className="toc" aria-label="Contents">
          <h2 className="toc-title">Contents</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} className="document-section" aria-labelledby={`${s.id}-title`}>
            <h2 id={`${s.id}-title`}>
              <span className="section-number">{i + 1}.</span> {s.title}
            </h2>
            {s.body}
          </section>
        ))}
      </Main>
      {aside ? (
        <aside className="sidebar" aria-label="Quick links">
          {aside}
        </aside>
      ) : null}
    </div>
  );
}

/** The journal's e-mail as a link; when none is set, words that still read in the sentence. */
export function JournalEmail({ email }: { email: string }) {
  return email ? <a href={`mailto:${email}`}>{email}</a> : <>the journal's e-mail address</>;
}
