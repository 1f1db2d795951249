import { useEffect, useRef, useState, type RefObject } from "react";

/**
 * Copies `text` to the clipboard and says so ('Copied!') for 2 seconds; where the Clipboard API
 * is refused (permissions, an insecure context) it copies the selection of the `fallback` box
 * that shows the text. `copied` starts over when `shown` (what the text belongs to) changes.
 */
export function useCopy(text: string | undefined, fallback: RefObject<HTMLTextAreaElement | HTMLInputElement | null>, shown: unknown = text) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setCopied(false), [shown]);
  async function copy() {
    if (text === undefined) return;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      fallback.current?.select();
      document.execCommand("copy");
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  }
  return { copied, copy };
}
