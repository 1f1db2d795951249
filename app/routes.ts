import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// The one explicit URL map. Public pages share the reader layout; admin pages come later.
export default [
  // Staff admin, behind the session check (before the public catch-all so it never swallows /admin).
  ...prefix("admin", [
    route("login", "routes/admin/login.tsx"),
    route("logout", "routes/admin/logout.tsx"),
    // A colleague's one-time set-password link: no session yet, so outside the shell.
    route("set-password/:token", "routes/admin/set-password.tsx"),
    // Staff-only file URLs (a resource route: no shell, its own session check).
    route("files/articles/:file", "routes/admin/article-file.tsx"),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      route("archives", "routes/admin/archives.tsx"),
      route("archives/add/:year/:vol/:issue", "routes/admin/article-add.tsx"),
      route("archives/:year/:vol/:issue", "routes/admin/issue.tsx"),
      route("archives/:id", "routes/admin/article-edit.tsx"),
      route("editors", "routes/admin/editors.tsx"),
      route("editors/add", "routes/admin/editor-add.tsx"),
      route("editors/:id", "routes/admin/editor-edit.tsx"),
      route("indexing", "routes/admin/indexing.tsx"),
      route("indexing/add", "routes/admin/partner-add.tsx"),
      route("indexing/:id", "routes/admin/partner-edit.tsx"),
      route("staff", "routes/admin/staff.tsx"),
      route("settings", "routes/admin/settings.tsx"),
      route("search", "routes/admin/search.tsx"),
      route("activity", "routes/admin/activity.tsx"),
      route("trash", "routes/admin/trash.tsx"),
      route("issues/:id", "routes/admin/issue-by-id.tsx"),
      route("account", "routes/admin/account.tsx"),
      route("not-found", "routes/admin/not-found.tsx", { id: "routes/admin/not-found" }),
      route("*", "routes/admin/not-found.tsx", { id: "routes/admin/catch-all" }),
    ]),
  ]),
  // The journal's link-preview image (og:image): a resource route, outside the reader layout.
  route("og/:file", "routes/public/preview-image.ts"),
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("board", "routes/public/board.tsx"),
    route("indexing", "routes/public/indexing.tsx"),
    route("journals", "routes/public/journals.tsx"),
    route("archives", "routes/public/archives.tsx"),
    // Both issue URL shapes: /archives/2025/vol4/issue2 and /archives/2025/4/2.
    route("archives/:year/:volume/:issue", "routes/public/issue.tsx"),
    route("archives/:year/:volume/:issue/:ref", "routes/public/article.tsx"),
    route("search", "routes/public/search.tsx"),
    route("authors/:name", "routes/public/author.tsx"),
    route("pdf", "routes/public/certificate.tsx"),
    route("verify/:code?", "routes/public/verify.tsx"),
    route("instructions", "routes/public/instructions.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("terms-and-conditions", "routes/public/terms-and-conditions.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
