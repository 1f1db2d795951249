/**
 * Signing secrets — JWT_SECRET for session tokens (app/auth/tokens.server.ts) and
 * CERTIFICATE_SECRET or JWT_SECRET for certificate codes (app/documents/verification.server.ts):
 * the one rule for whether a configured value may sign anything.
 */

const MIN_SECRET_LENGTH = 32;

/** The example file's value: a copied .dev.vars.example must not sign real tokens or codes. */
const PLACEHOLDER_SECRET = /^replace-with/i;

export class MissingSecretError extends Error {
  constructor(name = "JWT_SECRET") {
    super(`${name} is missing, shorter than ${MIN_SECRET_LENGTH} characters or the example placeholder; refusing to sign`);
  }
}

/** The secret, if it may sign: at least 32 characters and not the example placeholder. */
export function signingSecret(secret: string | undefined, name?: string): string {
  if (!secret || secret.length < MIN_SECRET_LENGTH || PLACEHOLDER_SECRET.test(secret)) throw new MissingSecretError(name);
  return secret;
}
