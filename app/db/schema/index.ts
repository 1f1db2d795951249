export * from "./journals";
export * from "./settings";
export * from "./editors";
export * from "./indexing";
export * from "./issues";
export * from "./articles";
export * from "./users";
export * from "./login-attempts";
