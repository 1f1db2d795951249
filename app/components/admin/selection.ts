import { useCallback, useEffect, useMemo, useRef, useState } from "react";

/** Row selection with a select-all box (indeterminate when only some rows are ticked). */
export function useSelection<K extends string | number>(keys: K[]) {
  const [selected, setSelected] = useState<Set<K>>(new Set());
  const allRef = useRef<HTMLInputElement>(null);

  // Drop selections of rows that are gone (after a revalidation).
  const keySet = useMemo(() => new Set(keys), [keys]);
  useEffect(() => {
    setSelected((s) => {
      const next = new Set([...s].filter((k) => keySet.has(k)));
      return next.size === s.size ? s : next;
    });
  }, [keySet]);

  const all = keys.length > 0 && keys.every((k) => selected.has(k));
  const some = !all && keys.some((k) => selected.has(k));
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = some;
  }, [some]);

  const toggle = useCallback((key: K) => {
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => setSelected(all ? new Set() : new Set(keys)), [all, keys]);
  const clear = useCallback(() => setSelected(new Set()), []);

  return { selected, toggle, toggleAll, clear, all, some, allRef, count: keys.filter((k) => selected.has(k)).length };
}
