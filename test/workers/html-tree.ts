import { parse } from "parse5";

/**
 * A served page read as a browser's parser reads it (parse5 is the HTML standard's tree
 * builder, scripting on as in a browser): elements, decoded attribute values and text, for
 * tests in workerd, which has no DOM.
 */
export interface El {
  tag: string;
  attrs: Record<string, string>;
  children: Node[];
}
type Text = { text: string };
type Node = El | Text;

interface P5Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: P5Node[];
  content?: P5Node;
}

function convert(n: P5Node): Node | null {
  if (n.nodeName === "#text") return { text: n.value ?? "" };
  if (!n.tagName) return null;
  const kids = n.tagName === "template" && n.content ? n.content.childNodes : n.childNodes;
  return {
    tag: n.tagName.toLowerCase(),
    attrs: Object.fromEntries((n.attrs ?? []).map((a) => [a.name.toLowerCase(), a.value])),
    children: (kids ?? []).map(convert).filter((c): c is Node => c !== null),
  };
}

/** The document's root element (html). */
export function parseHtml(html: string): El {
  const doc = parse(html) as unknown as P5Node;
  const root = (doc.childNodes ?? []).map(convert).find((c): c is El => !!c && "tag" in c);
  if (!root) throw new Error("no document element");
  return root;
}

/** A fragment (an HTML field's value) parsed as a body's content. */
export function parseFragment(html: string): El {
  const body = findAll(parseHtml(`<!doctype html><html><head></head><body>${html}</body></html>`), (e) => e.tag === "body")[0];
  return body!;
}

export function findAll(root: El, test: (el: El) => boolean): El[] {
  const out: El[] = [];
  const walk = (el: El) => {
    for (const c of el.children) {
      if ("tag" in c) {
        if (test(c)) out.push(c);
        walk(c);
      }
    }
  };
  walk(root);
  return out;
}

export function find(root: El, test: (el: El) => boolean): El | undefined {
  return findAll(root, test)[0];
}

export const byId = (root: El, id: string) => find(root, (e) => e.attrs.id === id);

/** Text content (what textContent gives). */
export function textOf(el: El): string {
  return el.children.map((c) => ("tag" in c ? textOf(c) : c.text)).join("");
}

const NOT_RENDERED = new Set(["head", "script", "style", "template", "noscript", "title", "meta", "link", "datalist", "option", "select", "textarea"]);
const BLOCK = new Set(["p", "div", "li", "ul", "ol", "tr", "td", "th", "table", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "header", "footer", "nav", "main", "aside", "dd", "dt", "dl", "br", "form", "fieldset", "legend", "blockquote", "figure", "figcaption", "caption", "address", "label", "button", "dialog", "details", "summary"]);

/**
 * The page's visible text the way a test reads `document.body.innerText` with runs of white
 * space made one space: no script, style or form-control contents, block boundaries as space.
 */
export function visibleText(root: El): string {
  const body = find(root, (e) => e.tag === "body") ?? root;
  const parts: string[] = [];
  const walk = (el: El) => {
    for (const c of el.children) {
      if (!("tag" in c)) parts.push(c.text);
      else if (!NOT_RENDERED.has(c.tag) && !("hidden" in c.attrs)) {
        if (BLOCK.has(c.tag)) parts.push(" ");
        walk(c);
        if (BLOCK.has(c.tag)) parts.push(" ");
      }
    }
  };
  walk(body);
  return parts.join("").replace(/\s+/g, " ");
}

/**
 * The name/value pairs a browser submits for a form as the server rendered it (no JavaScript
 * run): enabled controls with a name, checked boxes, each select's selected option. Files are
 * not included.
 */
export function formEntries(form: El): [string, string][] {
  const out: [string, string][] = [];
  for (const el of findAll(form, (e) => ["input", "select", "textarea"].includes(e.tag))) {
    const name = el.attrs.name;
    if (!name || "disabled" in el.attrs) continue;
    if (el.tag === "textarea") out.push([name, textOf(el).replace(/^\n/, "")]);
    else if (el.tag === "select") {
      const options = findAll(el, (o) => o.tag === "option");
      const chosen = options.find((o) => "selected" in o.attrs) ?? options[0];
      if (chosen) out.push([name, chosen.attrs.value ?? textOf(chosen)]);
    } else {
      const type = (el.attrs.type ?? "text").toLowerCase();
      if (["submit", "button", "reset", "image", "file"].includes(type)) continue;
      if ((type === "checkbox" || type === "radio") && !("checked" in el.attrs)) continue;
      out.push([name, el.attrs.value ?? (type === "checkbox" || type === "radio" ? "on" : "")]);
    }
  }
  return out;
}
