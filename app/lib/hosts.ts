/**
 * Hostnames: the one place that says what a hostname is, used by tenancy (the Host header of
 * every request) and by `npm run journal` (the hostnames staff give a journal).
 */

/** One DNS label: letters, digits and inner hyphens, 1–63 characters (RFC 1123). */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const PORT = /^\d{1,5}$/;

/**
 * A bare hostname, lower-cased and without a trailing dot, or null when `input` is not one
 * (a scheme, port, path, user, space, underscore or an over-long name).
 */
export function normaliseHostname(input: string): string | null {
  let host = input.trim().toLowerCase();
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (!host || host.length > 253) return null;
  return host.split(".").every((label) => LABEL.test(label)) ? host : null;
}

/**
 * The hostname a Host header names, normalised (case, trailing dot and port dropped), or null
 * when the header is empty or malformed. IPv6 literals keep their brackets (`[::1]`).
 */
export function hostFromHeader(header: string | null | undefined): string | null {
  if (header == null) return null;
  const value = header.trim();
  if (value.startsWith("[")) {
    const m = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(value);
    return m && m[1].includes(":") && validPort(m[2]) ? `[${m[1].toLowerCase()}]` : null;
  }
  const colon = value.lastIndexOf(":");
  const name = colon === -1 ? value : value.slice(0, colon);
  const port = colon === -1 ? undefined : value.slice(colon + 1);
  if (port !== undefined && !validPort(port)) return null;
  return normaliseHostname(name);
}

function validPort(port: string | undefined): boolean {
  return port === undefined || (PORT.test(port) && Number(port) <= 65535);
}
