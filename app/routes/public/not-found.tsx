import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { RouteErrorBoundary } from "../../components/RouteErrorBoundary";
import { pageTitle, siteNameFromMatches } from "../../lib/site";

// Any path no route claims: a real 404 rendered by the reader layout's error page.
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Page not found", siteNameFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

export const ErrorBoundary = RouteErrorBoundary;

export default function NotFound() {
  return null;
}
