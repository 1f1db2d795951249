import type { ReactNode } from "react";

/**
 * The page's <main> landmark (the skip link's target). Pages render it themselves so that a
 * side column can be a top-level <aside> beside it rather than nested inside it.
 */
export function Main({
  className,
  labelledBy,
  busy,
  children,
}: {
  className?: string;
  labelledBy?: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <main id="main" tabIndex={-1} className={className} aria-labelledby={labelledBy} aria-busy={busy || undefined}>
      {children}
    </main>
  );
}
