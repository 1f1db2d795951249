/**
 * Length limits of a new staff password, for the form (which must not pull in the common-
 * password set) and app/lib/password-policy.ts, which applies every rule.
 */
export const MIN_PASSWORD_LENGTH = 10;
/** Any password, new or offered: longer ones are refused before any hashing work (a 1 MB password is an attack, not a password). */
export const MAX_PASSWORD_LENGTH = 1024;
