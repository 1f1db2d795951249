// Types of run.mjs (plain JavaScript so that it runs on any Node), for the TypeScript scripts
// and tests that share its helpers.
import type { ChildProcess } from "node:child_process";

/** The project's root folder. */
export const root: string;
/** Environment for child processes: the project's binaries (incl. Node 22) first, no telemetry; `extra` on top. */
export function childEnv(extra?: Record<string, string>): NodeJS.ProcessEnv;
export function run(cmd: string, args: string[], opts?: { env?: Record<string, string>; allowFailure?: boolean }): number;
export function start(cmd: string, args: string[], opts?: { env?: Record<string, string> }): ChildProcess;
export function ensureInstalled(): void;
export function ensureDevVars(): void;
/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number>;
