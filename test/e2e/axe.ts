/**
 * axe-core itself (WCAG 2.0/2.1/2.2 A and AA rules) run in a page of the browser tests: each
 * violation as one line with its rule, impact, help and up to five elements.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "playwright-core";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

interface AxeResult {
  violations: { id: string; impact: string; help: string; nodes: { target: string[]; failureSummary: string }[] }[];
}

/**
 * Makes axe-core part of every page the context opens, before the page's own scripts (the DevTools
 * protocol's script-on-new-document, which the page's CSP does not govern). The browser keeps the
 * 550 KB once per context instead of receiving it through the protocol for every page checked.
 */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript(AXE);
}

/** Runs axe in the page (evaluated through the DevTools protocol, so the page's CSP allows it). */
export async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const result = (await page.evaluate(
    (tags) => (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<unknown> } }).axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] }),
    AXE_TAGS,
  )) as AxeResult;
  return result.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")} — ${n.failureSummary.replace(/\s+/g, " ")}`).join("\n")}`,
  );
}
