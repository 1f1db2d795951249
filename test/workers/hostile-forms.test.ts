import { describe, expect, it } from "vitest";
import { getSettings } from "../../app/models/settings.server";
import { cleanField } from "../../app/schemas/html-fields";
import { db, fetchWorker, makeAdminSession, makeIssue, pdfBytes } from "../factories";
import { HOSTILE_CASES, hostilePages, INJECTION_RULE } from "../hostile-payloads";
import { byId, find, findAll, formEntries, parseFragment, parseHtml, textOf, visibleText, type El } from "./html-tree";

/**
 * Hostile input through the admin forms, as a browser submits them: each case enters one kind
 * of XSS payload into every text and HTML field staff can type into — article title and
 * abstract (as typed text and as pasted HTML), authors (refused with the spec's message),
 * keywords, subject, country, DOI; every editor field; every settings text field incl. the
 * formatted journal name and the home content — then reads the public pages and the admin
 * pages as the browser's parser reads them: no injected element or attribute, the payload
 * shown as text or stripped. The forms are read from the pages the server renders and posted
 * with what a browser would send (the fields' maxlength applied). What only a browser can
 * show — the editors' own sanitising of a paste, scripts that never run, the CSP, the live
 * preview — is test/e2e/hostile.test.ts, with every payload at once.
 */

const YEAR = new Date().getUTCFullYear();
const AUTHOR_MESSAGE = "Author name must contain only alphabets, spaces, commas, and periods";
const DOI_MESSAGE = "Enter a DOI like 10.1234/journal.2025.001";

/** What typing characters into a rich-text editor stores: the text, escaped as HTML. */
const typed = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Elements and attributes a payload could have injected (INJECTION_RULE, on the parsed tree). */
function findInjected(root: El): string[] {
  const found: string[] = [];
  const TEXT_ATTRS = new Set(INJECTION_RULE.textAttrs);
  const URL_ATTRS = new Set(INJECTION_RULE.urlAttrs);
  const outer = (el: El): string =>
    `<${el.tag}${Object.entries(el.attrs).map(([k, v]) => ` ${k}="${v}"`).join("")}>${el.children.map((c) => ("tag" in c ? outer(c) : c.text)).join("")}</${el.tag}>`;
  for (const el of findAll(root, () => true)) {
    const tag = el.tag;
    for (const [name, value] of Object.entries(el.attrs)) {
      if (name.startsWith("on")) found.push(`<${tag} ${name}=${value.slice(0, 60)}>`);
      else if (URL_ATTRS.has(name) && /^\s*(javascript|data|vbscript):/i.test(value) && (value.includes("XSS") || !/^data:image\//i.test(value))) {
        found.push(`<${tag} ${name}=${value.slice(0, 60)}>`);
      } else if (value.includes("XSS-") && !TEXT_ATTRS.has(name) && !URL_ATTRS.has(name) && !INJECTION_RULE.valueTags.includes(tag)) {
        found.push(`<${tag} ${name}=${value.slice(0, 60)}>`);
      }
    }
    if (tag === "img" && el.attrs.src === "x") found.push("<img src=x>");
    if (tag === "script") {
      // The page's own data scripts carry the stored text as (escaped) JSON: that is data, not code.
      const own = /json/i.test(el.attrs.type ?? "") || /^\s*window\.__reactRouter/.test(textOf(el));
      if (!own && (textOf(el).includes("XSS-") || (el.attrs.src ?? "").includes("XSS-"))) found.push(`<script>${outer(el).slice(0, 80)}`);
    } else if (INJECTION_RULE.containerTags.includes(tag) && (outer(el).includes("XSS-") || el.attrs.src === "x")) {
      found.push(`<${tag}>${outer(el).slice(0, 80)}`);
    }
  }
  return found;
}

/** An HTML field's value contains nothing a payload could have injected, and only allowlisted markup with http(s) links. */
function expectClean(html: string, label: string) {
  const fragment = parseFragment(html);
  expect(findInjected(fragment), `${label}: ${html.slice(0, 200)}`).toEqual([]);
  const bad = findAll(fragment, () => true)
    .filter((el) => !INJECTION_RULE.allowedTags.includes(el.tag) || (el.tag === "a" && !/^https?:\/\//i.test(el.attrs.href ?? "https://")))
    .map((el) => `<${el.tag} ${JSON.stringify(el.attrs)}>`);
  expect(bad, `${label}: only allowlisted markup`).toEqual([]);
}

type Session = Awaited<ReturnType<typeof makeAdminSession>>;

/** The admin's browser: the session cookie (and a flash cookie once set) on every request, redirects not followed. */
function browserOf(s: Session) {
  let flash = "";
  const request = async (path: string, init: RequestInit = {}) => {
    const res = await fetchWorker(s.url(path), { redirect: "manual", ...init, headers: { cookie: `journal_session=${s.token}${flash ? `; ${flash}` : ""}`, ...(init.headers as Record<string, string>) } });
    const set = res.headers.get("set-cookie") ?? "";
    if (/^admin_flash=/.test(set)) flash = /Max-Age=0/.test(set) ? "" : set.split(";")[0];
    return res;
  };
  return {
    async open(path: string) {
      const res = await request(path);
      const html = await res.text();
      return { res, html, root: parseHtml(html) };
    },
    async submit(path: string, form: FormData) {
      const res = await request(path, { method: "POST", body: form });
      const html = await res.text();
      return { res, html, root: parseHtml(html) };
    },
  };
}

/**
 * A form as its page renders it, filled the way a person types: `fill` keeps what the field
 * takes (its maxlength may cut a long payload) and answers it.
 */
function formOf(root: El, test: (form: El) => boolean) {
  const form = find(root, (e) => e.tag === "form" && test(e));
  if (!form) throw new Error("form not on the page");
  const values = new Map<string, string>(formEntries(form));
  const rendered = new Map(values);
  const control = (name: string) => find(form, (e) => ["input", "textarea", "select"].includes(e.tag) && e.attrs.name === name);
  return {
    form,
    values,
    fill(name: string, value: string): string {
      const max = Number(control(name)?.attrs.maxlength ?? NaN);
      const kept = Number.isFinite(max) ? value.slice(0, max) : value;
      values.set(name, kept);
      return kept;
    },
    data(files: Record<string, File> = {}): FormData {
      const data = new FormData();
      // A versioned form names the fields that changed since it was rendered (its script keeps
      // `_changed` up to date as a person types); only those are written.
      if (values.has("_changed")) {
        const changed = [...values].filter(([k, v]) => k !== "_changed" && k !== "version" && rendered.get(k) !== v).map(([k]) => k);
        values.set("_changed", changed.join(","));
      }
      for (const [k, v] of values) data.append(k, v);
      for (const [k, f] of Object.entries(files)) data.set(k, f);
      return data;
    },
  };
}

const errorAt = (root: El, field: string) => textOf(byId(root, `${field}-error`) ?? { tag: "", attrs: {}, children: [] }).trim();

describe("hostile input through the admin forms is shown as text or stripped, on public and admin pages", () => {
  let round = 0;
  for (const { name, payload } of HOSTILE_CASES) {
    it(`${name} in every admin text and HTML field`, async () => {
      round += 1;
      const id = `c${round}`;
      const p = payload(id);
      const ref = String(880000 + round);
      const first = round * 10 + 1;
      const titleText = `Hostile title ${id} ${p}`;
      const label = `[${name}]`;
      const s = await makeAdminSession({
        name: "Journal of Hostile Input",
        // Every optional column and contact line on, so every field reaches a public page.
        settings: { websitename: "Journal of Hostile Input", show_subject_column: true, show_editor_contacts: true, timezone: "UTC" },
      });
      await makeIssue(s.id, { year: YEAR, volume: 1, issue: 1, frequency: "Jan-Mar" });
      const browser = browserOf(s);

      // ---- Article: add through the form ----
      const addPath = `/admin/archives/add/${YEAR}/1/1`;
      let page = await browser.open(addPath);
      expect(findInjected(page.root), `${label} the add form itself`).toEqual([]);
      const article = formOf(page.root, (f) => !!find(f, (e) => e.attrs.name === "refnumber"));
      article.fill("refnumber", ref);
      article.fill("txnid", `TXN-H-${ref}`);
      article.fill("pagenumber", `${first}-${first + 4}`);
      article.fill("email", `author${id}@uni.example ${p}`);
      article.fill("mobile", `+91 98765 ${p}`);
      const country = article.fill("country", `India ${p}`);
      article.fill("subject", `Agronomy ${p}`);
      article.fill("keywords", `rice, ${p}`);
      // Title and abstract: typed as characters, then pasted as HTML.
      article.fill("title", `${typed(titleText)} <i>kept</i> ${p}`);
      article.fill("abstract", `<p>Typed abstract ${id} ${typed(p)}</p><p>Pasted <b>abstract</b> ${id} <a href="https://example.org/ok">ok link</a></p>${p}`);
      const pdf = () => ({ pdfFile: new File([pdfBytes() as BlobPart], `${ref}.pdf`, { type: "application/pdf" }) });
      // A DOI must look like one (Crossref's pattern): the payload is refused at the field, and so
      // is a quote-laden one that once passed a looser check. Authors with markup are refused with
      // the spec's message.
      article.fill("doi", `10.5555/${id}${p}`);
      article.fill("authorname", `Anjali Sharma ${p}`);
      page = await browser.submit(addPath, article.data(pdf()));
      expect(page.res.status, label).toBe(400);
      expect(errorAt(page.root, "doi"), label).toBe(DOI_MESSAGE);
      expect(errorAt(page.root, "authorname"), label).toBe(AUTHOR_MESSAGE);
      article.fill("authorname", "Anjali Sharma, Rahul Verma");
      article.fill("doi", `10.5555/${id}'onmouseover=alert('XSS-${id}')//`);
      page = await browser.submit(addPath, article.data(pdf()));
      expect(page.res.status, label).toBe(400);
      expect(errorAt(page.root, "doi"), label).toBe(DOI_MESSAGE);
      expect(findInjected(page.root), `${label} the add form with its errors`).toEqual([]);
      article.fill("doi", `10.5555/${id}(x);v:1`);
      page = await browser.submit(addPath, article.data(pdf()));
      expect(page.res.status, `${label} ${visibleText(page.root).slice(0, 400)}`).toBe(200);
      // The announcement to copy is the action's answer (the page opens it as a dialog).
      expect(page.html).toContain("has been published in Journal of Hostile Input");
      const stored = await db().query.articles.findFirst({ where: (t, { and, eq }) => and(eq(t.journalId, s.id), eq(t.refnumber, ref)) });
      expectClean(stored!.title, `${label} title`);
      expectClean(stored!.abstract ?? "", `${label} abstract`);
      expect(stored!.title, `${label} title keeps italics`).toContain("<i>kept</i>");
      expect(stored!.abstract, `${label} abstract keeps the http(s) link`).toContain('<a href="https://example.org/ok"');

      // ---- Editor: add through the form (post from a tampered select) ----
      page = await browser.open("/admin/editors/add");
      const editor = formOf(page.root, (f) => !!find(f, (e) => e.attrs.name === "editor_website"));
      editor.fill("category", "associate editor");
      editor.fill("post", `Professor ${p}`);
      // The name is stored cleaned (markup removed), so pages show the cleaned text.
      const editorName = cleanField("editors", "name", editor.fill("name", `Dr. Hostile ${id} ${p}`));
      editor.fill("degree", `Ph.D. ${p}`);
      editor.fill("content", `Institute ${id} ${p}`);
      editor.fill("email", `ed${id}@uni.example${p}`);
      editor.fill("phone", `+91 ${p}`);
      editor.fill("country", `Nepal ${p}`);
      // A website must be an http(s) address: the payload is refused at the field.
      editor.fill("editor_website", p);
      page = await browser.submit("/admin/editors/add", editor.data());
      expect(page.res.status, label).toBe(400);
      expect(errorAt(page.root, "editor_website"), label).toBe("Enter a web address starting with http:// or https://");
      editor.fill("editor_website", `https://example.org/${id}?q=${encodeURIComponent(p).replace(/'/g, "%27")}`);
      page = await browser.submit("/admin/editors/add", editor.data());
      expect(page.res.status, label).toBe(302);
      expect(page.res.headers.get("location")).toBe("/admin/editors");
      page = await browser.open("/admin/editors");
      // The flash (the page opens it as a dialog).
      expect(page.html).toContain("Editor created successfully");
      const editorHref = find(page.root, (e) => e.tag === "a" && e.attrs["aria-label"] === `Edit ${editorName}`)?.attrs.href;
      expect(editorHref, `${label} editor listed`).toBeTruthy();

      // ---- Settings: every text field ----
      page = await browser.open("/admin/settings");
      const settingsForm = (f: El) => (f.attrs.class ?? "").split(/\s+/).includes("settings-form");
      const settings = formOf(page.root, settingsForm);
      const fields = findAll(
        settings.form,
        (e) => (e.tag === "input" && ["text", "email", "tel", "url"].includes(e.attrs.type ?? "") && !!e.attrs.name) || (e.tag === "textarea" && !!e.attrs.name),
      ).map((e) => e.attrs.name);
      expect(fields.includes("formatted_journal_name") && fields.includes("websitename") && fields.length >= 21, fields.join(",")).toBe(true);
      const settingText = (field: string) => `${field} ${id} ${p}`;
      const kept: Record<string, string> = {};
      for (const field of fields) kept[field] = settings.fill(field, settingText(field));
      // The home content: typed, then pasted, after what it held.
      settings.fill("home_content", `${settings.values.get("home_content") ?? ""}<p>Typed home ${id} ${typed(p)}</p><p>Pasted home ${id}</p>${p}`);
      // The time zone and the review link accept only what they are: refused at the field. So do
      // the DOI settings: prefix, suffix pattern and depositor e-mail are refused at their fields;
      // the free-text ones keep the payload (within Crossref's lengths).
      page = await browser.submit("/admin/settings", settings.data());
      expect(page.res.status, label).toBe(400);
      expect(errorAt(page.root, "timezone"), label).toBe("Choose a time zone from the list, e.g. Asia/Kolkata");
      expect(errorAt(page.root, "google_review_link"), label).toBe("Enter a web address starting with https://");
      expect(findInjected(page.root), `${label} settings form with its errors`).toEqual([]);
      expect(errorAt(page.root, "doi_prefix"), label).toBe("Enter the Crossref prefix: 10. followed by 4 to 9 digits, e.g. 10.12345");
      expect(errorAt(page.root, "doi_suffix_pattern"), label).toMatch(/placeholder|letters, digits|at most 100|\{refnumber\}/);
      expect(errorAt(page.root, "doi_depositor_email"), label).toBe("Enter an e-mail address, e.g. doi@publisher.example");
      settings.fill("doi_prefix", "10.12345");
      settings.fill("doi_suffix_pattern", "{slug}.{year}.v{volume}i{issue}.{refnumber}");
      settings.fill("doi_depositor_email", `doi-${id}@publisher.example`);
      for (const field of ["doi_depositor_name", "doi_registrant", "abbrev_title"]) settings.fill(field, settingText(field).slice(0, 120));
      settings.fill("timezone", "UTC");
      settings.fill("google_review_link", `https://g.page/r/${id}`);
      page = await browser.submit("/admin/settings", settings.data());
      expect(page.res.status, `${label} ${JSON.stringify(findAll(page.root, (e) => (e.attrs.id ?? "").endsWith("-error")).map((e) => `${e.attrs.id}: ${textOf(e)}`))}`).toBe(200);
      expect(page.html).toContain("Settings updated successfully");
      expect((await getSettings(db(), s.id))?.websitename).toBe(kept.websitename);
      const siteName = settingText("websitename");

      // ---- The pages ----
      const checks = hostilePages({ year: YEAR, id, p, ref, titleText, editorName, country, siteName, journalType: settingText("journal_type"), editorHref: editorHref! });
      // The article's edit form (found from the issue table).
      page = await browser.open(`/admin/archives/${YEAR}/1/1`);
      const editHref = find(page.root, (e) => e.tag === "a" && e.attrs["aria-label"] === `Edit article ${ref}`)?.attrs.href;
      expect(editHref, `${label} article listed`).toBeTruthy();
      checks.push({ path: editHref!, shows: [] });
      for (const { path, shows = [] } of checks) {
        const { res, root } = await browser.open(path);
        expect(res.status, `${label} ${path}: HTTP ${res.status}`).toBeLessThan(500);
        expect(findInjected(root), `${label}: injected markup on ${path}`).toEqual([]);
        const text = visibleText(root);
        for (const t of shows) {
          const near = text.indexOf(t.slice(0, 20));
          expect(text.includes(t), `${label}: ${path} should show ${JSON.stringify(t)} as text; it shows ${JSON.stringify(text.slice(Math.max(0, near), near + 600))}`).toBe(true);
        }
      }
      // The edit forms hold the payloads as values (text), intact.
      expect(byId((await browser.open(editorHref!)).root, "name")?.attrs.value).toBe(editorName);
      expect(byId((await browser.open(editHref!)).root, "country")?.attrs.value).toBe(country);
    });
  }
});
