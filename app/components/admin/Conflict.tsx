import { useEffect, useRef, useState } from "react";
import { RECORD_MESSAGES } from "../../schemas/messages";
import { EntryChanges, EntryLine } from "./History";
import type { EntryView } from "./history-view";

/**
 * A save refused because someone else saved the same record meanwhile (ADR 020): the version to
 * save on top of now, the stored values of the form's fields, what the others changed, and the
 * fields both sides changed. Each answer has its own `key`.
 */
export interface Conflict<T extends Record<string, string> = Record<string, string>> {
  key: string;
  version: number;
  values: T;
  /** What the person typed in the fields they changed (as sent). */
  typed: Record<string, string>;
  changes: EntryView[];
  /** Fields this person and someone else both changed (their value is in `values`). */
  fields: string[];
}

/** The hidden fields every versioned admin form sends: its version, and which fields the person changed. */
export function VersionFields({ version, changed }: { version: number | undefined; changed: readonly string[] }) {
  if (version === undefined) return null;
  return (
    <>
      <input type="hidden" name="version" value={version} />
      <input type="hidden" name="_changed" value={changed.join(",")} />
    </>
  );
}

/**
 * A form's values with a version: what the person typed, the values it started from (the
 * baseline: what is stored, as far as this page knows) and the version to send. A conflict
 * moves the baseline and the version to what is stored now; fields the person did not touch
 * take the stored values, typed ones stay. `remount` changes then, for inputs that only read
 * their value once (the rich-text editors).
 */
export function useVersionedValues<T extends Record<string, string>>(
  initial: T,
  version: number | undefined,
  conflict: Conflict<T> | null | undefined,
  /** What is stored, when `initial` is something else (a draft brought back after a sign-in). */
  stored: T = initial,
) {
  const [values, setValues] = useState<T>(initial);
  const [baseline, setBaseline] = useState<T>(stored);
  const [current, setCurrent] = useState(version);
  const [remount, setRemount] = useState(0);
  const base = useRef(stored);
  useEffect(() => {
    if (!conflict) return;
    const before = base.current;
    setValues((typed) => {
      const next = { ...typed };
      for (const key of Object.keys(conflict.values) as (keyof T)[]) if (typed[key] === before[key]) next[key] = conflict.values[key];
      return next;
    });
    base.current = conflict.values;
    setBaseline(conflict.values);
    setCurrent(conflict.version);
    setRemount((n) => n + 1);
  }, [conflict?.key]); // eslint-disable-line react-hooks/exhaustive-deps
  const changed = (Object.keys(values) as (keyof T & string)[]).filter((key) => values[key] !== baseline[key]);
  // What was last sent: once the server says it is saved, those values are not "unsaved" any
  // more, even before the page's reloaded data restarts the form.
  const sent = useRef<T | null>(null);
  const markSent = () => {
    sent.current = values;
  };
  const unsaved = (saved: boolean) => changed.length > 0 && !(saved && sent.current !== null && Object.keys(values).every((k) => values[k] === sent.current![k]));
  return { values, setValues, baseline, version: current, changed, remount, markSent, unsaved };
}

/**
 * What the others changed (who, when, which fields, before → after) beside what this person
 * typed in the fields both changed. Shown above the form, which keeps everything typed.
 */
export function ConflictPanel({
  conflict,
  typed,
  labels,
  show,
}: {
  conflict: Conflict | null | undefined;
  /** This person's current values, by field. */
  typed: Record<string, string>;
  labels: Record<string, string>;
  /** How a value reads (HTML as text…). */
  show?: (field: string, value: string) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (conflict) ref.current?.focus();
  }, [conflict?.key]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!conflict) return null;
  const text = (field: string, value: string | undefined) => (value === undefined || value === "" ? "(empty)" : show ? show(field, value) : value);
  return (
    <div className="conflict-panel" role="alert" tabIndex={-1} ref={ref} aria-labelledby={`conflict-${conflict.key}`}>
      <h2 id={`conflict-${conflict.key}`} className="conflict-title">
        {RECORD_MESSAGES.conflictTitle}
      </h2>
      <p>{RECORD_MESSAGES.conflictBody}</p>
      {conflict.changes.length ? (
        <ol className="history-list conflict-changes">
          {conflict.changes.map((e) => (
            <li key={e.seq}>
              <EntryLine entry={e} />
              <EntryChanges changes={e.changes} />
            </li>
          ))}
        </ol>
      ) : null}
      {conflict.fields.length ? (
        <div className="conflict-both">
          <table className="conflict-table">
            <caption>Changed on both sides</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">{RECORD_MESSAGES.conflictTheirs}</th>
                <th scope="col">{RECORD_MESSAGES.conflictYours}</th>
              </tr>
            </thead>
            <tbody>
              {conflict.fields.map((f) => (
                <tr key={f}>
                  <th scope="row">{labels[f] ?? f}</th>
                  <td>{text(f, conflict.values[f])}</td>
                  <td>{text(f, conflict.typed[f] ?? typed[f])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="conflict-next">{RECORD_MESSAGES.conflictSaveAgain}</p>
    </div>
  );
}

/** What the add/edit form of a versioned record takes besides its own extras (ADR 020). */
export interface RecordFormProps<V extends Record<string, string>> {
  mode: "add" | "edit";
  initial: V;
  serverErrors?: Record<string, string>;
  busy: boolean;
  /** Edit: the version the form was loaded with. */
  version?: number;
  /** Edit: a save refused because someone else saved meanwhile. */
  conflict?: Conflict<V> | null;
  /** Edit: the stored values, when `initial` holds a draft brought back after a sign-in or what was typed before a refused save. */
  stored?: V;
}
