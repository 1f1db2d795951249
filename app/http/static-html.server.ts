import type { AppContext } from "../context";

/**
 * A loader's server-built fragment (components/StaticHtml.tsx): kept in the request's store on
 * a request for a whole page, where the render takes it from (null in the loader data, so the
 * page does not carry it twice); returned as it is on a data request, for the browser to insert.
 */
export function staticHtml(context: Pick<AppContext, "staticHtml">, name: string, html: string): string | null {
  if (!context.staticHtml) return html;
  context.staticHtml.set(name, html);
  return null;
}
