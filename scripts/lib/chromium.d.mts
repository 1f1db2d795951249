// Types of chromium.mjs (plain JavaScript: scripts/test.mjs may run before the project's Node is installed).
export declare const CHROMIUM: string;
export declare const CHROMIUM_ARGS: string[];
export declare const UNUSED_FEATURES: string[];
export declare function playwrightDisabledFeatures(): string[];
export declare function playwrightChromiumArgs(): string[];
export declare function featuresNotDisabled(pid: number): string[];
