/** Small display helpers shared by pages and documents (no server-only code). */

/** WhatsApp click-to-chat link with a prefilled message. */
export function whatsappLink(number: string, message: string): string {
  const digits = number.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

function enquiryText(siteName: string): string {
  return `Hello, I have an enquiry about ${siteName}.`;
}

/** The journal's "Chat with us on WhatsApp" link (header, side columns, footer); '' when it has no number. */
export function enquiryChatLink(whatsapp: string, siteName: string): string {
  return whatsapp ? whatsappLink(whatsapp, enquiryText(siteName)) : "";
}

/** The spec stores the impact factor with a 15-character prefix that the display drops. */
export function displayImpactFactor(stored: string): string {
  return stored.length > 15 ? stored.slice(15) : stored;
}

export function pad(n: number | string, width: number): string {
  return String(n).padStart(width, "0");
}

/** The message prefilled in the contact page's WhatsApp link. */
export function queryText(siteName: string): string {
  return `Hello, I have a query regarding ${siteName}. Please could you help me?`;
}

/** '{page} | {site name}', or the site name alone for the home page. */
export function pageTitle(page: string, siteName: string): string {
  if (!siteName) return page;
  return page ? `${page} | ${siteName}` : siteName;
}

/** A staff page's title for its meta function: "Archives · Admin | Journal name" (the journal's name from the root's data). */
export function adminPageTitle(page: string, matches: ReadonlyArray<unknown>): string {
  return pageTitle(`${page} · Admin`, siteNameFromMatches(matches));
}

/**
 * The site name for a route's meta function, read from the root loader's data (present even
 * when the route's own loader threw and its error boundary is rendering).
 */
export function siteNameFromMatches(matches: ReadonlyArray<unknown>): string {
  const root = matches[0] as { loaderData?: { site?: { websitename?: string } } } | undefined;
  return root?.loaderData?.site?.websitename ?? "";
}

/** A reader page's title and description tags; `describe` words the description around the site name. */
export function pageMeta(matches: ReadonlyArray<unknown>, page: string, describe: (site: string) => string) {
  const site = siteNameFromMatches(matches);
  return [{ title: pageTitle(page, site) }, { name: "description", content: describe(site) }];
}

/**
 * Link-preview tags every reader page carries (article, issue, home…): the journal's 1200×630
 * image (root loader's previewImage) as og:image and a large Twitter/WhatsApp card.
 */
export function previewImageMeta(matches: ReadonlyArray<unknown>): { property?: string; name?: string; content: string }[] {
  const root = matches[0] as { loaderData?: { previewImage?: string; site?: { websitename?: string } } } | undefined;
  const image = root?.loaderData?.previewImage;
  if (!image) return [];
  return [
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: "1200" },
    { property: "og:image:height", content: "630" },
    { property: "og:image:alt", content: root?.loaderData?.site?.websitename ?? "" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image", content: image },
  ].filter((t) => t.content);
}

/** A publisher's name as readers compare it: case, spacing and character width ignored. */
export function publisherKey(name: string): string {
  return name.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

/** The id of a publisher's group on the journal list (/journals#…); '' when no publisher is named. */
export function publisherAnchor(name: string): string {
  const words = publisherKey(name).replace(/[^\p{L}\p{N}]+/gu, "-").replace(/^-+|-+$/g, "");
  return words ? `publisher-${words}` : "";
}

/** Whether a publisher's address already begins with its name ("Agri Life Press, 14 Krishi Road…"), as most journals write it. */
export function addressNamesPublisher(name: string, address: string): boolean {
  const n = publisherKey(name);
  const a = publisherKey(address);
  return n !== "" && a.startsWith(n) && !/[\p{L}\p{N}]/u.test(a.charAt(n.length));
}

/**
 * The publisher and its address as one line ("Agri Life Press, 14 Krishi Road…"), the name
 * never twice: the address alone when it begins with the name; whichever is given when the
 * other is missing.
 */
export function publisherWithAddress(name: string, address: string): string {
  const n = name.trim();
  const a = address.trim();
  if (!n || addressNamesPublisher(n, a)) return a;
  return a ? `${n}, ${a}` : n;
}
