/**
 * A small in-page checker for the accessibility rules the reader pages promise (axe-core is
 * not a dependency): text contrast (WCAG AA), landmarks (one top-level <main>, complementary
 * and other landmarks not nested in another, all content inside landmarks), one <h1>, names
 * for links, buttons and form fields, alt on images, unique ids, and no horizontal overflow.
 */
import type { Page } from "playwright-core";

export interface AuditOptions {
  /** Skip the contrast check (e.g. while a drawer's backdrop dims the page). */
  contrast?: boolean;
}

export async function audit(page: Page, options: AuditOptions = {}): Promise<string[]> {
  return page.evaluate(({ checkContrast }) => {
    const problems: string[] = [];
    const describe = (el: Element) => {
      const id = el.id ? `#${el.id}` : "";
      const cls = typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      const text = (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
    };
    const visible = (el: Element) =>
      (el as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: true }) ?? true;

    // ---- Overflow --------------------------------------------------------------------------
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) {
      const wide = [...document.body.querySelectorAll("*")]
        .filter((el) => visible(el) && el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .slice(0, 3)
        .map(describe);
      problems.push(`horizontal overflow: scrollWidth ${doc.scrollWidth} > ${window.innerWidth} (${wide.join(", ")})`);
    }

    // ---- Landmarks and headings ----------------------------------------------------------------
    const LANDMARK = 'main, [role="main"], aside, [role="complementary"], nav, [role="navigation"], body > header, [role="banner"], body > footer, [role="contentinfo"], form[role="search"], [role="region"], section[aria-label], section[aria-labelledby]';
    const mains = document.querySelectorAll('main, [role="main"]');
    if (mains.length !== 1) problems.push(`${mains.length} <main> landmarks (want 1)`);
    for (const el of document.querySelectorAll('main, aside, [role="complementary"], body > header, body > footer')) {
      const outer = el.parentElement?.closest(LANDMARK);
      if (outer) problems.push(`landmark ${describe(el).slice(0, 60)} is inside ${describe(outer).slice(0, 60)} (must be top-level)`);
    }
    const h1s = [...document.querySelectorAll("h1")];
    if (h1s.length !== 1) problems.push(`${h1s.length} <h1> elements (want 1)`);
    // All visible text in some landmark (axe "region"); the skip link is exempt.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const outside = new Set<Element>();
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || !n.textContent?.trim() || !visible(el) || el.closest("script, style, .skip-link, [popover]:not(:popover-open)")) continue;
      if (!el.closest('main, aside, nav, header, footer, [role="region"], [role="search"], [role="status"], [popover]')) outside.add(el);
    }
    for (const el of outside) problems.push(`text outside any landmark: ${describe(el)}`);

    // ---- Names ------------------------------------------------------------------------------
    const nameOf = (el: Element) =>
      (el.getAttribute("aria-label") ??
        (el.getAttribute("aria-labelledby") ?? "")
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? "")
          .join(" ")) ||
      el.textContent?.trim() ||
      [...el.querySelectorAll("img[alt]")].map((i) => i.getAttribute("alt")).join(" ") ||
      el.getAttribute("title") ||
      "";
    for (const el of document.querySelectorAll("a[href], button")) {
      if (!nameOf(el).trim()) problems.push(`no accessible name: ${describe(el)}`);
    }
    for (const el of document.querySelectorAll("img")) {
      if (!el.hasAttribute("alt")) problems.push(`image without alt: ${el.getAttribute("src")}`);
    }
    for (const el of document.querySelectorAll("input:not([type=hidden]), select, textarea")) {
      const id = el.id;
      const labelled = el.getAttribute("aria-label") || el.getAttribute("aria-labelledby") || (id && document.querySelector(`label[for="${id}"]`)) || el.closest("label");
      if (!labelled) problems.push(`form field without a label: ${describe(el)}`);
    }
    const ids = new Map<string, number>();
    for (const el of document.querySelectorAll("[id]")) ids.set(el.id, (ids.get(el.id) ?? 0) + 1);
    for (const [id, n] of ids) if (n > 1) problems.push(`id "${id}" used ${n} times`);

    // ---- Contrast -----------------------------------------------------------------------------
    if (!checkContrast) return problems;
    type RGBA = [number, number, number, number];
    const parse = (c: string): RGBA | null => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top: RGBA, bottom: RGBA): RGBA => {
      const a = top[3] + bottom[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mixc = (i: number) => (top[i] * top[3] + bottom[i] * bottom[3] * (1 - top[3])) / a;
      return [mixc(0), mixc(1), mixc(2), a];
    };
    const lum = ([r, g, b]: RGBA) => {
      const f = (v: number) => {
        v /= 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    const ratio = (a: RGBA, b: RGBA) => {
      const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    /** The colours behind an element: several when a gradient is on the way (each stop is checked). */
    const backgrounds = (el: Element): RGBA[] => {
      const layers: RGBA[][] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const cs = getComputedStyle(e);
        const stops = cs.backgroundImage.includes("gradient")
          ? [...cs.backgroundImage.matchAll(/rgba?\([^)]+\)/g)].map((m) => parse(m[0])!).filter(Boolean)
          : [];
        const color = parse(cs.backgroundColor);
        if (stops.length) layers.push(stops);
        else if (color && color[3] > 0) layers.push([color]);
        if (layers.length && layers[layers.length - 1].every((c) => c[3] >= 1)) break;
      }
      let result: RGBA[] = [[255, 255, 255, 1]];
      for (const layer of layers.reverse()) result = layer.flatMap((top) => result.map((bottom) => over(top, bottom)));
      return result;
    };
    const opacityOf = (el: Element) => {
      let o = 1;
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
      return o;
    };
    const seen = new Set<Element>();
    const texts = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = texts.nextNode(); n; n = texts.nextNode()) {
      const el = n.parentElement;
      if (!el || seen.has(el) || !n.textContent?.trim()) continue;
      seen.add(el);
      if (!visible(el) || el.closest('script, style, [aria-hidden="true"], .visually-hidden, [popover]:not(:popover-open)')) continue;
      const cs = getComputedStyle(el);
      const fg = parse(cs.color);
      if (!fg) continue;
      const size = parseFloat(cs.fontSize);
      const bold = Number(cs.fontWeight) >= 700;
      const large = size >= 24 || (bold && size >= 18.66);
      const need = large ? 3 : 4.5;
      const alpha = opacityOf(el);
      for (const bg of backgrounds(el)) {
        const text = over([fg[0], fg[1], fg[2], fg[3] * alpha], bg);
        const r = ratio(text, bg);
        if (r < need - 0.005) {
          problems.push(`contrast ${r.toFixed(2)}:1 < ${need}:1 for ${describe(el)} (${cs.color} on rgb(${bg.slice(0, 3).map(Math.round).join(",")}))`);
          break;
        }
      }
    }
    return problems;
  }, { checkContrast: options.contrast !== false });
}
