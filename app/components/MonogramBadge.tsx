import { monogramInitials } from "../lib/initials";

/**
 * The journal's monogram in a round badge, for a journal without a logo (site header, journal
 * list). Decorative: the journal's name is always written beside it. Five letters are set a
 * size smaller (`.monogram-5`) so an acronym like JACER fits the same circle as IJAL.
 */
export function MonogramBadge({ name, className }: { name: string; className: string }) {
  const initials = monogramInitials(name);
  return (
    <span className={initials.length > 4 ? `${className} monogram-5` : className} aria-hidden="true">
      {initials}
    </span>
  );
}
