import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// The one explicit URL map. Public pages share the reader layout; admin pages come later.
export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("*", "routes/public/not-found.tsx"),
  ]),
] satisfies RouteConfig;
