import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { makeJournal } from "../factories";
import { count, getPage, textOf } from "./public-helpers";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/**
 * A journal with `n` monthly issues (newest: December 2025, then one a month going back), each
 * holding one enabled article: two statements, however large n is.
 */
async function journalWithIssues(n: number) {
  const j = await makeJournal({ settings: { websitename: `Archive Size ${n}` } });
  await env.DB.prepare(
    `WITH RECURSIVE k(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM k WHERE k + 1 < ?2)
     INSERT INTO issues (journal_id, year, volume, issue, frequency)
     SELECT ?1, 2025 - k / 12, 2025 - k / 12 - 1999, 12 - k % 12, json_extract(?3, '$[' || (11 - k % 12) || ']') FROM k`,
  )
    .bind(j.id, n, JSON.stringify(MONTHS))
    .run();
  await env.DB.prepare(
    `INSERT INTO articles (journal_id, issue_id, refnumber, title, authorname, abstract, pagenumber, first_page, last_page, txnid, publishdate, year, volume, issue, frequency, file, search_title, search_abstract)
     SELECT journal_id, id, 7000000 + id, 'Article ' || id || ' on <i>Oryza sativa</i>', 'Dr. Anjali Sharma, Rahul Verma', '<p>An abstract.</p>', '1-6', 1, 6,
            'TXN' || id, printf('%04d-%02d-15', year, issue), year, volume, issue, frequency, 'a.pdf', 'Article ' || id, 'An abstract.'
       FROM issues WHERE journal_id = ?1`,
  )
    .bind(j.id)
    .run();
  const newest = await env.DB.prepare("SELECT refnumber FROM articles WHERE journal_id = ? AND year = 2025 AND issue = 12")
    .bind(j.id)
    .first<{ refnumber: string }>();
  return { ...j, articlePath: `/archives/2025/26/12/${newest!.refnumber}`, issuePath: "/archives/2025/vol26/issue12" };
}

describe("archive side list cost", () => {
  it("costs little per issue in the article and issue pages' HTML, with the spec's list intact", async () => {
    const small = await journalWithIssues(10);
    const large = await journalWithIssues(300);
    const sizes: Record<string, number> = {};
    const html: Record<string, string> = {};
    for (const [label, j] of [["10", small], ["300", large]] as const) {
      for (const page of ["articlePath", "issuePath"] as const) {
        const res = await getPage(j.url(j[page]));
        expect(res.status, `${label} ${page}`).toBe(200);
        sizes[`${page}@${label}`] = new TextEncoder().encode(res.html).length;
        html[`${page}@${label}`] = res.html;
      }
    }
    const perIssue = (page: string) => (sizes[`${page}@300`] - sizes[`${page}@10`]) / 290;
    console.log(
      `archive side list: article page ${(sizes["articlePath@10"] / 1024).toFixed(1)} KiB at 10 issues, ` +
        `${(sizes["articlePath@300"] / 1024).toFixed(1)} KiB at 300 (${perIssue("articlePath").toFixed(0)} B per issue); ` +
        `issue page ${(sizes["issuePath@10"] / 1024).toFixed(1)} KiB / ${(sizes["issuePath@300"] / 1024).toFixed(1)} KiB ` +
        `(${perIssue("issuePath").toFixed(0)} B per issue)`,
    );
    // Before: 206 B per issue (a <Link> each, and every issue an object in the hydration data).
    // Now the link's own markup is ~80 B and its share of the page data ~15 B.
    expect(perIssue("articlePath")).toBeLessThan(110);
    expect(perIssue("issuePath")).toBeLessThan(110);

    // The list itself is unchanged: 25 year boxes, the first two open, the rest <details>.
    const page = html["articlePath@300"];
    const list = /<aside id="archive-drawer"[\s\S]*?<\/aside>/.exec(page)![0];
    const titles = [...list.matchAll(/<h3>(\d{4}) ISSUES<\/h3>/g)].map((m) => Number(m[1]));
    expect(titles).toEqual(Array.from({ length: 25 }, (_, i) => 2025 - i));
    expect(count(list, "<section>")).toBe(2);
    expect(count(list, "<details>")).toBe(23);
    expect(count(list, "<li>")).toBe(300);
    expect(textOf(list)).toContain("2025 ISSUES VOL. 26 : ISSUE 12 DECEMBER VOL. 26 : ISSUE 11 NOVEMBER");
    expect(textOf(list)).toContain("2001 ISSUES VOL. 02 : ISSUE 12 DECEMBER");
    expect(list).toContain('<a href="/archives/2025/vol26/issue12" class="active" aria-current="page">');
    // No issue is in the page twice: the hydration data carries the compact index only.
    expect(count(page, "vol25/issue7")).toBe(1);
    expect(count(page, "NOVEMBER")).toBe(25);
  });
});
