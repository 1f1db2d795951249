/**
 * Minimal XML well-formedness check for tests in workerd (no DOMParser there): one root,
 * balanced and properly nested tags, quoted attributes, only the five predefined entities or
 * numeric references. Returns the problem, or null when the document is well-formed.
 */
export function xmlProblem(doc: string): string | null {
  let s = doc.replace(/^\uFEFF/, "");
  s = s.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  let roots = 0;
  const re = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/g;
  let m: RegExpExecArray | null;
  let last = 0;
  while ((m = re.exec(s))) {
    const text = s.slice(last, m.index);
    if (stack.length === 0 && text.trim()) return `text outside the root: ${text.trim().slice(0, 40)}`;
    last = re.lastIndex;
    if (m[0] === "<") return `stray '<' at ${m.index}`;
    if (m[0].startsWith("&")) return `bad entity at ${m.index}: ${s.slice(m.index, m.index + 12)}`;
    if (m[0].startsWith("<!")) continue;
    const [, close, name, , selfClose] = m;
    if (close) {
      const open = stack.pop();
      if (open !== name) return `</${name}> closes <${open}>`;
    } else {
      if (stack.length === 0) roots++;
      if (roots > 1) return "more than one root element";
      if (!selfClose) stack.push(name);
    }
  }
  if (s.slice(last).trim()) return "text after the root";
  if (stack.length) return `unclosed <${stack[stack.length - 1]}>`;
  return roots === 1 ? null : "no root element";
}

/** Text content of every element with this (qualified) name. */
export function xmlTexts(doc: string, name: string): string[] {
  const re = new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, "g");
  return [...doc.matchAll(re)].map((m) => m[1]);
}
