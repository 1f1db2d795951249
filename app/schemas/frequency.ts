/** Publication frequency options (spec §9). */
import { MONTHS } from "../lib/dates.ts";

export const MONTHS_SHORT = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

export const FREQUENCY_GROUPS: { label: string; options: string[] }[] = [
  { label: "Monthly", options: [...MONTHS] },
  { label: "Bi-monthly", options: ["Jan-Feb", "Mar-Apr", "May-Jun", "Jul-Aug", "Sep-Oct", "Nov-Dec"] },
  { label: "Quarterly", options: ["Jan-Mar", "Apr-Jun", "Jul-Sep", "Oct-Dec"] },
  { label: "Triannual", options: ["Jan-Apr", "May-Aug", "Sep-Dec"] },
  { label: "Half-yearly", options: ["Jan-Jun", "Jul-Dec"] },
  { label: "Yearly", options: ["Jan-Dec"] },
];

export const FREQUENCIES: string[] = FREQUENCY_GROUPS.flatMap((g) => g.options);

/** The edit form's three-letter month names (spec §9) next to the ranges. */
export const EDIT_FREQUENCIES: string[] = [...MONTHS_SHORT, ...FREQUENCY_GROUPS.slice(1).flatMap((g) => g.options)];

export function isFrequency(value: string): boolean {
  return FREQUENCIES.includes(value) || EDIT_FREQUENCIES.includes(value);
}
