import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { escapeHtml, htmlToText, LINK_URL, RICH_PROFILE, sanitizeHtml, TITLE_PROFILE } from "../../lib/html";
import { FieldError } from "./Field";
import { purifyHtml } from "./purify";

/**
 * A small contentEditable editor whose toolbar offers exactly what the sanitiser keeps: italic
 * for titles; bold (kept as emphasis), italic, sub/superscript, lists and http(s) links for
 * abstracts and the home page (paragraphs come from Enter). Everything typed or pasted is run
 * through DOMPurify, configured from the server's allowlists (./purify.ts), before it reaches
 * the hidden input named `name`; the server sanitises again and is authoritative.
 */

type Command = "bold" | "italic" | "subscript" | "superscript" | "insertUnorderedList" | "insertOrderedList";

interface Tool {
  command: Command | "link" | "removeFormat";
  label: string;
  shortcut?: string;
  icon: ReactNode;
}

const I = (d: string) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
    <path fill="currentColor" d={d} />
  </svg>
);

/** X with a small 2 below (subscript) or above (superscript), drawn: text in a button would be read as its name. */
const Script = ({ up }: { up: boolean }) => (
  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M3.5 6l9 12M12.5 6l-9 12" />
    <path d={up ? "M15.5 5.2c.3-1 1.1-1.6 2.1-1.6 1.1 0 1.9.7 1.9 1.7 0 1.8-4 2.8-4 4.9h4.2" : "M15.5 15.2c.3-1 1.1-1.6 2.1-1.6 1.1 0 1.9.7 1.9 1.7 0 1.8-4 2.8-4 4.9h4.2"} strokeWidth="1.6" />
  </svg>
);

const TOOLS: Record<Tool["command"], Tool> = {
  bold: { command: "bold", label: "Bold", shortcut: "Ctrl+B", icon: <b className="tool-glyph">B</b> },
  italic: { command: "italic", label: "Italic", shortcut: "Ctrl+I", icon: <i className="tool-glyph serif">I</i> },
  subscript: { command: "subscript", label: "Subscript", icon: <Script up={false} /> },
  superscript: { command: "superscript", label: "Superscript", icon: <Script up /> },
  insertUnorderedList: {
    command: "insertUnorderedList",
    label: "Bulleted list",
    icon: I("M4 6.5a1.5 1.5 0 1 0 0 .01zM8 5.5h13v2H8zM4 12a1.5 1.5 0 1 0 0 .01zM8 11h13v2H8zm-4 6.5a1.5 1.5 0 1 0 0 .01zM8 16.5h13v2H8z"),
  },
  insertOrderedList: {
    command: "insertOrderedList",
    label: "Numbered list",
    icon: I("M3 5h2v4H4V6H3zm0 7.5h3v1H4.5l1.5 1.5v1H3v-1h1.5L3 13.5zM8 5.5h13v2H8zm0 5.5h13v2H8zm0 5.5h13v2H8zM3 19h3v1H3z"),
  },
  link: {
    command: "link",
    label: "Link",
    shortcut: "Ctrl+K",
    icon: I("M10.6 13.4a1 1 0 0 0 1.4 0l3.5-3.5a3 3 0 0 0-4.2-4.2l-1.2 1.1 1.4 1.4 1.2-1.1a1 1 0 0 1 1.4 1.4L10.6 12a1 1 0 0 0 0 1.4zm2.8-2.8a1 1 0 0 0-1.4 0l-3.5 3.5a3 3 0 0 0 4.2 4.2l1.2-1.1-1.4-1.4-1.2 1.1a1 1 0 0 1-1.4-1.4l3.5-3.5a1 1 0 0 0 0-1.4z"),
  },
  removeFormat: {
    command: "removeFormat",
    label: "Clear formatting",
    icon: I("M6 5v.2L8.8 8H11l-.6 1.4 1.6 1.6L13.2 8H19V5H6zm-2.7-.7L2 5.6 9 12.6 6.5 18h3l1.6-3.4 5.3 5.3 1.3-1.3z"),
  },
};

const VARIANTS = {
  title: { profile: TITLE_PROFILE, tools: ["italic"] as Tool["command"][] },
  rich: {
    profile: RICH_PROFILE,
    tools: ["bold", "italic", "subscript", "superscript", "insertUnorderedList", "insertOrderedList", "link", "removeFormat"] as Tool["command"][],
  },
};

/** A link the sanitiser keeps (http/https only); a bare domain gets https://. */
function safeLink(url: string): string | null {
  const value = url.trim();
  if (!value || /\s/.test(value)) return null;
  if (LINK_URL.test(value)) return /^https?:\/\/[^/?#@]+/i.test(value) ? value : null;
  if (/^[\w-]+(\.[\w-]+)*\.[a-z]{2,}(:\d+)?([/?#]\S*)?$/i.test(value)) return `https://${value}`;
  return null;
}

/** Whether the editable area holds elements or attributes the sanitiser would drop. */
function hasForeignMarkup(el: HTMLElement, tags: ReadonlySet<string>): boolean {
  for (const node of Array.from(el.querySelectorAll("*"))) {
    const tag = node.tagName.toLowerCase();
    const allowedAttributes = tag === "a" ? ["href"] : [];
    if (!tags.has(tag) || Array.from(node.attributes).some((a) => !allowedAttributes.includes(a.name))) return true;
  }
  return false;
}

export function RichTextEditor({
  id,
  name,
  label,
  hint,
  defaultValue,
  variant,
  required = false,
  error,
  placeholder,
  onChange,
  onBlur,
  footer,
}: {
  id: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  defaultValue: string;
  variant: "title" | "rich";
  required?: boolean;
  error?: string;
  placeholder?: string;
  onChange?: (html: string) => void;
  onBlur?: () => void;
  /** Extra line under the editor (a word count…). */
  footer?: ReactNode;
}) {
  const { profile, tools } = VARIANTS[variant];
  const [initial] = useState(() => sanitizeHtml(defaultValue, profile));
  const [html, setHtml] = useState(initial);
  const [active, setActive] = useState<Set<string>>(new Set());
  const [linkBar, setLinkBar] = useState<{ open: boolean; url: string; error: string }>({ open: false, url: "", error: "" });
  const editor = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const empty = htmlToText(html) === "";

  function sync() {
    const el = editor.current;
    if (!el) return;
    // Editing leaves no-break spaces where the user typed plain ones; store plain spaces.
    const clean = purifyHtml(el.innerHTML, profile).replace(/\u00a0/g, " ");
    setHtml(clean);
    onChange?.(clean);
  }

  function selectionInside(): boolean {
    const sel = document.getSelection();
    return !!sel && sel.rangeCount > 0 && !!editor.current?.contains(sel.anchorNode);
  }

  function refreshActive() {
    if (!selectionInside()) return;
    const next = new Set<string>();
    for (const t of tools) {
      if (t === "link" || t === "removeFormat") continue;
      try {
        if (document.queryCommandState(t)) next.add(t);
      } catch {
        /* unsupported command */
      }
    }
    setActive(next);
  }

  useEffect(() => {
    const onSelection = () => refreshActive();
    document.addEventListener("selectionchange", onSelection);
    return () => document.removeEventListener("selectionchange", onSelection);
  });

  function prepare() {
    // Tags rather than inline styles; paragraphs rather than <div>s on Enter.
    try {
      document.execCommand("styleWithCSS", false, "false");
      document.execCommand("defaultParagraphSeparator", false, "p");
    } catch {
      /* older engines */
    }
  }

  function run(command: Tool["command"]) {
    const el = editor.current;
    if (!el) return;
    if (command === "link") {
      openLinkBar();
      return;
    }
    if (!selectionInside()) el.focus();
    prepare();
    document.execCommand(command, false);
    sync();
    refreshActive();
  }

  function openLinkBar() {
    const sel = document.getSelection();
    savedRange.current = sel && sel.rangeCount && editor.current?.contains(sel.anchorNode) ? sel.getRangeAt(0).cloneRange() : null;
    const anchor = sel?.anchorNode?.parentElement?.closest("a");
    setLinkBar({ open: true, url: anchor?.getAttribute("href") ?? "", error: "" });
  }

  function restoreSelection() {
    const el = editor.current;
    if (!el) return;
    el.focus();
    const range = savedRange.current;
    if (range) {
      const sel = document.getSelection();
      sel?.removeAllRanges();
      sel?.addRange(range);
    }
  }

  function applyLink(remove = false) {
    restoreSelection();
    prepare();
    if (remove) {
      document.execCommand("unlink", false);
    } else {
      const url = safeLink(linkBar.url);
      if (!url) {
        setLinkBar((b) => ({ ...b, error: "Enter a web address starting with https:// or http://." }));
        return;
      }
      const sel = document.getSelection();
      if (!sel || sel.isCollapsed) {
        // Nothing selected: insert the address itself as the link text.
        document.execCommand("insertHTML", false, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
      } else {
        document.execCommand("createLink", false, url);
        sel.collapseToEnd();
      }
    }
    setLinkBar({ open: false, url: "", error: "" });
    sync();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const mod = event.ctrlKey || event.metaKey;
    if (variant === "title" && event.key === "Enter") event.preventDefault(); // a title is one line
    // Browser shortcuts for formatting the sanitiser drops (underline; bold in a title).
    const key = event.key.toLowerCase();
    if (mod && (key === "u" || (key === "b" && !tools.includes("bold")))) event.preventDefault();
    if (mod && event.key.toLowerCase() === "k" && tools.includes("link")) {
      event.preventDefault();
      openLinkBar();
    }
  }

  const labelId = `${id}-label`;
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  return (
    <div ref={wrapper} className={`field rte rte-${variant}${error ? " has-error" : ""}`}>
      <span className="field-label" id={labelId} onClick={() => editor.current?.focus()}>
        {label}
        {required ? (
          <span className="req" aria-hidden="true">
            *
          </span>
        ) : null}
      </span>
      <div className="rte-box">
        <div className="rte-toolbar" role="toolbar" aria-label={`Formatting of ${typeof label === "string" ? label : name}`} aria-controls={id}>
          {tools.map((command) => {
            const tool = TOOLS[command];
            const isToggle = command !== "link" && command !== "removeFormat";
            return (
              <button
                key={command}
                type="button"
                className={`rte-tool${active.has(command) ? " is-active" : ""}`}
                aria-pressed={isToggle ? active.has(command) : undefined}
                aria-label={tool.label}
                title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
                onMouseDown={(e) => e.preventDefault() /* keep the selection in the text */}
                onClick={() => run(command)}
              >
                {tool.icon}
              </button>
            );
          })}
        </div>
        {linkBar.open ? (
          <div className="rte-linkbar">
            <label htmlFor={`${id}-link`} className="visually-hidden">
              Link address
            </label>
            <input
              id={`${id}-link`}
              type="text"
              inputMode="url"
              placeholder="https://example.org/page"
              value={linkBar.url}
              autoFocus
              onChange={(e) => setLinkBar({ open: true, url: e.target.value, error: "" })}
              onKeyDown={(e) => {
                if (e.key === "Enter") {
                  e.preventDefault();
                  applyLink();
                }
                if (e.key === "Escape") {
                  e.preventDefault();
                  setLinkBar({ open: false, url: "", error: "" });
                  restoreSelection();
                }
              }}
              aria-invalid={linkBar.error ? true : undefined}
            />
            <button type="button" className="btn btn-small" onClick={() => applyLink()}>
              Apply
            </button>
            <button type="button" className="btn btn-small btn-ghost" onClick={() => applyLink(true)}>
              Remove link
            </button>
            <button
              type="button"
              className="btn btn-small btn-ghost"
              onClick={() => {
                setLinkBar({ open: false, url: "", error: "" });
                restoreSelection();
              }}
            >
              Cancel
            </button>
            {linkBar.error ? <p className="field-error rte-link-error">{linkBar.error}</p> : null}
          </div>
        ) : null}
        <div
          ref={editor}
          id={id}
          className={`rte-area${empty ? " is-empty" : ""}`}
          contentEditable
          suppressContentEditableWarning
          role="textbox"
          tabIndex={0}
          spellCheck
          aria-multiline={variant === "rich"}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          data-placeholder={placeholder}
          dangerouslySetInnerHTML={{ __html: initial }}
          onFocus={prepare}
          onInput={sync}
          onKeyDown={onKeyDown}
          onKeyUp={refreshActive}
          onMouseUp={refreshActive}
          onBlur={(event) => {
            // Leaving the editor (not for its own toolbar or link bar): if the browser left markup
            // the allowlist drops (styled spans, divs), show exactly what will be saved.
            const el = editor.current;
            if (el && !wrapper.current?.contains(event.relatedTarget as Node | null) && hasForeignMarkup(el, profile.tags)) {
              el.innerHTML = html;
            }
            onBlur?.();
          }}
          onPaste={(event) => {
            event.preventDefault();
            const pastedHtml = event.clipboardData.getData("text/html");
            const text = event.clipboardData.getData("text/plain");
            prepare();
            if (pastedHtml) {
              let clean = purifyHtml(pastedHtml, profile);
              if (variant === "title") clean = clean.replace(/\s+/g, " ");
              document.execCommand("insertHTML", false, clean);
            } else {
              document.execCommand("insertText", false, variant === "title" ? text.replace(/\s+/g, " ") : text);
            }
            sync();
          }}
          onDrop={(event) => event.preventDefault()}
        />
      </div>
      <input type="hidden" name={name} value={html} />
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {footer}
      <FieldError id={id} error={error} />
    </div>
  );
}
