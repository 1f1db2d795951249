import { indexingImageUrl } from "../utils/storage";

export interface IndexingItem {
  id: number;
  title: string;
  link: string;
  image: string;
}

/** Indexing partner logos: a link when the partner has one, a plain logo otherwise. */
export function IndexingList({ partners, variant }: { partners: IndexingItem[]; variant: "sidebar" | "grid" }) {
  if (partners.length === 0) return null;
  return (
    <ul className={variant === "grid" ? "indexing-grid" : "indexing-sidebar"}>
      {partners.map((p) => {
        const img = (
          <img src={indexingImageUrl(p.image)} alt={p.title} loading="lazy" width={200} height={80} />
        );
        return (
          <li key={p.id}>
            {p.link ? (
              <a href={p.link} target="_blank" rel="noopener noreferrer" title={p.title}>
                {img}
              </a>
            ) : (
              img
            )}
          </li>
        );
      })}
    </ul>
  );
}
