/**
 * Load generation with node:http: fixed request counts, a fixed concurrency,
 * client-side latency per request, and the D1 figures every response reports in
 * `Server-Timing: d1;desc="N round trips";dur=X`.
 */
import http from "node:http";
import { median, quantile } from "./stats.ts";

export interface Sample {
  ms: number;
  status: number;
  bytes: number;
  trips: number | null;
  d1ms: number | null;
  edge: string | null;
}

export interface Target {
  /** Host header (journal), without port. */
  host: string;
  /**
   * Path + query. `{b}` marks a request that must not be answered from the edge cache: it is
   * replaced by a number unique to the request, and the request carries an Authorization
   * header — the edge cache ignores query parameters no page reads (ADR 005) and never answers
   * or stores requests with Authorization, so the page is rendered every time.
   */
  path: string;
  /** Several paths, one request each in turn (`path` is the first): pages an isolate has not kept. */
  rotate?: string[];
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
}

let unique = Date.now() % 1_000_000;

export function parseServerTiming(header: string | null): { trips: number | null; d1ms: number | null } {
  const m = /d1;desc="(\d+) round trips?";dur=([\d.]+)/.exec(header ?? "");
  return m ? { trips: Number(m[1]), d1ms: Number(m[2]) } : { trips: null, d1ms: null };
}

export class Client {
  readonly origin: string;
  readonly port: number;
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  /** The server's CPU clock (workerd user + system ms), when known. */
  readonly cpu: (() => number) | null;
  constructor(origin: string, cpu: (() => number) | null = null) {
    this.origin = origin;
    this.cpu = cpu;
    this.port = Number(new URL(origin).port);
  }

  url(t: Target): string {
    const path = t.rotate?.length ? t.rotate[unique % t.rotate.length] : t.path;
    return `${this.origin}${path.replace("{b}", String(unique++))}`;
  }

  /**
   * One request, body read to the end. node:http rather than fetch: fetch drops a custom Host
   * header, and tenancy is by Host. A keep-alive agent, like a browser's connection reuse.
   */
  async request(t: Target, opts: { redirect?: "manual" } = {}): Promise<Sample & { body: Uint8Array; headers: Headers }> {
    void opts;
    const url = new URL(this.url(t));
    const start = performance.now();
    const { status, headers, body } = await new Promise<{ status: number; headers: Headers; body: Uint8Array }>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: t.method ?? "GET",
          agent: this.agent,
          headers: {
            host: `${t.host}:${this.port}`,
            ...(t.body ? { "content-type": "application/json", "content-length": Buffer.byteLength(t.body) } : {}),
            ...((t.rotate?.[0] ?? t.path).includes("{b}") ? { authorization: "Bearer bench-edge-cache-bypass" } : {}),
            ...t.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (Array.isArray(v)) for (const one of v) h.append(k, one);
              else if (v !== undefined) h.set(k, v);
            }
            resolve({ status: res.statusCode ?? 0, headers: h, body: new Uint8Array(Buffer.concat(chunks)) });
          });
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end(t.body);
    });
    const ms = performance.now() - start;
    return {
      ms,
      status,
      bytes: body.length,
      ...parseServerTiming(headers.get("server-timing")),
      edge: headers.get("x-edge-cache"),
      body,
      headers,
    };
  }

  /** `count` requests with `concurrency` in flight; returns samples, the batch's wall time and server CPU. */
  async batch(t: Target, count: number, concurrency: number): Promise<{ samples: Sample[]; wallMs: number; cpuMs: number | null }> {
    const samples: Sample[] = [];
    let next = 0;
    const cpu0 = this.cpu?.() ?? null;
    const start = performance.now();
    const worker = async () => {
      while (next < count) {
        next++;
        const { body: _body, headers: _headers, ...s } = await this.request(t);
        samples.push(s);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    const wallMs = performance.now() - start;
    return { samples, wallMs, cpuMs: cpu0 === null ? null : this.cpu!() - cpu0 };
  }
}

export interface Figures {
  n: number;
  medianMs: number;
  p90Ms: number;
  /** Requests per second over the batches' wall time (throughput runs). */
  rps: number;
  /** Median D1 time per request from Server-Timing, ms (workerd's clock moves in whole milliseconds). */
  d1Ms: number | null;
  /** Mean of the same: finer than the median when the times are a millisecond or two. */
  d1MeanMs?: number | null;
  /** Mean workerd CPU per request (user + system, whole process: isolate, D1's SQLite, HTTP), ms. */
  cpuMs: number | null;
  trips: number | null;
  /** Mean D1 round trips per request (a page that reuses what it read makes fewer than its max). */
  meanTrips: number | null;
  statuses: string;
  edge: string;
  bytes: number;
}

export function summarise(samples: Sample[], wallMs: number, cpuTotalMs: number | null = null): Figures {
  const d1 = samples.map((s) => s.d1ms).filter((v): v is number => v !== null);
  const trips = samples.map((s) => s.trips).filter((v): v is number => v !== null);
  const count = (xs: (string | number | null)[]) => {
    const m = new Map<string, number>();
    for (const x of xs) m.set(String(x), (m.get(String(x)) ?? 0) + 1);
    return [...m].map(([k, v]) => `${k}×${v}`).join(" ");
  };
  return {
    n: samples.length,
    medianMs: median(samples.map((s) => s.ms)),
    p90Ms: quantile(samples.map((s) => s.ms), 0.9),
    rps: wallMs > 0 ? (samples.length * 1000) / wallMs : Number.NaN,
    d1Ms: d1.length ? median(d1) : null,
    d1MeanMs: d1.length ? d1.reduce((a, b) => a + b, 0) / d1.length : null,
    cpuMs: cpuTotalMs === null || !samples.length ? null : cpuTotalMs / samples.length,
    trips: trips.length ? Math.max(...trips) : null,
    meanTrips: trips.length ? trips.reduce((a, b) => a + b, 0) / trips.length : null,
    statuses: count(samples.map((s) => s.status)),
    edge: count(samples.map((s) => s.edge)),
    bytes: median(samples.map((s) => s.bytes)),
  };
}

/**
 * Measures several targets fairly on a noisy machine: `rounds` rounds, each running a slice of
 * every target in a shuffled order, so load from other processes spreads over all of them.
 */
export async function interleaved(
  client: Client,
  targets: Record<string, Target>,
  opts: { perTarget: number; rounds: number; concurrency: number; warmup: number; onRound?: (r: number) => void },
): Promise<Record<string, Figures>> {
  const names = Object.keys(targets);
  for (const name of names) await client.batch(targets[name], opts.warmup, Math.min(opts.concurrency, opts.warmup));
  const acc: Record<string, { samples: Sample[]; wall: number; cpu: number | null }> = Object.fromEntries(
    names.map((n) => [n, { samples: [], wall: 0, cpu: client.cpu ? 0 : null }]),
  );
  const per = Math.ceil(opts.perTarget / opts.rounds);
  let seed = 7;
  const rand = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  for (let r = 0; r < opts.rounds; r++) {
    const order = [...names];
    for (let i = order.length - 1; i > 0; i--) {
      const k = Math.floor(rand() * (i + 1));
      [order[i], order[k]] = [order[k], order[i]];
    }
    for (const name of order) {
      const { samples, wallMs, cpuMs } = await client.batch(targets[name], per, opts.concurrency);
      acc[name].samples.push(...samples);
      acc[name].wall += wallMs;
      if (acc[name].cpu !== null && cpuMs !== null) acc[name].cpu! += cpuMs;
    }
    opts.onRound?.(r);
  }
  return Object.fromEntries(names.map((n) => [n, summarise(acc[n].samples, acc[n].wall, acc[n].cpu)]));
}
