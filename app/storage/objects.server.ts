/**
 * Listing what R2 holds (the storage check and backups compare it with what rows reference).
 */

/** Every object key under `prefix`, in key order (R2 lists at most 1,000 per call). */
export async function listObjectKeys(bucket: R2Bucket, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ prefix, cursor, limit: 1000 });
    for (const o of page.objects) keys.push(o.key);
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * Objects derived from others and re-made on demand (a journal's link-preview images, named by
 * a digest of what they show and pruned when redrawn): neither orphans nor part of a backup.
 */
export function isDerivedObject(key: string): boolean {
  return /^journals\/\d+\/previews\/[0-9a-f]{16,64}\.png$/.test(key);
}
