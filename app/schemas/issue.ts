import { str, type Input, type Validation } from "./common";
import { FREQUENCIES } from "./frequency";
import { FIELD_MESSAGES, RECORD_MESSAGES } from "./messages";
import { forbiddenCharacterErrors } from "./text";

export interface IssueValues {
  year: number;
  volume: number;
  issue: number;
  frequency: string;
}

function wholeNumber(value: string): number | null {
  if (!/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

/**
 * Add issue (spec §5): volume, issue (numbers ≥ 0) and frequency required; year = the current
 * year on the journal's calendar (`currentYear`, see app/lib/dates.ts).
 */
export function validateIssue(input: Input, currentYear: number): Validation<IssueValues> {
  const fields: Record<string, string> = {};
  const volumeText = str(input, "volume", 8);
  const issueText = str(input, "issue", 8);
  const frequency = str(input, "frequency", 32);
  const yearText = str(input, "year", 8);

  const volume = wholeNumber(volumeText);
  const issue = wholeNumber(issueText);
  if (!volumeText) fields.volume = FIELD_MESSAGES.required;
  else if (volume === null) fields.volume = FIELD_MESSAGES.volumeNumber;
  if (!issueText) fields.issue = FIELD_MESSAGES.required;
  else if (issue === null) fields.issue = FIELD_MESSAGES.issueNumber;
  if (!frequency) fields.frequency = FIELD_MESSAGES.required;
  else if (!FREQUENCIES.includes(frequency)) fields.frequency = FIELD_MESSAGES.chooseFrequency;
  if (yearText && Number(yearText) !== currentYear) fields.year = `The year is the current year (${currentYear})`;
  Object.assign(fields, forbiddenCharacterErrors(input, ["volume", "issue", "frequency", "year"]));
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { year: currentYear, volume: volume!, issue: issue!, frequency } };
}

/**
 * Edit an issue (a correction): year, volume, issue and frequency as on add, except that the year
 * may be corrected to any year from 1900 up to next year.
 */
export function validateIssueEdit(input: Input, currentYear: number): Validation<IssueValues> {
  const yearText = str(input, "year", 8);
  const base = validateIssue({ ...input, year: "" }, currentYear);
  const fields: Record<string, string> = base.ok ? {} : { ...base.fields };
  const year = /^\d{4}$/.test(yearText) ? Number(yearText) : null;
  if (!yearText) fields.year = FIELD_MESSAGES.required;
  else if (year === null || year < 1900 || year > currentYear + 1) fields.year = RECORD_MESSAGES.issueYear;
  if (!base.ok || Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: { ...base.value, year: year! } };
}
