/** Every user-facing message of spec §5 and §8, word for word, in one place. */

export const FIELD_MESSAGES = {
  required: "This field is required",
  authorTooLong: "Author name should not exceed 50 words",
  authorChars: "Author name must contain only alphabets, spaces, commas, and periods",
  refNumber: "Ref number must be a valid number",
  pageFormat: "Page number format must be like 1-6",
  /** The spec's wording, doubled 'The the' included. */
  pageAfterLast: (last: number) =>
    `The the first value of the page range should be one more than the last one. The last page was ${last}`,
  fileTooLarge: "File size exceeds the limit of 5 MB.",
} as const;

/** Server error codes (spec §8) → the text staff see. */
export const ERROR_TEXT: Record<string, string> = {
  invalid_credentials: "Invalid user and password",
  disabled: "User disabled",
  invalid_ip: "Invalid IP",
  duplicate_reference_number: "Duplicate reference number",
  duplicate_title: "Duplicate title",
  duplicate_txnid: "Transaction ID Already Used",
  invalid_txnid: "Invalid transaction id",
  invalid_pagenumber: "Invalid page number",
  unauthorized: "Session expired. Please login again.",
};

export const SOMETHING_WENT_WRONG = "Something went wrong";

/**
 * Spec §8 maps every other login failure to 'Something went wrong'; these say why underneath,
 * so staff know whether to wait or to call someone.
 */
export const LOGIN_DETAIL: Record<string, string> = {
  too_many_attempts: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
  server_error: "The sign-in service did not answer. Please try again in a minute.",
};
export const SESSION_EXPIRED = "Session expired. Please login again.";

export const SUCCESS = {
  issueCreated: "Issue created successfully",
  editorCreated: "Editor created successfully",
  editorUpdated: "Editor updated successfully",
  settingsUpdated: "Settings updated successfully",
  listSorted: "List Sorted!",
} as const;

export function errorText(code: string | undefined | null): string {
  return (code && ERROR_TEXT[code]) || SOMETHING_WENT_WRONG;
}
