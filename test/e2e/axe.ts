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

/**
 * Runs axe in the page as it is now, once it settles (evaluated through the DevTools protocol, so
 * the page's CSP allows it). A dialog fades in (.modal[open]): mid-fade its colours are
 * part-transparent, which axe reports as low contrast, so the page's finite animations end first.
 */
export async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  // The page settles, axe runs, and only the violations come back, as text (axe's whole result,
  // with every rule's metadata, is about 40 KB of JSON a page).
  return page.evaluate(async (tags) => {
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    );
    const { axe } = window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<AxeResult> } };
    const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")} — ${n.failureSummary.replace(/\s+/g, " ")}`).join("\n")}`,
    );
  }, AXE_TAGS);
}
