/**
 * Which stored objects (R2) the rows reference: an article's PDF, an editor's picture, an
 * indexing partner's image, a journal's logo, signature and stamp. One list, read by the storage
 * check (`npm run storage-check`: objects no row references, rows whose object is missing) and
 * by backups (`npm run backup`: every object a row references), as one SQL statement that the
 * scripts run locally or through wrangler and the Worker's own tests run on D1.
 */
import type { Statement } from "./journals.server";
import { articlePdfKey, certificateImageKey, editorPictureKey, indexingImageKey, isSafeFileName, journalLogoKey } from "../storage/keys.server";
import { isDerivedObject, listObjectKeys } from "../storage/objects.server";

/** A row's reference to a stored object. */
export interface ObjectReference {
  /** The R2 key, or null when the stored name is not a safe object name (reported as missing). */
  key: string | null;
  journalId: number;
  table: string;
  /** The row's id (the journal's id for settings). */
  rowId: string;
  column: string;
  name: string;
}

/**
 * The referencing rows, of every journal or of one (by slug). Columns: journal_id, tbl, row_id,
 * col, year, volume, issue, name, folder. An article's object is `file_key` when set, else its
 * `file` (rows from before versioned uploads, ADR 004), in the issue folder `file_folder` names
 * ('' = the folder of its year, volume and issue; an issue correction or a move keeps objects
 * where they were stored, ADR 021).
 */
export function storedObjectRowsStatement(journalSlug?: string): Statement {
  const scope = (column: string) => (journalSlug === undefined ? "" : ` and ${column} = (select id from journals where slug = ?)`);
  const sql = [
    `select a.journal_id, 'articles' as tbl, cast(a.id as text) as row_id, 'file' as col, a.year, a.volume, a.issue,
            case when a.file_key != '' then a.file_key else a.file end as name, a.file_folder as folder
       from articles a where (a.file_key != '' or a.file != '')${scope("a.journal_id")}`,
    `select e.journal_id, 'editors', cast(e.id as text), 'picture', null, null, null, e.picture, null from editors e where e.picture != ''${scope("e.journal_id")}`,
    `select p.journal_id, 'indexing_partners', cast(p.id as text), 'image', null, null, null, p.image, null from indexing_partners p where p.image != ''${scope("p.journal_id")}`,
    // One term for the three settings images: D1 allows few terms in a compound SELECT.
    `select journal_id, 'settings', cast(journal_id as text), col, null, null, null, name, null from (
       select s.journal_id, c.value as col,
              case c.value when 'logo' then s.logo when 'signature_image' then s.signature_image else s.stamp_image end as name
         from settings s join json_each('["logo","signature_image","stamp_image"]') c${journalSlug === undefined ? "" : ` where s.journal_id = (select id from journals where slug = ?)`}
     ) where name != ''`,
  ].join("\nunion all\n");
  const parts = 4;
  return { sql: `${sql}\norder by 1, 2, 3, 4`, params: journalSlug === undefined ? [] : Array.from({ length: parts }, () => journalSlug) };
}

/** The R2 key of each referencing row, built by app/storage/keys.server.ts (the one place keys are made). */
export function objectReferences(rows: Record<string, unknown>[]): ObjectReference[] {
  return rows.map((r) => {
    const journalId = Number(r.journal_id);
    const table = String(r.tbl);
    const column = String(r.col);
    const name = String(r.name);
    let key: string | null = null;
    if (isSafeFileName(name)) {
      if (table === "articles") {
        try {
          key = articlePdfKey(journalId, { year: Number(r.year), volume: Number(r.volume), issue: Number(r.issue), file: name, fileKey: name, fileFolder: String(r.folder ?? "") });
        } catch {
          key = null; // a folder that is no issue folder: reported as missing
        }
      } else if (table === "editors") key = editorPictureKey(journalId, name);
      else if (table === "indexing_partners") key = indexingImageKey(journalId, name);
      else if (column === "logo") key = journalLogoKey(journalId, name);
      else key = certificateImageKey(journalId, name);
    }
    return { key, journalId, table, rowId: String(r.row_id), column, name };
  });
}

export interface StorageReport {
  /** Objects no row references (derived ones, such as link previews, are not counted). */
  orphans: string[];
  /** Rows whose object is not stored (or whose stored name is not a valid object name). */
  missing: ObjectReference[];
  referenced: number;
  stored: number;
  derived: number;
}

/** What the rows reference against what the bucket holds. */
export function compareStorage(references: ObjectReference[], storedKeys: string[]): StorageReport {
  const stored = new Set(storedKeys);
  const wanted = new Set(references.map((r) => r.key).filter((k): k is string => k !== null));
  const derived = storedKeys.filter(isDerivedObject);
  return {
    orphans: storedKeys.filter((k) => !wanted.has(k) && !isDerivedObject(k)),
    missing: references.filter((r) => r.key === null || !stored.has(r.key)),
    referenced: wanted.size,
    stored: storedKeys.length,
    derived: derived.length,
  };
}

/**
 * The storage check on D1 and R2 bindings (local, remote through wrangler's proxy, or the
 * tests'): of every journal, or of one journal's rows and its `journals/{id}/` objects.
 */
export async function checkStorage(d1: D1Database, bucket: R2Bucket, journal?: { id: number; slug: string }): Promise<StorageReport> {
  const statement = storedObjectRowsStatement(journal?.slug);
  const { results } = await d1.prepare(statement.sql).bind(...statement.params).all<Record<string, unknown>>();
  const keys = await listObjectKeys(bucket, journal ? `journals/${journal.id}/` : "");
  return compareStorage(objectReferences(results), keys);
}
