import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The one explicit URL map. Public pages share the reader layout; admin pages come later.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("board", "routes/public/board.tsx"),
    route("indexing", "routes/public/indexing.tsx"),
    route("archives", "routes/public/archives.tsx"),
    // Both issue URL shapes: /archives/2025/vol4/issue2 and /archives/2025/4/2.
    route("archives/:year/:volume/:issue", "routes/public/issue.tsx"),
    route("archives/:year/:volume/:issue/:ref", "routes/public/article.tsx"),
    route("search", "routes/public/search.tsx"),
    route("pdf", "routes/public/certificate.tsx"),
    route("instructions", "routes/public/instructions.tsx"),
    route("contact", "routes/public/contact.tsx"),
    route("privacy-policy", "routes/public/privacy-policy.tsx"),
    route("terms-and-conditions", "routes/public/terms-and-conditions.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
