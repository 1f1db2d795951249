import { it } from "vitest";
import { fetchWorker, makeArticle, makeIssue, makeJournal } from "../factories";
it("scratch", async () => {
  const j = await makeJournal();
  const a = await makeIssue(j.id, { year: 2025, volume: 3, issue: 2, frequency: "Jul-Dec" });
  const b = await makeIssue(j.id, { year: 2024, volume: 2, issue: 1, frequency: "Jan-Jun" });
  const c = await makeIssue(j.id, { year: 2023, volume: 1, issue: 1, frequency: "" });
  const art = await makeArticle(j.id, a); await makeArticle(j.id, b); await makeArticle(j.id, c);
  const html = await (await fetchWorker(j.url(`/archives/2025/3/2/${art.refnumber}`))).text();
  console.log("HTMLB64:" + btoa(unescape(encodeURIComponent(html))));
});
