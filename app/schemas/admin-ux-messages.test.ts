import { describe, expect, it } from "vitest";
import { ADMIN_UX_MESSAGES } from "./messages";

describe("admin form summary", () => {
  it("says 'it is' for one field and 'they are' for several", () => {
    expect(ADMIN_UX_MESSAGES.fieldsNeedAttention(1)).toBe("One field needs attention — it is highlighted in red below.");
    expect(ADMIN_UX_MESSAGES.fieldsNeedAttention(3)).toBe("3 fields need attention — they are highlighted in red below.");
  });
});
