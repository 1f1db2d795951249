// Bindings that `wrangler types` cannot see: secrets (set with `wrangler secret put`, or
// .dev.vars locally) and what workers/app.ts adds per request.
interface Env {
  JWT_SECRET?: string;
  CERTIFICATE_SECRET?: string;
  /** Where security reports go (mailto: or https:), served in /.well-known/security.txt. */
  SECURITY_CONTACT?: string;
  /** "http" on a local server; production (unset) is https. Set by vite.config.ts locally. */
  PUBLIC_SCHEME?: string;
  /** The port absolute URLs name on a local server; unset in production. */
  PUBLIC_PORT?: string;
  /** "1" when this request arrived over https (set per request by workers/app.ts). */
  SECURE_TRANSPORT?: string;
}
