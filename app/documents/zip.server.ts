/**
 * Streaming zip of generated documents. Each entry is built only when the client has read the
 * previous one (ReadableStream pull), stored without compression (PDFs are already deflated)
 * and written straight through fflate's Zip — so memory stays at about one document whatever
 * the number of entries, and the first bytes leave before the last PDF is built.
 */
import { Zip, ZipPassThrough } from "fflate";

export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** Makes entry names safe and unique: no path separators or control characters, no duplicates. */
export function uniqueEntryName(name: string, used: Set<string>): string {
  let safe = name.normalize("NFC").replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, "-").replace(/^\.+/, "").slice(0, 120) || "document.pdf";
  if (used.has(safe.toLowerCase())) {
    const dot = safe.lastIndexOf(".");
    const stem = dot > 0 ? safe.slice(0, dot) : safe;
    const ext = dot > 0 ? safe.slice(dot) : "";
    let n = 2;
    while (used.has(`${stem}-${n}${ext}`.toLowerCase())) n++;
    safe = `${stem}-${n}${ext}`;
  }
  used.add(safe.toLowerCase());
  return safe;
}

/** What a zip's DOS timestamps can hold: 1980-01-01 to 2099-12-31 (fflate throws outside). */
const DOS_MIN = Date.UTC(1980, 0, 1);
const DOS_MAX = Date.UTC(2099, 11, 31, 23, 59, 58);

/**
 * A zip file as a byte stream. `next` returns the next entry, or null when done; it is called
 * once per pull, i.e. only as fast as the client reads. Every entry is stamped with `modified`,
 * a date from the selection's data (not the clock), so the same selection gives the same zip.
 */
export function zipStream(next: () => Promise<ZipEntry | null>, modified: Date): ReadableStream<Uint8Array> {
  let zip: Zip;
  const t = modified.getTime();
  const mtime = new Date(Number.isNaN(t) ? DOS_MIN : Math.min(Math.max(t, DOS_MIN), DOS_MAX));
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        zip = new Zip((error, chunk, final) => {
          if (error) {
            controller.error(error);
            return;
          }
          if (chunk.length) controller.enqueue(chunk);
          if (final) controller.close();
        });
      },
      async pull(controller) {
        try {
          const entry = await next();
          if (!entry) {
            zip.end();
            return;
          }
          const file = new ZipPassThrough(entry.name);
          file.mtime = mtime;
          zip.add(file);
          file.push(entry.data, true);
        } catch (error) {
          console.error("zip entry failed", error);
          controller.error(error);
        }
      },
    },
    { highWaterMark: 1 },
  );
}
