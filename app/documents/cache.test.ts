import { describe, expect, it } from "vitest";
import { GenerationalCache } from "./fonts.server";

describe("the shaping memo", () => {
  it("keeps what is in use when it fills, instead of forgetting everything", () => {
    const cache = new GenerationalCache<number>(3);
    for (const k of ["a", "b", "c"]) cache.set(k, k.charCodeAt(0));
    cache.set("d", 100); // a, b, c become the old generation
    expect(cache.get("a")).toBe(97); // found, and moved back to the current generation
    for (const k of ["e", "f"]) cache.set(k, 1); // current (d, a, e) fills; f starts a new one
    expect(cache.get("a")).toBe(97); // still there: it was used
    expect(cache.get("b")).toBeUndefined(); // unused twice over: gone
    expect(cache.entries).toBeLessThanOrEqual(6);
  });
});
