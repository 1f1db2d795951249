import { MonogramBadge } from "../../components/MonogramBadge";
import { Form, Link, NavLink, Outlet, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/layout";
import { appContext } from "../../context";
import { useRootData } from "../../root";
import { INLINE_PROFILE, sanitizeHtml } from "../../lib/html";
import { enquiryChatLink } from "../../lib/site";
import { searchPath } from "../../lib/urls";

const NAV = [
  { to: "/", label: "HOME", end: true },
  { to: "/archives", label: "ARCHIVES" },
  { to: "/board", label: "EDITORIAL BOARD" },
  { to: "/instructions", label: "INSTRUCTIONS" },
  { to: "/indexing", label: "INDEXING" },
  { to: "/contact", label: "CONTACT" },
];

/** The journal name as sanitised HTML (emphasis, line breaks), prepared on the server. */
export function loader({ context }: Route.LoaderArgs) {
  const s = context.get(appContext).journal.settings;
  return { nameHtml: s.formatted_journal_name ? sanitizeHtml(s.formatted_journal_name, INLINE_PROFILE) : "" };
}

// Derived from the journal's settings only: nothing changes while a reader moves between pages.
export function shouldRevalidate() {
  return false;
}

/**
 * Header search (desktop and mobile: one form that reflows). Without JavaScript it is a plain
 * GET form to /search; with it, it navigates client-side and then clears itself (spec §2).
 */
function SearchBox({ id }: { id: string }) {
  const navigate = useNavigate();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label="Search articles"
      className="search-box"
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const keyword = new FormData(form).get("keyword")?.toString().trim() ?? "";
        if (!keyword) return;
        navigate(searchPath(keyword));
        form.reset();
        // Let go of the field: on a phone this closes the on-screen keyboard, which otherwise
        // covers the results.
        (document.activeElement as HTMLElement | null)?.blur();
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Search articles
      </label>
      <input id={id} name="keyword" type="search" placeholder="Search articles…" autoComplete="off" maxLength={200} required />
      <button type="submit" aria-label="Search">
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <path
            fill="currentColor"
            d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4.4 4.4-1.4 1.4-4.4-4.4A6.5 6.5 0 1 1 8.5 2zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z"
          />
        </svg>
        <span className="search-label">Search</span>
      </button>
    </Form>
  );
}

/**
 * 'Loading...' while a client-side navigation waits for its data (spec §2 archives): a thin bar
 * along the window's top edge, and the text in the gap between the navigation and the page's
 * content, where it covers no title or link.
 */
function PendingIndicator() {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className={busy ? "route-pending is-busy" : "route-pending"} role="status" aria-live="polite">
      {busy ? <span className="route-pending-text">Loading...</span> : null}
    </div>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  if (!root) return <Outlet />;
  const { site, year } = root;
  const chat = enquiryChatLink(site.whatsapp, site.websitename);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="masthead container">
          {/* Named by what it shows (the name, NAAS rating, ISSN): an aria-label hid the rating and ISSN. */}
          <Link to="/" className="brand">
            {site.logo ? (
              // Decorative: the journal's name is written beside it.
              <span className="logo logo-image">
                <img src={site.logo} alt="" width={54} height={54} decoding="async" />
              </span>
            ) : (
              <MonogramBadge className="logo" name={site.websitename} />
            )}
            <span className="brand-text">
              {loaderData.nameHtml ? (
                <span className="journal-name" dangerouslySetInnerHTML={{ __html: loaderData.nameHtml }} />
              ) : (
                <span className="journal-name">{site.websitename}</span>
              )}
              {site.nassScore ? (
                <span className="naas-line">
                  NAAS Rating: {site.nassScore}
                  {site.nassScoreYear ? ` (${site.nassScoreYear})` : ""}
                </span>
              ) : null}
              {site.issn || site.essn ? (
                <span className="issn-line">
                  {site.issn ? `ISSN: ${site.issn}` : ""}
                  {site.issn && site.essn ? " · " : ""}
                  {site.essn ? `E-ISSN: ${site.essn}` : ""}
                </span>
              ) : null}
            </span>
          </Link>
          <SearchBox id="search-header" />
        </div>
        <nav className="main-nav" aria-label="Main">
          <ul className="container">
            {NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} prefetch="intent">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {/* Each page renders its own <main> (components/Main.tsx), so that a side column is a
          top-level <aside> beside it. */}
      <div className="container page">
        <PendingIndicator />
        <Outlet />
      </div>
      <footer className="site-footer">
        {/*
          Fixed in the window's corner only where the page has a margin for it (wide screens);
          elsewhere it is a button at the top of the footer, so it never covers content.
        */}
        {chat ? (
          <a
            className="chat-float"
            href={chat}
            target="_blank"
            rel="noopener noreferrer"
            title="Chat with us on WhatsApp"
          >
            <svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
              <path
                fill="currentColor"
                d="M16 3a13 13 0 0 0-11.2 19.6L3 29l6.6-1.7A13 13 0 1 0 16 3zm0 23.6c-2 0-3.9-.5-5.6-1.5l-.4-.2-3.9 1 1-3.8-.3-.4A10.6 10.6 0 1 1 16 26.6zm5.8-7.9c-.3-.2-1.9-.9-2.2-1s-.5-.2-.7.2-.8 1-1 1.2-.4.2-.7.1a8.7 8.7 0 0 1-4.3-3.8c-.3-.6.3-.5.9-1.7.1-.2 0-.4 0-.5l-1-2.4c-.3-.6-.5-.5-.7-.5h-.6c-.2 0-.5.1-.8.4s-1 1-1 2.5 1.1 2.9 1.2 3.1 2.1 3.2 5.1 4.5c1.9.8 2.6.9 3.6.7.6-.1 1.9-.8 2.1-1.5s.3-1.3.2-1.5-.3-.2-.6-.3z"
              />
            </svg>
            <span className="chat-float-label">Chat with us on WhatsApp</span>
          </a>
        ) : null}

        <div className="container footer-grid">
          <div>
            <p className="footer-name">{site.websitename}</p>
            {site.publisherAddress ? <p>{site.publisherAddress}</p> : null}
            {site.websiteemail ? (
              <p>
                <a href={`mailto:${site.websiteemail}`}>{site.websiteemail}</a>
              </p>
            ) : null}
          </div>
          <nav aria-label="Legal and contact">
            <ul className="footer-links">
              <li>
                <Link to="/privacy-policy" state={{ scrollTo: "top" }}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to="/terms-and-conditions" state={{ scrollTo: "top" }}>
                  Terms and Conditions
                </Link>
              </li>
              <li>
                <Link to="/verify">Verify a certificate</Link>
              </li>
              {chat ? (
                <li className="footer-chat">
                  <a href={chat} target="_blank" rel="noopener noreferrer">
                    Chat with us on WhatsApp
                  </a>
                </li>
              ) : null}
            </ul>
          </nav>
        </div>
        <p className="copyright container">
          Copyright © {year} {site.websitename}. All rights reserved.
        </p>
      </footer>
    </>
  );
}
