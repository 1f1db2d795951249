import { cleanField } from "./html-fields";
import { isWebAddress, str, type Input, type Validation } from "./common";
import { FIELD_MESSAGES } from "./messages";
import { forbiddenCharacterErrors } from "./text";

export const EDITOR_CATEGORY_OPTIONS = [
  { value: "chief editor", label: "Editor-in-Chief" },
  { value: "associate editor", label: "Associate Editor" },
  { value: "assistant editor", label: "Assistant Editor" },
] as const;

/** How a board member's category is printed (certificates, /verify): its option's label. */
export function roleLabel(category: string): string {
  return EDITOR_CATEGORY_OPTIONS.find((o) => o.value === category)?.label ?? "Member of the Editorial Board";
}

export const EDITOR_POSTS = ["Professor", "Associate Professor", "Assistant Professor", "Scientist", "Head", "Lecturer"] as const;

export interface EditorValues {
  category: string;
  post: string;
  name: string;
  degree: string;
  content: string;
  email: string;
  phone: string;
  country: string;
  editor_website: string;
  status: "enabled" | "disabled";
}

/** Editor add/edit (spec §5): category, post, name and content required; e-mail/phone free text. */
export function validateEditor(input: Input): Validation<EditorValues> {
  const fields: Record<string, string> = {};
  const website = str(input, "editor_website", 500);
  const v: EditorValues = {
    category: str(input, "category", 32),
    post: cleanField("editors", "post", str(input, "post", 500)),
    name: cleanField("editors", "name", str(input, "name", 200)),
    degree: str(input, "degree", 200),
    content: cleanField("editors", "content", str(input, "content", 2000)),
    email: str(input, "email", 320),
    phone: str(input, "phone", 64),
    country: str(input, "country", 128),
    editor_website: website,
    status: (str(input, "status", 16) || "enabled") as "enabled" | "disabled",
  };
  for (const key of ["category", "post", "name", "content"] as const) if (!v[key]) fields[key] = FIELD_MESSAGES.required;
  if (v.category && !EDITOR_CATEGORY_OPTIONS.some((c) => c.value === v.category)) fields.category = FIELD_MESSAGES.chooseCategory;
  if (website && !isWebAddress(website)) fields.editor_website = FIELD_MESSAGES.webAddress;
  if (v.status !== "enabled" && v.status !== "disabled") fields.status = FIELD_MESSAGES.chooseStatus;
  Object.assign(fields, forbiddenCharacterErrors(input, Object.keys(v)));
  if (Object.keys(fields).length) return { ok: false, fields };
  return { ok: true, value: v };
}

/** Editor pictures: the upload check's limits (app/storage/uploads.server.ts), for instant feedback in forms. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
export const PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
