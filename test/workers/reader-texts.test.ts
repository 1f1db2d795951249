/**
 * What readers read on the public pages says only what is true, once: who publishes which
 * journal, who operates the site, which fields a journal shows, what a failed certificate lookup
 * means, and where a feed's summary was cut.
 */
import { describe, expect, it } from "vitest";
import { fetchWorker, makeArticle, makeIssue, makeJournal } from "../factories";
import { getPage, mainOf, textOf } from "./public-helpers";
import { xmlTexts } from "../xml";

/** The sections of the journal list: each heading with the journal names under it. */
function publisherSections(html: string): { heading: string; id: string; journals: string[] }[] {
  return [...mainOf(html).matchAll(/<section([^>]*)>([\s\S]*?)<\/section>/g)].map((m) => ({
    id: / id="([^"]*)"/.exec(m[1])?.[1] ?? "",
    heading: textOf(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(m[2])?.[1] ?? ""),
    journals: [...m[2].matchAll(/<span class="journal-card-name">([\s\S]*?)<\/span>/g)].map((n) => textOf(n[1])),
  }));
}

describe("the journal list names each journal's own publisher", () => {
  it("groups journals under the publisher their settings name, never under the visited journal's", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const agri = `Agri Press ${tag}`;
    const chem = `Chem House ${tag}`;
    const a = await makeJournal({ settings: { websitename: `Agronomy Letters ${tag}`, publisher_name: agri } });
    const a2 = await makeJournal({ settings: { websitename: `Soil Notes ${tag}`, publisher_name: `  ${agri.toUpperCase()} ` } });
    const b = await makeJournal({ settings: { websitename: `Chemistry Letters ${tag}`, publisher_name: chem } });
    const none = await makeJournal({ settings: { websitename: `Unpublished Quarterly ${tag}`, publisher_name: "" } });
    for (const visited of [a, b, none]) {
      const { html } = await getPage(visited.url("/journals"));
      const text = textOf(mainOf(html));
      // No sentence claims the visited journal's publisher publishes the others.
      expect(text, visited.host).not.toMatch(/publishes \d+ journals|publishes one journal/);
      const sections = publisherSections(html);
      const under = (name: string) => sections.filter((s) => s.journals.includes(name)).map((s) => s.heading);
      expect(under(a.journal.settings.websitename), visited.host).toEqual([`${agri} (2 journals)`]);
      expect(under(a2.journal.settings.websitename), visited.host).toEqual([`${agri} (2 journals)`]);
      expect(under(b.journal.settings.websitename), visited.host).toEqual([`${chem} (1 journal)`]);
      // A journal that names no publisher stands under a neutral heading, not someone else's.
      expect(under(none.journal.settings.websitename)[0], visited.host).toMatch(/^Other journals \(\d+ journals?\)$/);
    }
    // The visited journal's own publisher comes first.
    expect(publisherSections((await getPage(b.url("/journals"))).html)[0].heading).toBe(`${chem} (1 journal)`);
  });

  it("the home page's link names the journal's publisher and opens that publisher's group", async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const j = await makeJournal({ settings: { websitename: `Linked Journal ${tag}`, publisher_name: `Link Press ${tag}` } });
    await makeJournal({ settings: { websitename: `Other Journal ${tag}`, publisher_name: `Other Press ${tag}` } });
    const home = (await getPage(j.url("/"))).html;
    const link = /<a href="(\/journals#[^"]+)"[^>]*>([\s\S]*?)<\/a>/.exec(home);
    expect(textOf(link?.[2] ?? "")).toBe(`All journals of Link Press ${tag}`);
    const anchor = decodeURIComponent(link![1].split("#")[1]);
    const section = publisherSections((await getPage(j.url("/journals"))).html).find((s) => s.id === anchor);
    expect(section?.heading).toBe(`Link Press ${tag} (1 journal)`);
    expect(section?.journals).toEqual([`Linked Journal ${tag}`]);
    // Without a publisher, no publisher is named.
    const anonymous = await makeJournal({ settings: { publisher_name: "" } });
    const plain = (await getPage(anonymous.url("/"))).html;
    expect(plain).toMatch(/<a href="\/journals"[^>]*>All journals on this site<\/a>/);
    expect(plain).not.toContain("All journals of");
  });
});

describe("the privacy policy names the publisher once", () => {
  const who = async (settings: Record<string, string>) => {
    const j = await makeJournal({ settings: { websitename: "Journal of Careful Wording", ...settings } });
    const text = textOf(mainOf((await getPage(j.url("/privacy-policy"))).html));
    return /This website is operated by (.*?) \("we", "us"\)/.exec(text)?.[1];
  };

  it("when the address begins with the name (as the demo journals write it), the name is not repeated", async () => {
    expect(await who({ publisher_name: "Agri Life Publications", publisher_address: "Agri Life Publications, 14 Krishi Bhawan Road, Pusa, New Delhi 110012, India" })).toBe(
      "Agri Life Publications, 14 Krishi Bhawan Road, Pusa, New Delhi 110012, India, the publisher of Journal of Careful Wording",
    );
  });

  it("names publisher and address when the address does not begin with the name, and whichever is set", async () => {
    expect(await who({ publisher_name: "Printable Press", publisher_address: "7 Press Lane, Varanasi" })).toBe("Printable Press, 7 Press Lane, Varanasi, the publisher of Journal of Careful Wording");
    // A name that only starts like the address's first word is still named.
    expect(await who({ publisher_name: "Agri Life", publisher_address: "Agri Lifeline Tower, Pune" })).toBe("Agri Life, Agri Lifeline Tower, Pune, the publisher of Journal of Careful Wording");
    expect(await who({ publisher_name: "Printable Press", publisher_address: "" })).toBe("Printable Press, the publisher of Journal of Careful Wording");
    expect(await who({ publisher_name: "", publisher_address: "7 Press Lane, Varanasi" })).toBe("the publisher of Journal of Careful Wording, 7 Press Lane, Varanasi");
  });
});

describe("the article page shows only the fields its journal shows", () => {
  it("no Subject on a journal that hides the Subject column; shown where the column is", async () => {
    for (const show of [false, true]) {
      const j = await makeJournal({ settings: { show_subject_column: show } });
      const issue = await makeIssue(j.id, { year: 2025, volume: 2, issue: 1 });
      const a = await makeArticle(j.id, issue, { subject: "Agronomic Subjectology", country: "India" });
      const { html } = await getPage(j.url(`/archives/2025/2/1/${a.refnumber}`));
      const facts = /<dl class="article-facts">([\s\S]*?)<\/dl>/.exec(html)?.[1] ?? "";
      expect(facts).toContain("<dt>Country</dt>");
      expect(facts.includes("<dt>Subject</dt>"), `show_subject_column ${show}`).toBe(show);
      expect(html.includes("Agronomic Subjectology"), `show_subject_column ${show}`).toBe(show);
    }
  });
});

describe("a failed certificate lookup", () => {
  it("shows no downloads, says in words that nothing was found and how to find the article (404, unknown or withdrawn)", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id);
    const withdrawn = await makeArticle(j.id, issue, { status: "disabled", authorname: "Withdrawn Author" });
    for (const refno of ["987654", withdrawn.refnumber]) {
      const { status, html } = await getPage(j.url(`/pdf?refno=${refno}`));
      expect(status).toBe(404);
      const main = mainOf(html);
      const text = textOf(main);
      // Empty of downloads, as the spec says…
      expect(main).not.toMatch(/certificate-\d|Certificate:|Cover Page|Download Article/);
      expect(text).not.toContain("Withdrawn Author");
      // …but not blank: a visible heading and sentence, and the way to search.
      expect(main).toMatch(/<h1 id="downloads-title">No article found<\/h1>/);
      expect(text).toContain(`No published article has the reference number ${refno}, so there are no certificates to download.`);
      expect(text).toContain("find your article with the search box above");
      expect(main).toMatch(/<form[^>]+action="\/pdf"/);
      expect(main).toContain('name="refno"');
      expect(main).toContain('href="/verify"');
    }
    const empty = textOf(mainOf((await getPage(j.url("/pdf"))).html));
    expect(empty).toContain("Type the reference number of your article to see its certificates and cover page.");
  });

  it("/verify is linked from the certificate page and from every page's footer", async () => {
    const j = await makeJournal();
    const a = await makeArticle(j.id, await makeIssue(j.id));
    expect(mainOf((await getPage(j.url(`/pdf?refno=${a.refnumber}`))).html)).toMatch(/<a href="\/verify"[^>]*>Verify a certificate<\/a>/);
    for (const path of ["/", "/board", "/contact"]) {
      const html = (await getPage(j.url(path))).html;
      const footer = html.slice(html.indexOf("<footer"));
      expect(footer, path).toMatch(/<a href="\/verify"[^>]*>Verify a certificate<\/a>/);
    }
  });
});

describe("feeds", () => {
  it("cut a long abstract at a word, ending in an ellipsis; a short one whole", async () => {
    const j = await makeJournal();
    const issue = await makeIssue(j.id, { year: 2025, volume: 1, issue: 1 });
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(" ");
    await makeArticle(j.id, issue, { title: "Long abstract", abstract: `<p>Background: ${words}.</p>` });
    await makeArticle(j.id, issue, { title: "Short abstract", abstract: "<p>Brief &amp; complete.</p>" });
    const body = await (await fetchWorker(j.url("/feed.xml"))).text();
    const summaries = xmlTexts(body, "summary");
    const full = `Background: ${words}.`;
    const long = summaries.find((s) => s.startsWith("Background"))!;
    expect(long.endsWith("…")).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(600);
    const kept = long.slice(0, -1);
    expect(full.startsWith(kept)).toBe(true);
    // The cut falls between two words.
    expect(full.charAt(kept.length)).toBe(" ");
    expect(summaries).toContain("Brief &amp; complete.");
  });
});
