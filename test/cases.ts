import { expect } from "vitest";

/**
 * A table test: each row is an input and what `fn` must answer for it, asserted one by one and
 * named by the input, so a failure says which row.
 */
export function expectCases<I, O>(fn: (input: I) => O, cases: readonly (readonly [I, O])[]): void {
  for (const [input, expected] of cases) expect(fn(input), String(input)).toEqual(expected);
}
