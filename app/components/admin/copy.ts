import { useEffect, useState, type RefObject } from "react";

/**
 * Copies `text` to the clipboard and says so ('Copied!') for 2 seconds; where the Clipboard API
 * is refused (permissions, an insecure context) it copies the selection of the `fallback` box
 * that shows the text. `copied` starts over when `shown` (what the text belongs to) changes.
 * The 2 seconds run from when 'Copied!' is on the page (an effect of the render that shows it),
 * so a slow render never shortens them; a second copy starts them again.
 */
export function useCopy(text: string | undefined, fallback: RefObject<HTMLTextAreaElement | HTMLInputElement | null>, shown: unknown = text) {
  // Copies made since 'Copied!' last went away (0: it is not shown).
  const [copies, setCopies] = useState(0);
  useEffect(() => setCopies(0), [shown]);
  useEffect(() => {
    if (!copies) return;
    const timer = setTimeout(() => setCopies(0), 2000);
    return () => clearTimeout(timer);
  }, [copies]);
  async function copy() {
    if (text === undefined) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      fallback.current?.select();
      document.execCommand("copy");
    }
    setCopies((n) => n + 1);
  }
  return { copied: copies > 0, copy };
}
