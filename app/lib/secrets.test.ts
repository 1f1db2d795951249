import { describe, expect, it } from "vitest";
import { MissingSecretError, signingSecret } from "./secrets";

describe("signing secrets", () => {
  it("accepts 32 characters or more that are not the example placeholder", () => {
    const good = "0123456789abcdef0123456789abcdef";
    expect(signingSecret(good)).toBe(good);
    for (const bad of [undefined, "", "x".repeat(31), "replace-with-at-least-32-random-characters", "REPLACE-WITH-something-long-enough-to-pass"]) {
      expect(() => signingSecret(bad), String(bad)).toThrow(MissingSecretError);
    }
  });
});
