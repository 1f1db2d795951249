/** A flash message of the admin shell (spec §4): success (green), error (red) or normal (neutral). */
type FlashKind = "success" | "error" | "normal";

export interface Flash {
  kind: FlashKind;
  msg: string;
  /** A second, smaller line with specifics. */
  detail?: string;
  /** Distinguishes two equal messages in a row, so each one opens the dialog. */
  id?: string;
}

export function flash(kind: FlashKind, msg: string, detail?: string): Flash {
  return detail ? { kind, msg, detail } : { kind, msg };
}
