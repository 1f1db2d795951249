// Types of chromium.mjs (plain JavaScript: scripts/test.mjs may run before the project's Node is installed).
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
