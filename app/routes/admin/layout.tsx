import { monogramInitials } from "../../lib/initials";
import { personInitials } from "../../lib/names";
import { data, Form, Link, NavLink, Outlet, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/layout";
import adminCss from "../../admin.css?url";
import { FlashProvider } from "../../components/admin/Flash";
import { ADMIN_HEADERS, clearFlashCookie, readFlash, requireStaff } from "../../auth/admin.server";
import { roleMay } from "../../auth/permissions";
import { useDraftsOnSubmit } from "../../components/admin/session";
import { UnsavedChangesGuard } from "../../components/admin/UnsavedChanges";
import { newSubmissionToken } from "./once.server";

// Empty where Vite serves CSS itself (dev server, workerd tests): no <link href=""> then.
export const links: Route.LinksFunction = () => (adminCss ? [{ rel: "stylesheet", href: adminCss }] : []);

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

/**
 * Entering the shell verifies the session on the server (spec §4); no session → login. Whether
 * the user may open the page itself is the page's own check (requireAdmin): the shell shows for
 * a refused page too, with the menu the user's role allows.
 */
export async function loader(args: Route.LoaderArgs) {
  const { user, journal, env } = await requireStaff(args);
  const flash = readFlash(args.request);
  return data(
    {
      user: { name: user.name || user.username, username: user.username, role: user.role },
      siteName: journal.settings.websitename || journal.name,
      flash,
      // Renewed by every revalidation (after each successful action): see once.server.ts.
      formToken: newSubmissionToken(),
    },
    { headers: flash ? { "Set-Cookie": clearFlashCookie(env) } : undefined },
  );
}

export function headers() {
  return ADMIN_HEADERS;
}

/** The admin menu; each user sees the entries their role may open (app/auth/permissions.ts). */
const NAV = [
  { to: "/admin", label: "Home", end: true },
  { to: "/admin/archives", label: "Archives" },
  { to: "/admin/editors", label: "Editors" },
  { to: "/admin/indexing", label: "Indexing" },
  { to: "/admin/staff", label: "Staff" },
  { to: "/admin/settings", label: "Settings" },
  { to: "/admin/activity", label: "Activity" },
];

function AdminSearch() {
  const [params] = useSearchParams();
  const location = useLocation();
  const q = location.pathname === "/admin/search" ? (params.get("q") ?? "") : "";
  return (
    <Form method="get" action="/admin/search" role="search" className="admin-search" key={q}>
      <label htmlFor="admin-q" className="visually-hidden">
        Search articles
      </label>
      <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
        <path
          fill="currentColor"
          d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4.4 4.4-1.4 1.4-4.4-4.4A6.5 6.5 0 1 1 8.5 2zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z"
        />
      </svg>
      <input id="admin-q" name="q" type="search" placeholder="Search ref no., title, author, txn ID…" defaultValue={q} maxLength={200} autoComplete="off" />
    </Form>
  );
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const { user, siteName, flash } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // Every admin form's typed values survive an ended session (components/admin/session.ts).
  useDraftsOnSubmit(navigation.state);
  return (
    <div className="admin-app">
      <FlashProvider initial={flash}>
        <a className="skip-link" href="#admin-main">
          Skip to content
        </a>
        <div className={`admin-progress${busy ? " is-busy" : ""}`} role="progressbar" aria-hidden={!busy} aria-label="Loading" />
        <header className="admin-topbar">
          <div className="admin-topbar-inner">
            <Link to="/admin" className="admin-brand">
              <span className="admin-logo" aria-hidden="true">
                {monogramInitials(siteName, 3)}
              </span>
              <span className="admin-brand-text">
                <span className="admin-brand-name">{siteName}</span>
                <span className="admin-brand-sub">Staff admin</span>
              </span>
            </Link>
            <nav className="admin-nav" aria-label="Admin">
              {NAV.filter((item) => roleMay(user.role, item.to)).map((item) => (
                <NavLink key={item.to} to={item.to} end={item.end} prefetch="intent">
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <AdminSearch />
            <div className="admin-account">
              <Link to="/admin/account" className="admin-user" title={`Signed in as ${user.username}: password and sign-out everywhere`}>
                <span className="admin-avatar" aria-hidden="true">
                  {personInitials(user.name, 2)}
                </span>
                <span className="admin-user-name">{user.name}</span>
                <span className="visually-hidden"> — your account</span>
              </Link>
              <a className="admin-toplink" href="/" target="_blank" rel="noopener noreferrer">
                Site
                <svg viewBox="0 0 20 20" width="13" height="13" aria-hidden="true">
                  <path fill="currentColor" d="M11 3h6v6h-2V6.4l-6.3 6.3-1.4-1.4L13.6 5H11zM4 5h5v2H5v8h8v-4h2v6H3V5z" />
                </svg>
                <span className="visually-hidden"> (opens the public site in a new tab)</span>
              </a>
              <Form method="post" action="/admin/logout" reloadDocument className="admin-logout">
                <button type="submit" className="admin-toplink">
                  Logout
                </button>
              </Form>
            </div>
          </div>
        </header>
        <main id="admin-main" className="admin-main" tabIndex={-1}>
          {/* Typed work is not lost by a click elsewhere or a closed tab: the page's forms report it. */}
          <UnsavedChangesGuard>
            <Outlet />
          </UnsavedChangesGuard>
        </main>
      </FlashProvider>
    </div>
  );
}
