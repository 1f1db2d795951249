/**
 * Length limits of a new staff password, for the form (which must not pull in the common-
 * password set) and app/lib/password-policy.ts, which applies every rule.
 */
export const MIN_PASSWORD_LENGTH = 10;
/** Same ceiling as MAX_PASSWORD_LENGTH in app/lib/password.server.ts (refused before any hashing work). */
export const MAX_NEW_PASSWORD_LENGTH = 1024;
