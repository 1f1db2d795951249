/** The side column's WhatsApp button (home, instructions); nothing when the journal has no number. */
export function SideChat({ href }: { href: string }) {
  if (!href) return null;
  return (
    <a className="side-chat" href={href} target="_blank" rel="noopener noreferrer">
      Chat with us on WhatsApp
    </a>
  );
}
