import { createContext, useContext, type HTMLAttributes, type MouseEvent, type SyntheticEvent } from "react";
import type { NavigateFunction } from "react-router";

/**
 * Server-built HTML that the browser shows but React never renders again: the long article
 * tables (docs/decisions/031-static-html.md). On a request for a whole page the loader leaves
 * the fragment out of its data (`staticHtml` in app/http/static-html.server.ts) and the render
 * finds it in the request's store, passed down by app/entry.server.tsx; the browser hydrates
 * the element without looking inside it (React leaves an element's `dangerouslySetInnerHTML`
 * alone while hydrating), so the fragment is sent once, not once as HTML and again as data. On
 * a client-side navigation the fragment comes in the loader data and is written into the page.
 */
const ServerFragments = createContext<ReadonlyMap<string, string> | null>(null);

export const StaticHtmlProvider = ServerFragments.Provider;

/** The server render's fragments (none in the browser): for what reads a page's text, such as the fonts it needs. */
export function useServerFragments(): ReadonlyMap<string, string> | null {
  return useContext(ServerFragments);
}

export function StaticHtml({
  name,
  html,
  ...rest
}: {
  /** The fragment's name in the request's store. */
  name: string;
  /** The fragment from the loader data; null when the page was rendered with it. */
  html: string | null;
} & Omit<HTMLAttributes<HTMLDivElement>, "dangerouslySetInnerHTML" | "children">) {
  const rendered = useContext(ServerFragments);
  // In the browser, null only while hydrating the server's page: its content is already there.
  const content = html ?? rendered?.get(name) ?? "";
  return <div {...rest} dangerouslySetInnerHTML={{ __html: content }} suppressHydrationWarning />;
}

/** The link an event (click, hover, focus) happened in, when it is inside the handler's element. */
export function linkOf(event: SyntheticEvent<HTMLElement>): HTMLAnchorElement | null {
  const a = (event.target as Element | null)?.closest?.("a");
  return a && event.currentTarget.contains(a) ? a : null;
}

/**
 * Client-side navigation for plain links (static HTML, long lists): a click that a <Link>
 * would handle — main button, no modifier key, no `download` or `target`, same origin — goes
 * through the router; anything else is left to the browser. Returns the link it followed.
 */
export function followLink(event: MouseEvent<HTMLElement>, navigate: NavigateFunction): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const a = linkOf(event);
  if (!a || a.hasAttribute("download") || (a.target && a.target !== "_self")) return null;
  const href = a.getAttribute("href");
  if (!href) return null;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  event.preventDefault();
  navigate(`${url.pathname}${url.search}${url.hash}`);
  return a;
}
