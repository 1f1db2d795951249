/**
 * Bounded request bodies, measured: an 80 MB body to each anonymous POST route answers 413 without the
 * workerd process growing by more than a few MB — with a declared Content-Length and chunked
 * (no length), against the production build in real workerd. The figures are printed and
 * recorded in docs/SECURITY.md.
 */
import assert from "node:assert/strict";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import { after, before, test } from "node:test";
import { fetchOnHost, startApp, type App } from "./harness.ts";

const HOST = "bodies.localhost";
const SIZE = 80 * 1024 * 1024;
let app: App;

/** Every descendant process of `pid`. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* gone */
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

function workerdPid(): number {
  const found = descendants(app.pid).find((p) => {
    try {
      return readFileSync(`/proc/${p}/comm`, "utf8").trim() === "workerd";
    } catch {
      return false;
    }
  });
  assert.ok(found, "no workerd process under the server");
  return found;
}

/**
 * workerd's own listening ports. Requests are sent to workerd directly: the harness's server is
 * workerd itself, but `vite preview`'s Node proxy, were it in front, would answer an oversized
 * upload itself (scripts/lib/local-guard.ts), so the Worker would never see it, and production has
 * no such proxy.
 */
function workerdPorts(pid: number): number[] {
  // Read from /proc (no iproute2 needed): the process's socket inodes, then the listening TCP
  // sockets (state 0A) that own one of them.
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // the descriptor closed meanwhile
    }
  }
  const ports: number[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== "0A" || !inodes.has(cols[9])) continue;
      ports.push(parseInt(cols[1].split(":")[1], 16));
    }
  }
  return ports.filter((p) => p > 0);
}

let target = 0;

/** A GET of `path` straight to one workerd port, with the Host header the app's port would get. */
async function get(port: number, path: string): Promise<string> {
  const res = await fetchOnHost({ port }, HOST, path, { headers: { host: `${HOST}:${app.port}` }, signal: AbortSignal.timeout(5000) });
  return res.text();
}

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) : 0;
}

/**
 * POSTs `SIZE` bytes of 'a' (declared or chunked), stopping when the answer arrives. When the
 * server's 413 and close beat the client to it — the write fails (EPIPE, ECONNRESET) and Node's
 * client drops the socket before it has read the answer, which a browser would still read —
 * the POST is sent again, twice at most; a server that never answers still fails the test.
 */
async function post(path: string, type: string, declared: boolean, size = SIZE): Promise<{ status: number; body: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await postOnce(path, type, declared, size);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (attempt >= 3 || (code !== "EPIPE" && code !== "ECONNRESET")) throw error;
    }
  }
}

function postOnce(path: string, type: string, declared: boolean, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `${HOST}:${app.port}`, "content-type": type };
    if (declared) headers["content-length"] = String(size);
    const req = http.request({ host: "127.0.0.1", port: target, path, method: "POST", headers });
    let answered = false;
    req.on("response", (res) => {
      answered = true;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: body.slice(0, 300) });
      });
    });
    let writing = true;
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      // A server may answer 413 and close while the body is still being written: the write
      // fails (EPIPE, ECONNRESET) before the answer is read. Stop writing and wait for it.
      if (writing && (error.code === "EPIPE" || error.code === "ECONNRESET")) {
        writing = false;
        setTimeout(() => answered || reject(error), 2000);
        return;
      }
      reject(error);
    });
    const chunk = Buffer.alloc(256 * 1024, 0x61);
    let sent = 0;
    const pump = () => {
      while (!answered && writing && sent < size) {
        const part = size - sent < chunk.length ? chunk.subarray(0, size - sent) : chunk;
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", pump);
      }
      if (!answered && writing) req.end();
    };
    pump();
  });
}

before(async () => {
  app = await startApp([{ slug: "bodies", name: "Journal of Bounded Bodies", hosts: [HOST], settings: { websitename: "Journal of Bounded Bodies" } }]);
});

after(async () => {
  await app?.stop();
});

test("an 80 MB body to each anonymous POST route answers 413 and workerd grows by at most a few MB", async () => {
  const pid = workerdPid();
  // The port of workerd that serves this journal's pages (not its inspector or loopback ones).
  for (const port of workerdPorts(pid)) {
    try {
      const text = await get(port, "/");
      if (text.includes("Journal of Bounded Bodies")) {
        target = port;
        break;
      }
    } catch {
      /* not an HTTP port */
    }
  }
  assert.ok(target, `no workerd port serves the journal (ports ${workerdPorts(pid).join(", ")})`);
  const only = process.env.BODY_ROUTE; // one route only, when debugging
  const all: [string, string][] = [
    ["/admin/login", "application/x-www-form-urlencoded"],
    ["/auth/login/", "application/json"],
    ["/oai", "application/x-www-form-urlencoded"],
  ];
  const routes = only ? all.filter(([p]) => p === only) : all;
  // Warm up: every route answers once with a small body, so code is loaded before measuring.
  for (const [path, type] of routes) await post(path, type, true, 3);
  const before = rssKb(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssKb(pid))), 20);
  const results: string[] = [];
  try {
    for (const [path, type] of routes) {
      for (const declared of [true, false]) {
        const { status, body } = await post(path, type, declared);
        results.push(`${path} ${declared ? "Content-Length" : "chunked"} → ${status}`);
        assert.equal(status, 413, `${path} (${declared ? "declared" : "chunked"}): ${body}`);
      }
    }
  } finally {
    clearInterval(timer);
  }
  const growthMb = (peak - before) / 1024;
  console.log(`workerd RSS before ${(before / 1024).toFixed(1)} MB, peak ${(peak / 1024).toFixed(1)} MB (+${growthMb.toFixed(1)} MB) over ${results.length} bodies of 80 MB:\n  ${results.join("\n  ")}`);
  assert.ok(growthMb < 8, `workerd grew by ${growthMb.toFixed(1)} MB`);
});
