/**
 * Who may open which admin page or call which staff API: the one table of the two roles
 * (docs/decisions/024-staff-roles.md). The admin pages' session check (`requireAdmin` in
 * app/auth/admin.server.ts), the API's (`requireAdmin` in workers/api/middleware.ts) and the
 * admin menu all ask `roleMay`; nothing else decides.
 *
 * Editors may do everything behind the staff session check except what is listed here, so a new
 * editor-level page or call needs no change, and a new admin-only area is one line. A listed
 * path covers everything below it (`/api/settings` covers `/api/settings/logo` and any call
 * added there later), whatever the method.
 */
const ROLES = ["admin", "editor"] as const;
type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { admin: "Admin", editor: "Editor" };

/** What each role is for, in the words the Staff page and the README use. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Everything, including settings, DOI settings, the logo, signature and stamp, and staff accounts.",
  editor: "Issues, articles, editors, indexing partners and documents; not settings or staff accounts.",
};

/** Admin-only areas: page paths and API paths. */
export const ADMIN_ONLY_PATHS: readonly string[] = [
  "/admin/settings", // site settings, DOI settings, logo, signature and stamp (one page, one action)
  "/admin/staff", // staff accounts, roles, set-password links, the journal's two-factor requirement
  "/api/settings", // GET/POST settings, /logo, /signature, /stamp
  "/api/admin/users", // staff accounts
];

/**
 * A request path as the routers match it: percent-decoded, lower-case (React Router matches
 * without regard to case), repeated and trailing slashes dropped, and without React Router's
 * `.data` / `/_.data` suffix (client-side navigations and form posts), so no spelling of an admin-only
 * path reaches its page past this check.
 */
export function normalisePath(path: string): string {
  let p = path;
  for (let i = 0; i < 3; i++) {
    try {
      const decoded = decodeURIComponent(p);
      if (decoded === p) break;
      p = decoded;
    } catch {
      break;
    }
  }
  // Dot segments need no handling: the URL parser resolved them (encoded ones too) before any
  // router saw the path, and a decoded `%2F` only ever adds separators, which can make a path
  // admin-only here but never hide one.
  return (
    p
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\/_\.data$|\.data$/, "")
      .replace(/\/+$/, "") || "/"
  );
}

/** Whether a path is in an admin-only area. */
export function isAdminOnly(path: string): boolean {
  const p = normalisePath(path);
  return ADMIN_ONLY_PATHS.some((area) => p === area || p.startsWith(`${area}/`));
}

/** Whether a user of this role may open the page or make the call at `path`. */
export function roleMay(role: string | null | undefined, path: string): boolean {
  if (role === "admin") return true;
  if (role === "editor") return !isAdminOnly(path);
  // An unknown role is no role.
  return false;
}

/**
 * What a staff user with two-factor sign-in still to set up (the journal requires it) may
 * reach: the Account page, where it is set up, and signing out.
 */
const TWO_FACTOR_SETUP_PATHS: readonly string[] = ["/admin/account", "/admin/logout", "/auth/verify-token", "/auth/logout", "/auth/logout-all"];

export function reachableBeforeTwoFactorSetup(path: string): boolean {
  const p = normalisePath(path);
  return TWO_FACTOR_SETUP_PATHS.some((area) => p === area || p.startsWith(`${area}/`));
}
