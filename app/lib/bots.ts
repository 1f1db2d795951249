import { isbot } from "isbot";

// `isbot` knows the crawlers; these are the tools and headless browsers it lets through.
const TOOLS = /curl|wget|python|java\/|httpclient|headless|lighthouse|monitor|preview|scan/i;

/** A crawler or a tool rather than a reader: its requests count no views or downloads. */
export function isBot(userAgent: string | null | undefined): boolean {
  return !userAgent || isbot(userAgent) || TOOLS.test(userAgent);
}
