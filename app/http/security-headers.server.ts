import { DEV_SERVER } from "./build";

/**
 * Security headers for HTML documents. Scripts need the per-request nonce (no 'unsafe-inline'
 * scripts); styles allow inline attributes because React renders style props.
 */
function contentSecurityPolicy(nonce: string, dev: boolean): string {
  const scriptSrc = dev
    ? `'self' 'nonce-${nonce}' 'unsafe-eval'` // Vite's dev client evaluates modules
    : `'self' 'nonce-${nonce}'`;
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join("; ");
}

export function applySecurityHeaders(
  headers: Headers,
  { nonce, production }: { nonce: string; production: boolean },
): void {
  // The dev server also needs eval (module reloading) and websockets (HMR).
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, DEV_SERVER));
  headers.set("X-Content-Type-Options", "nosniff");
  // A page may ask for less (the set-password page, whose address holds its token: no-referrer).
  if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  if (production) headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}
