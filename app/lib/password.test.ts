import { describe, expect, it } from "vitest";
import { hashParameters, hashPassword, PBKDF2_ITERATIONS, verifyPassword } from "./password.server";

describe("password hashing", () => {
  it("stays within the Workers runtime's PBKDF2 cap of 100,000 iterations", async () => {
    // Production Workers refuse more than 100,000 iterations; local workerd does not, so guard it here.
    expect(PBKDF2_ITERATIONS).toBeLessThanOrEqual(100_000);
    const stored = await hashPassword("s3cret!");
    expect(hashParameters(stored)).toEqual({ algorithm: "pbkdf2-sha256", iterations: PBKDF2_ITERATIONS });
    await expect(hashPassword("x", 100_001)).rejects.toThrow(/Workers limit/);
  });

  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(await verifyPassword("correct horse", "garbage")).toBe(false);
    // Two hashes of one password differ (random salt).
    expect(await hashPassword("correct horse")).not.toBe(stored);
  });
});
