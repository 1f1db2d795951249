/**
 * Identities, as opposed to addresses (app/lib/urls.ts): names of records that harvesters, feed
 * readers and indexes keep for good, so they never contain the journal's current host. They are
 * built from `journal.identity` — a hostname fixed when the journal was created and its creation
 * day — which a move to a new domain leaves alone (docs/decisions/007-primary-host.md).
 */

interface JournalIdentity {
  /** The fixed hostname (journals.identity_host). */
  host: string;
  /** YYYY-MM-DD: the journal's creation day. */
  since: string;
}

/** OAI-PMH identifier of an article: `oai:{identity host}:article/{id}` (no leading zeros). */
export function oaiIdentifier(identity: JournalIdentity, articleId: number): string {
  return `oai:${identity.host}:article/${articleId}`;
}

/**
 * The article id an OAI-PMH identifier names, or null. `hosts` are the repository identifiers it
 * may carry: the fixed one first, then the journal's own hostnames, so an identifier someone
 * built from a host the journal answers on still resolves. One spelling per record:
 * `article/01` is not `article/1`.
 */
export function articleIdOfOaiIdentifier(identifier: string, hosts: readonly string[]): number | null {
  const m = /^oai:([^:]+):article\/([1-9]\d{0,11})$/.exec(identifier);
  if (!m || !hosts.includes(m[1].toLowerCase())) return null;
  return Number(m[2]);
}

/**
 * A `tag:` URI (RFC 4151) for a feed or an entry: `tag:{identity host},{creation day}:{name}`.
 * Atom ids must never change; the journal's URLs may.
 */
export function tagUri(identity: JournalIdentity, name: string): string {
  return `tag:${identity.host},${identity.since}:${name}`;
}
