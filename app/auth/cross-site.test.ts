import { describe, expect, it } from "vitest";
import { isCrossSiteWrite } from "./cross-site";

const post = (headers: Record<string, string>, method = "POST") =>
  new Request("https://journal.example/admin/settings", { method, headers: { host: "journal.example", ...headers } });

describe("isCrossSiteWrite", () => {
  it("refuses cookie-authenticated writes another site sends", () => {
    const hostile: Record<string, string>[] = [
      { "sec-fetch-site": "cross-site" },
      { "sec-fetch-site": "same-site" },
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: "not a url" },
      { origin: "https://journal.example.evil.example" },
    ];
    for (const headers of hostile) {
      expect(isCrossSiteWrite(post(headers)), JSON.stringify(headers)).toBe(true);
      expect(isCrossSiteWrite(post(headers, "DELETE")), JSON.stringify(headers)).toBe(true);
    }
  });

  it("lets this site's own forms, non-browsers, reads and bearer-token calls through", () => {
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "same-origin" }))).toBe(false);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "none" }))).toBe(false);
    expect(isCrossSiteWrite(post({ origin: "https://JOURNAL.example" }))).toBe(false);
    expect(isCrossSiteWrite(post({}))).toBe(false);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "cross-site" }, "GET"))).toBe(false);
    expect(isCrossSiteWrite(post({ "sec-fetch-site": "cross-site", authorization: "Bearer abc.def.ghi" }))).toBe(false);
  });
});
