/**
 * The hostile-input matrix: one kind of XSS payload per case (tagged with `id` so a check can
 * tell which one got through), and the rule for what counts as injected markup. The workerd
 * test drives every case through the admin forms and reads the pages as served
 * (test/workers/hostile-forms.test.ts); the browser test renders all of them at once
 * (test/e2e/hostile.test.ts). Plain data, so the rule can also be handed into a page.
 */
export const HOSTILE_CASES: { name: string; payload: (id: string) => string }[] = [
  { name: "<script> elements", payload: (id) => `<script>alert("XSS-${id}")</script>` },
  { name: "<img src=x onerror=…> event handlers", payload: (id) => `<img src=x onerror=alert("XSS-${id}")>` },
  { name: '<a href="javascript:…"> links', payload: (id) => `<a href="javascript:alert('XSS-${id}')">click me</a>` },
  { name: "data: URLs", payload: (id) => `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==#XSS-${id}">open</a><iframe src="data:text/html,<script>alert('XSS-${id}')</script>"></iframe>` },
  { name: "<svg onload=…>", payload: (id) => `<svg onload=alert("XSS-${id}")><circle r=5 /></svg>` },
  { name: 'mutation XSS (<noscript><p title="</noscript><img …>">)', payload: (id) => `<noscript><p title="</noscript><img src=x onerror=alert('XSS-${id}')>"></p></noscript>` },
  { name: 'attribute breakout ("><svg/onload=…>)', payload: (id) => `"><svg/onload=alert("XSS-${id}")>` },
];

/** A page to read after the hostile writes, and the texts it must show literally. */
export interface HostileCheck {
  path: string;
  /** Texts the page must show literally (payloads shown as text). */
  shows?: string[];
}

/**
 * Every public and admin page the hostile writes reach, the same list for the workerd and the
 * browser test: what each page must show of what was typed (`p` is the payloads' run).
 */
export function hostilePages(v: { year: number; id: string; p: string; ref: string; titleText: string; editorName: string; country: string; siteName: string; journalType: string; editorHref: string }): HostileCheck[] {
  const { year, id, p, ref, titleText, editorName, country } = v;
  return [
    { path: "/", shows: [v.siteName, v.journalType, `Typed home ${id} ${p}`] },
    // The affiliation is HTML on the board (sanitised): its markup is stripped, its text stays.
    { path: "/board", shows: [editorName, `Institute ${id}`] },
    { path: `/archives/${year}/vol1/issue1`, shows: [titleText, country] },
    { path: `/archives/${year}/1/1/${ref}`, shows: [titleText, `Typed abstract ${id} ${p}`] },
    { path: `/search?keyword=${encodeURIComponent(`Hostile title ${id}`)}`, shows: [titleText] },
    { path: `/search?keyword=${encodeURIComponent(p)}` },
    { path: `/pdf?refno=${ref}`, shows: [titleText] },
    { path: "/contact" },
    { path: "/admin/archives" },
    { path: `/admin/archives/${year}/1/1`, shows: [titleText] },
    { path: `/admin/search?q=${ref}`, shows: [titleText] },
    { path: `/admin/search?q=${encodeURIComponent(p)}` },
    { path: "/admin/editors", shows: [editorName] },
    { path: v.editorHref },
    { path: "/admin/settings" },
  ];
}

/**
 * What a payload could have injected into a page. Text that merely reads like markup is fine;
 * form values, meta content and tooltips hold text, not markup.
 */
export const INJECTION_RULE = {
  /** Attributes whose value is text (a payload there is shown, not run). */
  textAttrs: ["value", "content", "title", "placeholder", "aria-label", "alt", "data-placeholder", "data-filename"],
  /** Attributes that are followed as addresses: no javascript:, vbscript: or (non-image) data: there. */
  urlAttrs: ["href", "src", "action", "formaction", "xlink:href", "data", "srcdoc", "poster", "background"],
  /** Elements whose attributes hold text values. */
  valueTags: ["input", "textarea", "option", "meta", "title"],
  /** Elements that must never carry a payload's marker or a src=x. */
  containerTags: ["iframe", "object", "embed", "base", "svg", "math", "noscript", "style", "template", "frame"],
  /** Markup a rich-text field may keep (links only to http(s)). */
  allowedTags: ["p", "br", "ul", "ol", "li", "em", "i", "strong", "b", "sub", "sup", "a"],
};
