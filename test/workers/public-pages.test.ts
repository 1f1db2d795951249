import { describe, expect, it } from "vitest";
import { makeEditor, makeJournal, makePartner } from "../factories";
import { rgbaPng } from "../images";
import { count, getPage, mainOf, textOf, titleOf } from "./public-helpers";

const FULL_SETTINGS = {
  websitename: "Annals of Layout Testing",
  formatted_journal_name: "Annals of <i>Layout</i> Testing<script>alert(1)</script><img src=x onerror=alert(2)>",
  whatsup_number: "+91 98765 43210",
  issn: "1111-2222",
  journal_essn: "3333-4444",
  year_started: "2019",
  journal_frequency: "Quarterly",
  journal_type: "Print and Online",
  journal_language: "English",
  nassScore: "4.21",
  nassScoreYear: "2024",
  impactfactor: "Impact Factor: 5.62 (SJIF 2025)",
  fee_rupee: "₹ 2,500",
  fee_dollar: "US$ 60",
  home_content: "<p>Welcome to <em>our</em> journal.</p><script>steal()</script>",
  publisher_name: "Layout Press",
  publisher_address: "Layout Press, 1 Test Road, Pune 411001, India",
  phone: "+91 20 1234 5678",
};

describe("layout shell", () => {
  it("shows the logo, sanitised journal name, NAAS line, navigation, search and footer", async () => {
    const j = await makeJournal({ settings: FULL_SETTINGS });
    const { status, html } = await getPage(j.url("/"));
    expect(status).toBe(200);
    // Journal name: emphasis kept, script and event handlers gone.
    expect(html).toContain('<span class="journal-name">Annals of <i>Layout</i> Testing</span>');
    const header = /<header[\s\S]*?<\/header>/.exec(html)![0];
    expect(header).not.toContain("alert(1)");
    expect(header).not.toContain("onerror");
    expect(textOf(html)).toContain("NAAS Rating: 4.21 (2024)");
    const nav = /<nav class="main-nav"[\s\S]*?<\/nav>/.exec(html)![0];
    expect(textOf(nav)).toBe("HOME ARCHIVES EDITORIAL BOARD INSTRUCTIONS INDEXING CONTACT");
    for (const href of ["/", "/archives", "/board", "/instructions", "/indexing", "/contact"]) {
      expect(nav).toContain(`href="${href}"`);
    }
    // Search box: a GET form to /search with a labelled keyword field.
    expect(html).toMatch(/<form role="search"[^>]*action="\/search" method="get"/);
    expect(html).toMatch(/<label for="search-header"[^>]*>Search articles<\/label><input id="search-header"[^>]*name="keyword"/);
    // Footer: legal links, chat link and the copyright year.
    expect(html).toContain('href="/privacy-policy"');
    expect(html).toContain('href="/terms-and-conditions"');
    expect(textOf(html)).toContain(`Copyright © ${new Date().getUTCFullYear()} Annals of Layout Testing`);
    const enquiry = encodeURIComponent("Hello, I have an enquiry about Annals of Layout Testing.");
    expect(html).toContain(`href="https://wa.me/919876543210?text=${enquiry}"`);
    expect(html).toMatch(/class="chat-float" href="https:\/\/wa\.me\/919876543210\?text=/);
    // Exactly one <h1> on the page; landmarks present.
    expect(count(html, "<h1")).toBe(1);
    for (const tag of ["<header", "<nav", "<main", "<footer"]) expect(html).toContain(tag);
  });

  it("omits the NAAS line and the chat links when the journal has none", async () => {
    const j = await makeJournal({ settings: { websitename: "Plain Journal", nassScore: "", whatsup_number: "" } });
    const { html } = await getPage(j.url("/"));
    expect(html).not.toContain("NAAS Rating");
    expect(html).not.toContain("wa.me");
    expect(html).toContain('<span class="journal-name">Plain Journal</span>');
  });

  it("answers unknown paths with the spec's error page and a real 404", async () => {
    const j = await makeJournal();
    const { status, html } = await getPage(j.url("/no/such/page"));
    expect(status).toBe(404);
    expect(textOf(html)).toContain("Oops! Sorry, an unexpected error has occurred. Not Found");
    expect(titleOf(html)).toMatch(/^Page not found \| /);
    expect(count(html, "<h1")).toBe(1);
  });
});

describe("home page", () => {
  it("shows the cover card, the journal information and the side column", async () => {
    const j = await makeJournal({ settings: { ...FULL_SETTINGS, show_cover_image: true } });
    await makeEditor(j.id, { name: "Dr. Disabled Chief", category: "chief editor", status: "disabled" });
    await makeEditor(j.id, { name: "Dr. First Chief", category: "chief editor" });
    await makeEditor(j.id, { name: "Dr. Second Chief", category: "chief editor" });
    await makePartner(j.id, { title: "Second Index", sortnumber: 2, image: "b.png" });
    await makePartner(j.id, { title: "First Index", sortnumber: 1, image: "a.png" });
    await makePartner(j.id, { title: "Hidden Index", sortnumber: 0, status: "disabled" });

    const { status, html } = await getPage(j.url("/"));
    expect(status).toBe(200);
    expect(titleOf(html)).toBe("Annals of Layout Testing");
    const text = textOf(mainOf(html));
    // Cover card.
    expect(text).toContain("Volume 1, Issue 1");
    // The site's domain: the journal's primary host (it follows `hosts --primary`).
    expect(html).toContain(`<p class="cover-domain">${j.host}</p>`);
    expect(text).toContain("ISSN: 1111-2222");
    expect(text).toContain("Year Started: 2019");
    expect(html).toContain('src="/images/cover-stock.svg"');
    expect(text).toContain("Layout Press, 1 Test Road, Pune 411001, India");
    // Journal information.
    expect(text).toContain("Editor-in-Chief Dr. First Chief");
    expect(text).not.toContain("Dr. Disabled Chief");
    for (const item of [
      "Frequency Quarterly",
      "Format Online",
      "Type Print and Online",
      "Language English",
      "E-ISSN 3333-4444",
      "NAAS Rating 4.21 (2024)",
      "Phone +91 20 1234 5678",
      "E-mail editor@",
    ]) {
      expect(text).toContain(item);
    }
    expect(text).toContain("Peer Reviewed Journal");
    // The stored impact factor loses its first 15 characters ("Impact Factor: ").
    expect(text).toContain("Impact Factor: 5.62 (SJIF 2025)");
    expect(text).not.toContain("Impact Factor: Impact Factor");
    expect(text).toContain("India fee: ₹ 2,500");
    expect(text).toContain("Foreign fee: US$ 60");
    // Publication process: five steps, five days.
    expect(count(/<ol class="steps">[\s\S]*?<\/ol>/.exec(html)![0], "<li>")).toBe(5);
    expect(text).toContain("within 5 days");
    // Home content, sanitised.
    expect(html).toContain("<p>Welcome to <em>our</em> journal.</p>");
    expect(html).not.toContain("steal()");
    // Side column.
    expect(text).toContain("Journal List");
    expect(text).toContain(`SUBMIT YOUR ARTICLE Send your manuscript to editor@${j.host}`);
    expect(html).toContain('class="side-chat" href="https://wa.me/');
    const logos = [...html.matchAll(/<img src="\/assets\/indexing\/([^"]+)"/g)].map((m) => m[1]);
    expect(logos).toEqual(["a.png", "b.png"]);
    expect(html).not.toContain("Hidden Index");
  });

  it("hides the stock cover image for journals whose flag says so", async () => {
    const j = await makeJournal({ settings: { show_cover_image: false } });
    const { html } = await getPage(j.url("/"));
    expect(html).not.toContain("cover-stock.svg");
    expect(textOf(html)).toContain("Volume 1, Issue 1");
  });
});

describe("editorial board", () => {
  it("groups enabled editors, pinned first, with a default avatar and the spec's title", async () => {
    const j = await makeJournal({ settings: { websitename: "Board Journal", show_editor_contacts: false } });
    const picture = new File([rgbaPng(40, 50) as BlobPart], "chief.png", { type: "image/png" });
    const chief = await makeEditor(j.id, { name: "Dr. Chief One", category: "chief editor", post: "<b>Professor</b><script>x()</script>", email: "chief@uni.example", phone: "+91 99999 11111" }, { picture });
    await makeEditor(j.id, { name: "Dr. Assoc Early", category: "associate editor" });
    await makeEditor(j.id, { name: "Dr. Assoc Pinned", category: "associate editor", is_pinned: 1 });
    await makeEditor(j.id, { name: "Dr. Assoc Disabled", category: "associate editor", status: "disabled" });
    await makeEditor(j.id, { name: "Dr. Assist One", category: "assistant editor", content: "Dept. of Soil Science, Test University" });

    const { status, html } = await getPage(j.url("/board"));
    expect(status).toBe(200);
    expect(titleOf(html)).toBe("Editorial Board | Board Journal");
    const main = mainOf(html);
    const text = textOf(main.slice(main.indexOf('<section class="board-group"')));
    const order = ["Editor-in-Chief", "Dr. Chief One", "Associate Editors", "Dr. Assoc Pinned", "Dr. Assoc Early", "Assistant Editors", "Dr. Assist One"];
    const positions = order.map((t) => text.indexOf(t));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).not.toContain("Dr. Assoc Disabled");
    expect(chief.picture).toMatch(/^editor-[0-9a-f-]{12}\.png$/);
    expect(main).toContain(`src="/assets/editors/${chief.picture}"`);
    expect(count(main, 'src="/assets/editors/avatar.png"')).toBe(3);
    expect(main).toContain("<b>Professor</b>");
    expect(main).not.toContain("x()");
    expect(text).toContain("Dept. of Soil Science, Test University");
    // Contacts hidden for this journal: not even in the page data.
    expect(html).not.toContain("chief@uni.example");
    expect(html).not.toContain("99999 11111");
    expect(count(main, "<h1")).toBe(1);
  });

  it("shows e-mail and phone only for journals that publish editor contacts", async () => {
    const j = await makeJournal({ settings: { show_editor_contacts: true } });
    await makeEditor(j.id, { name: "Dr. Open Contact", category: "chief editor", email: "open@uni.example", phone: "+91 98888 22222" });
    const { html } = await getPage(j.url("/board"));
    expect(html).toContain('href="mailto:open@uni.example"');
    expect(textOf(html)).toContain("+91 98888 22222");
  });
});

describe("indexing page", () => {
  it("lists enabled partners by sortnumber; a partner without a link is not a link", async () => {
    const j = await makePartnerJournal();
    const { status, html } = await getPage(j.url("/indexing"));
    expect(status).toBe(200);
    const main = mainOf(html);
    const names = [...main.matchAll(/<span class="partner-name">([^<]+)<\/span>/g)].map((m) => m[1]);
    expect(names).toEqual(["Alpha Index", "Beta Index", "Gamma Index"]);
    expect(main).not.toContain("Disabled Index");
    expect(main).toContain('<a class="partner" href="https://alpha.example"');
    expect(main).toMatch(/<span class="partner"><img[^>]*src="\/assets\/indexing\/beta.png"/);
    // A partner whose link is not a web address is not clickable either.
    expect(main).not.toContain("javascript:");
    expect(titleOf(html)).toMatch(/^Indexing and Abstracting \| /);
  });

  it("shows the same partners as the home page sidebar", async () => {
    const j = await makePartnerJournal();
    const { html } = await getPage(j.url("/"));
    const side = /<ul class="indexing-sidebar">[\s\S]*?<\/ul>/.exec(html)![0];
    expect([...side.matchAll(/alt="([^"]+)"/g)].map((m) => m[1])).toEqual(["Alpha Index", "Beta Index", "Gamma Index"]);
    expect(side).toContain('href="https://alpha.example"');
    expect(count(side, "<a ")).toBe(1);
  });
});

async function makePartnerJournal() {
  const j = await makeJournal();
  await makePartner(j.id, { title: "Gamma Index", sortnumber: 30, link: "javascript:alert(1)", image: "gamma.png" });
  await makePartner(j.id, { title: "Alpha Index", sortnumber: 1, link: "https://alpha.example", image: "alpha.png" });
  await makePartner(j.id, { title: "Beta Index", sortnumber: 2, link: "", image: "beta.png" });
  await makePartner(j.id, { title: "Disabled Index", sortnumber: 0, status: "disabled" });
  return j;
}

describe("static reader pages", () => {
  it("instructions cover the ten topics with the journal's fees and the copyright form", async () => {
    const j = await makeJournal({ settings: FULL_SETTINGS });
    const { status, html } = await getPage(j.url("/instructions"));
    expect(status).toBe(200);
    const text = textOf(mainOf(html));
    const headings = [...html.matchAll(/<h2 id="[a-z-]+-title">([\s\S]*?)<\/h2>/g)].map((m) => textOf(m[1]).replace(/^\d+\. /, ""));
    for (const topic of [
      "Submission of manuscripts",
      "File format",
      "Copyright form",
      "Publication fee",
      "Structure of the article",
      "Reference format",
      "Peer review",
      "Plagiarism screening",
      "Open access",
      "Copyright",
    ]) {
      expect(headings).toContain(topic);
    }
    expect(headings).toHaveLength(10);
    expect(text).toContain(`Send your manuscript as an e-mail attachment to editor@${j.host}`);
    expect(text).toContain("Microsoft Word format only");
    expect(html).toContain('href="/assets/CopyrightAgreementAndAuthorshipResponsibility.doc"');
    expect(text).toContain("India ₹ 2,500");
    expect(text).toContain("Other countries US$ 60");
    expect(text).toContain("at most 5 authors");
    expect(text).toContain("at most 50 references");
    expect(text).toContain("double-blind peer review");
    expect(text).toContain("screened for plagiarism");
    expect(text).toContain("open-access");
    expect(text).toContain("Authors retain the copyright");
    expect(titleOf(html)).toBe("Instructions to Authors | Annals of Layout Testing");
  });

  it("contact page shows the publisher address, the e-mail and a WhatsApp link with a query", async () => {
    const j = await makeJournal({ settings: FULL_SETTINGS });
    const { status, html } = await getPage(j.url("/contact"));
    expect(status).toBe(200);
    const main = mainOf(html);
    expect(textOf(main)).toContain("Layout Press, 1 Test Road, Pune 411001, India");
    expect(main).toContain(`href="mailto:editor@${j.host}"`);
    const query = encodeURIComponent("Hello, I have a query regarding Annals of Layout Testing. Please could you help me?");
    expect(main).toContain(`href="https://wa.me/919876543210?text=${query}"`);
  });

  it("privacy policy and terms are real pages with one heading each", async () => {
    const j = await makeJournal({ settings: { websitename: "Legal Journal" } });
    for (const [path, title] of [
      ["/privacy-policy", "Privacy Policy"],
      ["/terms-and-conditions", "Terms and Conditions"],
    ]) {
      const { status, html } = await getPage(j.url(path));
      expect(status).toBe(200);
      expect(titleOf(html)).toBe(`${title} | Legal Journal`);
      expect(count(html, "<h1")).toBe(1);
      expect(textOf(mainOf(html)).length).toBeGreaterThan(2000);
    }
  });
});
