/**
 * The Worker's start, measured the way `wrangler check startup` does it: the built modules are
 * loaded into a fresh local workerd (Miniflare) whose only request imports the main module, under
 * V8's CPU profiler. The profiler samples every 100 µs (wrangler's default interval of ~1 ms
 * puts most of a start into one sample), and each start is a fresh runtime, repeated: the median
 * is the figure. Alongside: the modules a start evaluates (the main module's static imports,
 * followed transitively) and the whole upload, as `wrangler deploy` counts it (every module but
 * the source maps, gzipped together).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { median } from "./stats.ts";

export interface StartupFigures {
  /** Median active (non-idle) time of the start in the CPU profile, ms; each run's figure beside it. */
  activeMs: number;
  runs: number[];
  /** Median CPU time of workerd while it starts the Worker (request included), ms; null without /proc. */
  cpuMs: number | null;
  /** The modules evaluated at start: the main module's static import closure. */
  startup: { files: number; raw: number; gzip: number; largest: { file: string; raw: number; gzip: number }[] };
  /** Everything uploaded (JavaScript modules, source maps excluded). */
  upload: { files: number; raw: number; gzip: number };
}

const gzip = (bytes: Uint8Array) => gzipSync(bytes, { level: 9 }).length;

/** `build/server`'s modules (what wrangler uploads for a Vite-built Worker, maps aside). */
function modules(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const f = path.join(d, name);
      if (statSync(f).isDirectory()) {
        if (name !== ".vite") walk(f);
      } else if (/\.m?js$/.test(name)) out.push(path.relative(dir, f));
    }
  };
  walk(dir);
  return out.sort();
}

/** The main module and everything it imports statically (not `import()`): evaluated at start. */
export function staticClosure(dir: string, main: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(dir, file), "utf8");
    // Bundler output: `import … from "./x.js"`, `import "./x.js"`, `export … from "./x.js"`.
    for (const m of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\bfrom\s*)?["'](\.{1,2}\/[^"']+)["']/g)) {
      visit(path.relative(dir, path.resolve(path.dirname(path.join(dir, file)), m[1])));
    }
  };
  visit(main);
  return [...seen];
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Active CPU of one start: the sampled time outside "(idle)", in ms. */
function activeMs(profile: CpuProfile): number {
  const names = new Map(profile.nodes.map((n) => [n.id, n.callFrame.functionName]));
  let us = 0;
  // A sample's delta is the time since the one before: it belongs to this sample's state.
  profile.samples.forEach((id, i) => {
    if (names.get(id) !== "(idle)") us += profile.timeDeltas[i] ?? 0;
  });
  return us / 1000;
}

async function profileOnce(
  dir: string,
  main: string,
  files: string[],
  config: { compatibility_date?: string; compatibility_flags?: string[] },
): Promise<{ activeMs: number; cpuMs: number | null }> {
  const entry = `profiler-${crypto.randomUUID()}.mjs`;
  const mf = new Miniflare(
    convertV4MiniflareOptions({
    name: "startup",
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags,
    modulesRoot: dir,
    modules: [
      {
        type: "ESModule",
        path: path.join(dir, entry),
        contents: `export default { async fetch() { await import(${JSON.stringify(`./${main}`)}); return new Response("ok"); } };`,
      },
      ...files.map((f) => ({ type: "ESModule" as const, path: path.join(dir, f), contents: readFileSync(path.join(dir, f), "utf8") })),
    ],
    d1Databases: ["DB"],
    r2Buckets: ["FILES"],
    inspectorPort: 0,
    }),
  );
  try {
    await mf.ready;
    const inspector = await mf.getInspectorURL();
    const ws = new WebSocket(new URL("/core:user:startup", inspector).href);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve(), { once: true });
      ws.addEventListener("error", () => reject(new Error("startup profiler: inspector connection failed")), { once: true });
    });
    let next = 0;
    const waiting = new Map<number, (result: unknown) => void>();
    ws.addEventListener("message", (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
    });
    const send = <T>(method: string, params: object = {}) =>
      new Promise<T>((resolve) => {
        const id = ++next;
        waiting.set(id, resolve as (r: unknown) => void);
        ws.send(JSON.stringify({ id, method, params }));
      });
    await send("Profiler.enable");
    await send("Profiler.setSamplingInterval", { interval: 100 });
    await send("Profiler.start");
    const cpu0 = workerdCpuNs();
    const res = await mf.dispatchFetch("https://startup.invalid/");
    const cpu1 = workerdCpuNs();
    const cpuMs = cpu0 === null || cpu1 === null ? null : (cpu1 - cpu0) / 1e6;
    const text = await res.text();
    if (text !== "ok") throw new Error(`startup profiler: the main module failed to load: ${text.slice(0, 300)}`);
    const { profile } = await send<{ profile: CpuProfile }>("Profiler.stop");
    ws.close();
    return { activeMs: activeMs(profile), cpuMs };
  } finally {
    await mf.dispose();
  }
}

/**
 * CPU time (ns, all threads) of the workerd processes this process started, from Linux's
 * per-thread schedstat: unlike the profile's wall-clock sample spacing, it does not grow when
 * other processes take the CPU. null where there is no /proc.
 */
function workerdCpuNs(): number | null {
  if (!existsSync("/proc")) return null;
  let ns = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[1]) !== process.pid || !stat.includes("(workerd)")) continue;
      for (const t of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ns;
}

/** Profiles `runs` fresh starts of the Worker built in `serverDir` (build/server). */
export async function measureStartup(serverDir: string, runs = 7): Promise<StartupFigures> {
  const config = JSON.parse(readFileSync(path.join(serverDir, "wrangler.json"), "utf8")) as { main: string; compatibility_date?: string; compatibility_flags?: string[] };
  const files = modules(serverDir);
  const closure = staticClosure(serverDir, config.main);
  const sizes = (list: string[]) =>
    list.map((file) => {
      const bytes = readFileSync(path.join(serverDir, file));
      return { file, raw: bytes.length, gzip: gzip(bytes) };
    });
  const startup = sizes(closure);
  const all = Buffer.concat(files.map((f) => readFileSync(path.join(serverDir, f))));
  const results: { activeMs: number; cpuMs: number | null }[] = [];
  for (let i = 0; i < runs; i++) results.push(await profileOnce(serverDir, config.main, files, config));
  const cpu = results.map((r) => r.cpuMs).filter((v): v is number => v !== null);
  return {
    activeMs: median(results.map((r) => r.activeMs)),
    runs: results.map((r) => r.activeMs),
    cpuMs: cpu.length ? median(cpu) : null,
    startup: {
      files: startup.length,
      raw: startup.reduce((n, f) => n + f.raw, 0),
      gzip: startup.reduce((n, f) => n + f.gzip, 0),
      largest: [...startup].sort((a, b) => b.gzip - a.gzip).slice(0, 4),
    },
    upload: { files: files.length, raw: all.length, gzip: gzip(all) },
  };
}
