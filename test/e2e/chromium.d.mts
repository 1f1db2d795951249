// Types of chromium.mjs (plain JavaScript, imported by scripts/test.mjs too).
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
