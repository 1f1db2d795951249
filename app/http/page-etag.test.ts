import { describe, expect, it } from "vitest";
import { pageEtag } from "./page-etag.server";

describe("a rendered page's ETag", () => {
  const data = { loaderData: { root: { year: 2026 }, "routes/public/issue": { count: 3, table: null } }, actionData: null, errors: null };
  const fragments = new Map([["articles", "<table><tbody><tr><td>1<td>…</tbody></table>"]]);

  it("is weak, and the same for the same URL, status, data and static HTML", async () => {
    const tag = await pageEtag("https://j.example/archives/2025/vol1/issue2", 200, data, fragments);
    expect(tag).toMatch(/^W\/"r[0-9a-z]+"$/);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2", 200, structuredClone(data), new Map(fragments))).toBe(tag);
  });

  it("changes with any of them: the static HTML too, which the page's data does not carry", async () => {
    const tag = await pageEtag("https://j.example/archives/2025/vol1/issue2", 200, data, fragments);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue3", 200, data, fragments)).not.toBe(tag);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2?page=2", 200, data, fragments)).not.toBe(tag);
    // Parameters no page reads are not part of it (nor of the edge cache's key).
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2?utm_source=x&b=1", 200, data, fragments)).toBe(tag);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2", 404, data, fragments)).not.toBe(tag);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2", 200, { ...data, loaderData: { ...data.loaderData, root: { year: 2027 } } }, fragments)).not.toBe(tag);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2", 200, data, new Map([["articles", "<table><tbody><tr><td>1<td>…!</tbody></table>"]]))).not.toBe(tag);
    expect(await pageEtag("https://j.example/archives/2025/vol1/issue2", 200, data, new Map([["archive", "<table><tbody><tr><td>1<td>…</tbody></table>"]]))).not.toBe(tag);
  });
});
