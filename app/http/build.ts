/** Set by Vite (vite.config.ts): a fresh id per production build, "test" under vitest, "" under the dev server. */
declare const __BUILD_ID__: string;

export const BUILD_ID: string = __BUILD_ID__;

/**
 * The Vite dev server (`npm start`): its module reloading needs eval and websockets in the CSP,
 * and cached pages would hide code changes. Production builds and the workerd tests are not it.
 */
export const DEV_SERVER: boolean = BUILD_ID === "";
