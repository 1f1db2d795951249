import { isWebAddress, str, type Input, type Validation } from "./common";
import { FIELD_MESSAGES, PARTNER_MESSAGES } from "./messages";

/** An indexing partner's fields (spec §3: title, link, image, sortnumber, status). */
export interface PartnerValues {
  title: string;
  link: string;
  sortnumber: number;
  status: "enabled" | "disabled";
}

export const MAX_PARTNER_TITLE = 200;

/**
 * Add (every field) or edit (`partial`: only the fields sent are checked and returned, so a
 * client that sends `{status}` alone changes nothing else). The title is required; the link is
 * empty (the logo is then not a link) or an http(s) address; the position a whole number ≥ 0.
 */
export function validatePartner(input: Input, partial = false): Validation<Partial<PartnerValues>> {
  const fields: Record<string, string> = {};
  const out: Partial<PartnerValues> = {};
  const has = (k: string) => !partial || k in input;
  if (has("title")) {
    const title = str(input, "title", MAX_PARTNER_TITLE + 1).replace(/\s+/g, " ");
    if (!title || title.length > MAX_PARTNER_TITLE || /[<>]/.test(title)) fields.title = PARTNER_MESSAGES.title;
    else out.title = title;
  }
  if (has("link")) {
    const link = str(input, "link", 501);
    if (link && (link.length > 500 || !isWebAddress(link))) fields.link = FIELD_MESSAGES.webAddress;
    else out.link = link;
  }
  if ("sortnumber" in input && str(input, "sortnumber") !== "") {
    const raw = str(input, "sortnumber", 12);
    if (!/^\d{1,9}$/.test(raw)) fields.sortnumber = PARTNER_MESSAGES.sortnumber;
    else out.sortnumber = Number(raw);
  }
  if (has("status")) {
    const status = str(input, "status", 16) || (partial ? "" : "enabled");
    if (status !== "enabled" && status !== "disabled") fields.status = FIELD_MESSAGES.chooseStatus;
    else out.status = status;
  }
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: out };
}
