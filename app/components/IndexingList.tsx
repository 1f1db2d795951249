import { indexingImageUrl } from "../lib/urls";

interface IndexingItem {
  id: number;
  title: string;
  link: string;
  image: string;
}

/**
 * Indexing partner logos (spec §2): a link when the partner has one, a plain logo otherwise.
 * In the grid (the /indexing page) each logo carries its name as a caption.
 */
export function IndexingList({ partners, variant }: { partners: IndexingItem[]; variant: "sidebar" | "grid" }) {
  if (partners.length === 0) return null;
  return (
    <ul className={variant === "grid" ? "indexing-grid" : "indexing-sidebar"}>
      {partners.map((p) => {
        const logo = p.image ? (
          <img
            src={indexingImageUrl(p.image)}
            // In the grid the visible caption names the partner; the sidebar has only the logo.
            alt={variant === "grid" ? "" : p.title}
            loading="lazy"
            width={200}
            height={80}
          />
        ) : (
          <span className="logo-text">{p.title}</span>
        );
        const body = (
          <>
            {logo}
            {variant === "grid" ? <span className="partner-name">{p.title}</span> : null}
          </>
        );
        return (
          <li key={p.id}>
            {safeLink(p.link) ? (
              <a className="partner" href={p.link} target="_blank" rel="noopener noreferrer" title={p.title}>
                {body}
              </a>
            ) : (
              <span className="partner">{body}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Only web links become links: an empty or odd value (javascript:, a typo) leaves a plain logo. */
function safeLink(link: string): boolean {
  return /^https?:\/\//i.test(link.trim());
}
