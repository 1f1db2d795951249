import { describe, expect, it } from "vitest";
import { parseIssueQuery } from "./issue-query";
import { pageParam, pageWindow } from "./paging";

describe("pageWindow", () => {
  it("numbers the first, last and neighbouring pages with gaps", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 40)).toEqual([1, null, 4, 5, 6, null, 40]);
    expect(pageWindow(3, 40)).toEqual([1, 2, 3, 4, null, 40]);
    expect(pageWindow(40, 40)).toEqual([1, null, 39, 40]);
  });
  it("reads page parameters safely", () => {
    expect(pageParam("3")).toBe(3);
    expect(pageParam("-1")).toBe(1);
    expect(pageParam("abc")).toBe(1);
    expect(pageParam("1e9")).toBe(10_000);
  });
});

describe("parseIssueQuery", () => {
  it("reads years, volumes and issues the way staff type them", () => {
    expect(parseIssueQuery("2025")).toEqual({ year: 2025 });
    expect(parseIssueQuery("vol 4 issue 2")).toEqual({ volume: 4, issue: 2 });
    expect(parseIssueQuery("volume 4 issue 2")).toEqual({ volume: 4, issue: 2 });
    expect(parseIssueQuery("Vol. 4, Issue 2 (2025)")).toEqual({ volume: 4, issue: 2, year: 2025 });
    expect(parseIssueQuery("v4 i2")).toEqual({ volume: 4, issue: 2 });
    expect(parseIssueQuery("2025 vol 4")).toEqual({ year: 2025, volume: 4 });
  });
  it("leaves other text to the article search", () => {
    expect(parseIssueQuery("drought tolerance")).toBeNull();
    expect(parseIssueQuery("240517")).toBeNull();
    expect(parseIssueQuery("volume of rice 2025")).toBeNull();
    expect(parseIssueQuery("")).toBeNull();
  });
});
