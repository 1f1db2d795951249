import { Link } from "react-router";

/**
 * The public pages' breadcrumb trail: Home › Archives › …links › the current page (not a link).
 */
export function Breadcrumbs({ links = [], current }: { links?: { to: string; label: string }[]; current: string }) {
  const trail = [{ to: "/", label: "Home" }, { to: "/archives", label: "Archives" }, ...links];
  return (
    <nav className="breadcrumbs" aria-label="Breadcrumb">
      <ol>
        {trail.map((l) => (
          <li key={l.to}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
