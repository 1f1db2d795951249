import { describe, expect, it } from "vitest";
import { validateIssue } from "../schemas/issue";
import { validateSettings } from "../schemas/settings";
import { isTimeZone, journalToday, journalYear } from "./dates";

describe("the journal's calendar", () => {
  it("is a day ahead of UTC in India before 05:30 IST", () => {
    const lateUtcEvening = new Date("2026-11-22T20:00:00Z"); // 01:30 on the 23rd in New Delhi
    expect(journalToday("Asia/Kolkata", lateUtcEvening)).toBe("2026-11-23");
    expect(journalToday("UTC", lateUtcEvening)).toBe("2026-11-22");
  });

  it("gives a new issue next year's number on New Year's morning in India", () => {
    const newYear = new Date("2026-12-31T20:00:00Z");
    expect(journalYear("Asia/Kolkata", newYear)).toBe(2027);
    const result = validateIssue({ volume: "5", issue: "1", frequency: "January", year: "2027" }, journalYear("Asia/Kolkata", newYear));
    expect(result.ok && result.value.year).toBe(2027);
    expect(validateIssue({ volume: "5", issue: "1", frequency: "January", year: "2026" }, 2027)).toEqual({
      ok: false,
      fields: { year: "The year is the current year (2027)" },
    });
  });

  it("falls back to UTC for an unknown zone, and the settings form refuses one", () => {
    expect(isTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(journalToday("Mars/Olympus_Mons", new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-22");
    expect(validateSettings({ timezone: "Mars/Olympus_Mons" })).toEqual({
      ok: false,
      fields: { timezone: "Choose a time zone from the list, e.g. Asia/Kolkata" },
    });
    expect(validateSettings({ timezone: "Asia/Kolkata" }).ok).toBe(true);
  });
});
