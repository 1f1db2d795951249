import { useEffect, useMemo, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent } from "react";
import { bylineOf, parseAuthors, serialiseAuthors, type ArticleAuthor, type AuthorAffiliation } from "../../lib/authors";
import { normaliseAuthorName, splitAuthors } from "../../lib/names";
import { splitPersonalName } from "../../lib/person-names";
import { describe, Field, FieldError } from "./Field";

/**
 * The article form's authors: the byline typed or pasted as a comma list (the spec's
 * "authorname", as quick as before: each comma starts the next author), and below it one row per
 * author — ORCID iD, affiliations (institution, ROR ID, country), e-mail, corresponding author,
 * and the given and family names the citations use — with add, remove and reorder by buttons,
 * Alt+↑/↓ and dragging. What is sent is the list (`authors`, JSON); the server makes the comma
 * string from it.
 */

interface Row extends ArticleAuthor {
  /** Stable React key. */
  key: number;
  /** Given and family names follow the printed name until staff edit them. */
  auto: boolean;
  open: boolean;
}

let nextKey = 1;

function rowOf(a: ArticleAuthor, open = false): Row {
  const split = splitPersonalName(a.name);
  const auto = (!a.given && !a.family) || (a.given === split.given && a.family === split.family);
  return { ...a, key: nextKey++, auto, open };
}

function renamed(row: Row, name: string): Row {
  return row.auto ? { ...row, name, ...splitPersonalName(name) } : { ...row, name };
}

const sameName = (a: string, b: string) => normaliseAuthorName(a).toLocaleLowerCase() === normaliseAuthorName(b).toLocaleLowerCase();

/**
 * The rows for a newly typed comma list: a name already in the list keeps its row (and details,
 * wherever it moved); a name typed over one — same place, same number of authors — is that row
 * renamed; any other name is a new row.
 */
function rowsFromList(text: string, rows: Row[]): Row[] {
  const names = splitAuthors(text);
  const used = new Set<number>();
  const found = names.map((name) => {
    const match = rows.find((r) => !used.has(r.key) && sameName(r.name, name));
    if (match) used.add(match.key);
    return match;
  });
  return names.map((name, i) => {
    const match = found[i];
    if (match) return renamed(match, name);
    const same = names.length === rows.length ? rows[i] : undefined;
    if (same && !used.has(same.key)) {
      used.add(same.key);
      return renamed(same, name);
    }
    return rowOf({ name, given: "", family: "", orcid: "", affiliations: [], email: "", corresponding: false });
  });
}

const authorsOfRows = (rows: Row[]): ArticleAuthor[] =>
  rows.map(({ name, given, family, orcid, affiliations, email, corresponding }) => ({ name, given, family, orcid, affiliations, email, corresponding }));

/** The element id of a field of the editor, for focus and error messages: `authors[1].orcid` → `author-1-orcid`. */
export function authorFieldId(key: string): string {
  if (key === "authors") return "authorname";
  const m = /^authors\[(\d+)\]\.(\w+)(?:\[(\d+)\]\.(\w+))?$/.exec(key);
  if (!m) return key;
  if (m[2] === "name") return "authorname";
  return m[3] !== undefined ? `author-${m[1]}-aff-${m[3]}-${m[4]}` : `author-${m[1]}-${m[2]}`;
}

const DETAIL_FIELDS = /^authors\[(\d+)\]\.(?!name)/;

export function AuthorsEditor({
  initial,
  onChange,
  errorOf,
  onBlurField,
}: {
  /** The stored list as JSON ('[]' for a new article). */
  initial: string;
  /** The list as JSON, on every change. */
  onChange: (json: string) => void;
  /** The message to show now for a key (`authorname`, `authors[0].orcid`…), if any. */
  errorOf: (key: string) => string | undefined;
  /** A field of the editor was left (its messages may show from now on). */
  onBlurField: (key: string) => void;
}) {
  const [rows, setRows] = useState<Row[]>(() => parseAuthors(initial).map((a) => rowOf(a)));
  const [text, setText] = useState(() => bylineOf(parseAuthors(initial)));
  const [announce, setAnnounce] = useState("");
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  const listInput = useRef<HTMLInputElement>(null);
  const json = useMemo(() => serialiseAuthors(authorsOfRows(rows)), [rows]);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    onChange(json);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [json]);

  /** Changes the rows; the comma list follows them. */
  function update(next: Row[]) {
    setRows(next);
    setText(bylineOf(next));
  }

  function onList(e: ChangeEvent<HTMLInputElement>) {
    const value = e.target.value.replace(/\s*[;\n]\s*/g, ", ");
    setText(value);
    setRows((old) => rowsFromList(value, old));
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = [...rows];
    const [row] = next.splice(from, 1);
    next.splice(to, 0, row);
    update(next);
    setAnnounce(`${row.name} moved to position ${to + 1} of ${next.length}.`);
  }

  function remove(i: number) {
    const row = rows[i];
    update(rows.filter((_, k) => k !== i));
    setAnnounce(`${row.name} removed.`);
    requestAnimationFrame(() => listInput.current?.focus());
  }

  function patch(i: number, change: Partial<Row>) {
    update(rows.map((r, k) => (k === i ? { ...r, ...change } : r)));
  }

  function patchAffiliation(i: number, k: number, change: Partial<AuthorAffiliation>) {
    patch(i, { affiliations: rows[i].affiliations.map((f, n) => (n === k ? { ...f, ...change } : f)) });
  }

  function addAuthor() {
    const value = text.trim() ? `${text.replace(/[,\s]+$/, "")}, ` : "";
    setText(value);
    requestAnimationFrame(() => {
      const input = listInput.current;
      if (!input) return;
      input.focus();
      input.setSelectionRange(value.length, value.length);
    });
  }

  function onRowKey(i: number) {
    return (e: KeyboardEvent<HTMLElement>) => {
      if (!e.altKey || (e.key !== "ArrowUp" && e.key !== "ArrowDown")) return;
      e.preventDefault();
      const to = e.key === "ArrowUp" ? i - 1 : i + 1;
      move(i, to);
      const target = (e.target as HTMLElement).dataset.focusKey;
      if (target) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-focus-key="${target.replace(/-\d+$/, `-${to}`)}"]`)?.focus());
    };
  }

  function onDrop(e: DragEvent, to: number) {
    e.preventDefault();
    if (dragFrom !== null) move(dragFrom, dragFrom < to ? to - 1 : to);
    setDragFrom(null);
    setDropAt(null);
  }

  const listError = errorOf("authorname");
  const blur = (key: string) => () => onBlurField(key);
  return (
    <div className={`field authors-editor${listError ? " has-error" : ""}`}>
      <label className="field-label" htmlFor="authorname" id="authorname-label">
        Authors
        <span className="req" aria-hidden="true">
          *
        </span>
      </label>
      <input
        ref={listInput}
        id="authorname"
        value={text}
        onChange={onList}
        onBlur={blur("authorname")}
        autoComplete="off"
        maxLength={4000}
        aria-invalid={listError ? true : undefined}
        aria-describedby={`authorname-hint${listError ? " authorname-error" : ""}`}
      />
      <p className="field-hint" id="authorname-hint">
        Names as printed, separated by a comma and a space, e.g. Dr. Anjali Sharma, Rahul Verma — or paste the byline. Each name gets a row
        below for its ORCID iD, affiliations and e-mail; reorder with the arrows, Alt+↑/↓ or by dragging.
      </p>
      <FieldError id="authorname" error={listError} />
      <input type="hidden" name="authors" value={json} />
      <p className="visually-hidden" aria-live="polite">
        {announce}
      </p>

      {rows.length ? (
        <ol className="author-rows" aria-label="Authors in byline order">
          {rows.map((row, i) => {
            const detailsOpen = row.open || Object.keys(detailErrors(errorOf, i, row)).length > 0;
            const at = (field: string) => `authors[${i}].${field}`;
            const id = (field: string) => `author-${i}-${field}`;
            return (
              <li
                key={row.key}
                className={`author-row${dragFrom === i ? " is-dragging" : ""}${dropAt === i ? " drop-before" : ""}`}
                draggable={dragFrom === i}
                onDragStart={(e) => {
                  e.dataTransfer.effectAllowed = "move";
                  e.dataTransfer.setData("text/plain", row.name);
                }}
                onDragEnd={() => {
                  setDragFrom(null);
                  setDropAt(null);
                }}
                onDragOver={(e) => {
                  if (dragFrom === null) return;
                  e.preventDefault();
                  const box = e.currentTarget.getBoundingClientRect();
                  setDropAt(e.clientY > box.top + box.height / 2 ? i + 1 : i);
                }}
                onDrop={(e) => onDrop(e, dropAt ?? i)}
                onKeyDown={onRowKey(i)}
              >
                <div className="author-row-head">
                  <span
                    className="drag-handle"
                    title="Drag to reorder"
                    aria-hidden="true"
                    onMouseDown={() => setDragFrom(i)}
                    onMouseUp={() => setDragFrom(null)}
                  >
                    <svg viewBox="0 0 12 20" width="10" height="18">
                      <path fill="currentColor" d="M3 3h2v2H3zm4 0h2v2H7zM3 9h2v2H3zm4 0h2v2H7zm-4 6h2v2H3zm4 0h2v2H7z" />
                    </svg>
                  </span>
                  <span className="author-pos" aria-hidden="true">
                    {i + 1}
                  </span>
                  <span className="author-row-name">
                    {row.name}
                    {row.orcid ? <span className="author-badge">ORCID</span> : null}
                    {row.affiliations.length ? (
                      <span className="author-badge">
                        {row.affiliations.length} affiliation{row.affiliations.length === 1 ? "" : "s"}
                      </span>
                    ) : null}
                  </span>
                  <label className="author-corresp">
                    <input type="checkbox" checked={row.corresponding} data-focus-key={`corresp-${i}`} onChange={(e) => patch(i, { corresponding: e.target.checked })} />
                    <span>Corresponding</span>
                  </label>
                  <div className="author-row-actions">
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      aria-expanded={detailsOpen}
                      aria-controls={id("details")}
                      data-focus-key={`details-${i}`}
                      onClick={() => patch(i, { open: !detailsOpen })}
                    >
                      Details<span className="visually-hidden"> of {row.name}</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small btn-icon"
                      disabled={i === 0}
                      aria-label={`Move ${row.name} up`}
                      data-focus-key={`up-${i}`}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small btn-icon"
                      disabled={i === rows.length - 1}
                      aria-label={`Move ${row.name} down`}
                      data-focus-key={`down-${i}`}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </button>
                    <button type="button" className="btn btn-ghost btn-small btn-icon btn-danger-ghost" aria-label={`Remove ${row.name}`} onClick={() => remove(i)}>
                      ✕
                    </button>
                  </div>
                </div>
                <FieldError id={id("name")} error={errorOf(at("name"))} />

                <div className="author-details" id={id("details")} hidden={!detailsOpen}>
                  <div className="grid-3">
                    <Field id={id("name-printed")} label="Name as printed">
                      <input
                        id={id("name-printed")}
                        value={row.name}
                        autoComplete="off"
                        onChange={(e) => update(rows.map((r, k) => (k === i ? renamed(r, e.target.value.replace(/,/g, "")) : r)))}
                      />
                    </Field>
                    <Field id={id("given")} label="Given names" error={errorOf(at("given"))}>
                      <input value={row.given} autoComplete="off" onChange={(e) => patch(i, { given: e.target.value, auto: false })} onBlur={blur(at("given"))} {...describe(id("given"), errorOf(at("given")))} />
                    </Field>
                    <Field id={id("family")} label="Family name" required error={errorOf(at("family"))}>
                      <input value={row.family} autoComplete="off" onChange={(e) => patch(i, { family: e.target.value, auto: false })} onBlur={blur(at("family"))} {...describe(id("family"), errorOf(at("family")))} />
                    </Field>
                    <Field id={id("orcid")} label="ORCID iD" error={errorOf(at("orcid"))} hint="e.g. 0000-0002-1825-0097">
                      <input
                        value={row.orcid}
                        inputMode="url"
                        autoComplete="off"
                        spellCheck={false}
                        className="input-mono"
                        placeholder="https://orcid.org/…"
                        onChange={(e) => patch(i, { orcid: e.target.value })}
                        onBlur={blur(at("orcid"))}
                        {...describe(id("orcid"), errorOf(at("orcid")), true)}
                      />
                    </Field>
                    <Field id={id("email")} label="E-mail" error={errorOf(at("email"))} hint={row.corresponding ? "Shown on the article page." : "Not shown to readers."}>
                      <input type="email" value={row.email} autoComplete="off" onChange={(e) => patch(i, { email: e.target.value })} onBlur={blur(at("email"))} {...describe(id("email"), errorOf(at("email")), true)} />
                    </Field>
                  </div>

                  <fieldset className="affiliations-editor">
                    <legend>Affiliations of {row.name}</legend>
                    <FieldError id={id("affiliations")} error={errorOf(at("affiliations"))} />
                    {row.affiliations.map((f, k) => {
                      const fid = (field: string) => `author-${i}-aff-${k}-${field}`;
                      const fat = (field: string) => `authors[${i}].affiliations[${k}].${field}`;
                      return (
                        <div key={k} className="affiliation-row">
                          <Field id={fid("name")} label={`Institution ${k + 1}`} required error={errorOf(fat("name"))}>
                            <input value={f.name} autoComplete="off" placeholder="Department, institution, city" onChange={(e) => patchAffiliation(i, k, { name: e.target.value })} onBlur={blur(fat("name"))} {...describe(fid("name"), errorOf(fat("name")))} />
                          </Field>
                          <Field id={fid("ror")} label="ROR ID" error={errorOf(fat("ror"))}>
                            <input
                              value={f.ror}
                              autoComplete="off"
                              spellCheck={false}
                              className="input-mono"
                              placeholder="https://ror.org/…"
                              onChange={(e) => patchAffiliation(i, k, { ror: e.target.value })}
                              onBlur={blur(fat("ror"))}
                              {...describe(fid("ror"), errorOf(fat("ror")))}
                            />
                          </Field>
                          <Field id={fid("country")} label="Country" error={errorOf(fat("country"))}>
                            <input value={f.country} autoComplete="off" placeholder="India" onChange={(e) => patchAffiliation(i, k, { country: e.target.value })} onBlur={blur(fat("country"))} {...describe(fid("country"), errorOf(fat("country")))} />
                          </Field>
                          <button
                            type="button"
                            className="btn btn-ghost btn-small btn-danger-ghost affiliation-remove"
                            onClick={() => patch(i, { affiliations: row.affiliations.filter((_, n) => n !== k) })}
                          >
                            Remove<span className="visually-hidden"> institution {k + 1} of {row.name}</span>
                          </button>
                        </div>
                      );
                    })}
                    <div className="affiliation-actions">
                      <button type="button" className="btn btn-secondary btn-small" onClick={() => patch(i, { affiliations: [...row.affiliations, { name: "", ror: "", country: "" }] })}>
                        Add affiliation<span className="visually-hidden"> of {row.name}</span>
                      </button>
                      {i > 0 && rows[i - 1].affiliations.length ? (
                        <button type="button" className="btn btn-ghost btn-small" onClick={() => patch(i, { affiliations: rows[i - 1].affiliations.map((f) => ({ ...f })) })}>
                          Same as {rows[i - 1].name}
                        </button>
                      ) : null}
                    </div>
                  </fieldset>
                </div>
              </li>
            );
          })}
          <li
            className={`author-drop-end${dropAt === rows.length ? " drop-before" : ""}`}
            aria-hidden="true"
            onDragOver={(e) => {
              if (dragFrom === null) return;
              e.preventDefault();
              setDropAt(rows.length);
            }}
            onDrop={(e) => onDrop(e, rows.length)}
          />
        </ol>
      ) : null}
      <button type="button" className="btn btn-secondary btn-small" onClick={addAuthor}>
        + Add author
      </button>
    </div>
  );
}

/** The messages of a row's details (any field but the name). */
function detailErrors(errorOf: (key: string) => string | undefined, i: number, row: Row): Record<string, string> {
  const keys = ["given", "family", "orcid", "email", "affiliations", ...row.affiliations.flatMap((_, k) => ["name", "ror", "country"].map((f) => `affiliations[${k}].${f}`))];
  const out: Record<string, string> = {};
  for (const k of keys) {
    const key = `authors[${i}].${k}`;
    const e = errorOf(key);
    if (e && DETAIL_FIELDS.test(key)) out[key] = e;
  }
  return out;
}

