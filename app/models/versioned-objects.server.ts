/**
 * One rule for a versioned write (app/models/versioned.server.ts) that switches its row to a new
 * R2 object — an article's PDF, an editor's picture, a partner's logo, the settings' images
 * (docs/decisions/004-atomic-files.md): the new object goes to a fresh name before anything
 * else (the upload has arrived whole by then); the guarded batch switches the row to it; only
 * then is the object the row named IMMEDIATELY before the switch deleted (the version guard
 * makes that so: the row cannot change between the read the plan was made on and the switch).
 * A write that is refused, changes nothing or fails deletes its own new object instead, so six
 * uploads at once to one record leave exactly one object, the last switch's, and a failure at
 * any step leaves the previous file in place with no orphan.
 */
import type { Db } from "../db/client.server";
import { sha256Hex, type Actor } from "./history.server";
import { versionedWrite, type Expectation, type Plan, type PlanFailure, type VersionedResult, type VersionedTarget } from "./versioned.server";

type Storage = { FILES: R2Bucket };

/** An uploaded image, checked, on its way to R2. */
export interface NewImage {
  bytes: Uint8Array;
  ext: string;
  contentType: string;
}

/** An image put into R2 for a write that has yet to switch its row to it. */
export interface StoredImage {
  /** The object's name, as the row names it. */
  name: string;
  /** sha256 of the bytes: how the history names the file. */
  sha: string;
}

/** What a write that may bring a new file asks, as versionedWrite's: its plan is handed the stored file. */
export interface FileWriteOptions<Row, F, Stored> {
  actor: Actor;
  action: string;
  expect: Expectation;
  plan: (row: Row, only: ReadonlySet<string> | null, stored: Stored | null) => Plan | PlanFailure<F>;
}

/** Puts bytes into the object `key`; answers their sha256. */
export async function putObject(env: Storage, key: string, bytes: Uint8Array, contentType: string): Promise<string> {
  const [sha] = await Promise.all([
    sha256Hex(bytes as Uint8Array<ArrayBuffer>), // bytes read from a request: ArrayBuffer-backed
    env.FILES.put(key, bytes, { httpMetadata: { contentType } }),
  ]);
  return sha;
}

/** Where a record keeps its image: the R2 key of an object name, and how new names begin. */
export interface ImageSlot {
  prefix: string;
  key: (name: string) => string;
}

/** Puts an image into a fresh object `{prefix}-{random}.{ext}` of its slot. Null for no image. */
export async function putImage(env: Storage, slot: ImageSlot, image: NewImage | null): Promise<StoredImage | null> {
  if (!image) return null;
  const name = `${slot.prefix}-${crypto.randomUUID().slice(0, 12)}.${image.ext}`;
  return { name, sha: await putObject(env, slot.key(name), image.bytes, image.contentType) };
}

/** Deletes an object if there is one; a failed delete only leaves an orphan, never an error. */
export function deleteObject(env: Storage, key: string | null | undefined): Promise<unknown> {
  return key ? env.FILES.delete(key).catch(() => {}) : Promise.resolve();
}

/**
 * Runs `write`, which makes a row name the new object `added` (its R2 key; null for none); if
 * the write fails, the object goes again, so no object is left that no row names.
 */
export async function withObject<T>(env: Storage, added: string | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await deleteObject(env, added);
    throw error;
  }
}

/**
 * Runs `write`, a versioned write that may switch its row to the new object `added` (its R2
 * key, null when the write brings none), and then deletes the object that lost: `added` when
 * the write fails, is refused or changes nothing, else the one the row named before the switch
 * (`objectOf` gives the key a row names, null for none) when the switch changed it.
 */
export async function switchObject<Row extends { version: number }, F>(
  env: Storage,
  added: string | null,
  objectOf: (row: Row) => string | null,
  write: () => Promise<VersionedResult<Row, F>>,
): Promise<VersionedResult<Row, F>> {
  const result = await withObject(env, added, write);
  if (!result.ok || !result.changed) {
    await deleteObject(env, added);
    return result;
  }
  const replaced = objectOf(result.before);
  if (replaced && replaced !== objectOf(result.row)) await deleteObject(env, replaced);
  return result;
}

/**
 * A versioned write of `target`, optionally with a new image for the column `nameIn` reads (an
 * editor's picture, a partner's logo): the plan gets the stored image to switch the row to.
 */
export async function versionedImageWrite<Row extends { version: number }, F>(
  env: Storage,
  db: Db,
  journalId: number,
  target: VersionedTarget<Row>,
  slot: ImageSlot,
  nameIn: (row: Row) => string,
  image: NewImage | null,
  opts: FileWriteOptions<Row, F, StoredImage>,
): Promise<VersionedResult<Row, F>> {
  const stored = await putImage(env, slot, image);
  return switchObject(
    env,
    stored && slot.key(stored.name),
    (row) => (nameIn(row) ? slot.key(nameIn(row)) : null),
    () =>
      versionedWrite<Row, F>(db, journalId, target, {
        actor: opts.actor,
        action: opts.action,
        expect: opts.expect,
        plan: (row, only) => opts.plan(row, only, stored),
      }),
  );
}
