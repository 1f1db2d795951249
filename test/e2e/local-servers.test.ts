/**
 * The local servers — `vite preview` (`npm run preview`) and `npm start`'s dev server
 * (`react-router dev`) — answer as production does before Node's request handling gets a
 * chance to fail: a malformed Host header gets the Worker's 400 page (JSON on the API), never
 * a 500 with a stack trace; a chunked body over its route's cap (app/http/body.ts) gets the 413
 * while the client is still sending, not after the whole upload.
 */
import assert from "node:assert/strict";
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { after, before, test } from "node:test";
import { childEnv, freePort } from "../../scripts/lib/run.mjs";
import { startApp, type App } from "./harness.ts";
import { buildWorkerOptions } from "./serve-build.ts";

const HOST = "local-guard.localhost";
const root = path.resolve(import.meta.dirname, "../..");
let app: App;
let dev: ChildProcess | undefined;
let devPort = 0;

before(async () => {
  app = await startApp([{ slug: "guard", name: "Journal of Local Servers", hosts: [HOST] }], undefined, { server: "vite-preview" });
  // The dev server on the same state folder: only the guard's answers are asked of it, which
  // come before the Worker (and its database) is reached.
  devPort = await freePort();
  dev = spawn("react-router", ["dev", "--port", String(devPort), "--strictPort"], {
    cwd: root,
    env: childEnv({ JOURNAL_STATE_DIR: app.stateDir }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  dev.stdout?.on("data", (d) => (output += d));
  dev.stderr?.on("data", (d) => (output += d));
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (dev.exitCode !== null) throw new Error(`react-router dev exited:\n${output}`);
    const up = await rawRequest(devPort, `GET / HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n`).then(
      (r) => r.status > 0,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`react-router dev did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 500));
  }
});

after(async () => {
  if (dev && dev.exitCode === null) {
    dev.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (dev.exitCode === null) dev.kill("SIGKILL");
  }
  await app?.stop();
});

/** One raw HTTP/1.1 exchange (node's client would refuse these Host headers). */
function rawRequest(port: number, request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(request));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (d) => (data += d));
    socket.on("end", () => {
      const split = data.indexOf("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0), head: data.slice(0, split), body: data.slice(split + 4) });
    });
    socket.on("error", reject);
    socket.setTimeout(20_000, () => socket.destroy(new Error("timed out")));
  });
}

const servers = () => [
  { name: "vite preview", port: app.port },
  { name: "react-router dev", port: devPort },
];

test("a malformed Host header gets the Worker's 400 page (JSON on the API), not a 500 from Node", async () => {
  for (const server of servers()) {
    for (const host of ["a b", "", "x@evil.com", "bad_host!"]) {
      const page = await rawRequest(server.port, `GET /board HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      assert.equal(page.status, 400, `${server.name} Host "${host}": ${page.head}\n${page.body.slice(0, 300)}`);
      assert.match(page.body, /<h1>This request names no valid host<\/h1>/, `${server.name} Host "${host}"`);
      assert.doesNotMatch(page.body, /TypeError|at new URL|node:internal/, `${server.name} Host "${host}": a stack trace`);
      const api = await rawRequest(server.port, `GET /api/archives/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      assert.equal(api.status, 400, `${server.name} API Host "${host}"`);
      assert.deepEqual(JSON.parse(api.body), { error: "bad_host" });
    }
  }
  // A well-formed host still reaches the Worker (which names an unknown one).
  const unknown = await rawRequest(app.port, `GET / HTTP/1.1\r\nHost: nobody.localhost:${app.port}\r\nConnection: close\r\n\r\n`);
  assert.equal(unknown.status, 404);
  assert.match(unknown.body, /No journal at this address/);
});

/**
 * POSTs up to 8 MB of a chunked body in 64 KB pieces, a little at a time, and reports the answer
 * and how much was still unsent when it came.
 */
function slowUpload(port: number, target: string, type: string): Promise<{ status: number; body: string; unsent: number }> {
  const size = 8 * 1024 * 1024;
  const piece = Buffer.alloc(64 * 1024, 0x61);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path: target, method: "POST", headers: { host: `${HOST}:${port}`, "content-type": type } });
    let sent = 0;
    let done = false;
    req.on("response", (res) => {
      done = true;
      const unsent = size - sent;
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d) => (body += d));
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, unsent });
      });
    });
    req.on("error", (error) => {
      if (!done) reject(error);
    });
    const pump = () => {
      if (done) return;
      if (sent >= size) return void req.end();
      sent += piece.length;
      req.write(piece);
      setTimeout(pump, 10);
    };
    pump();
  });
}

test("a chunked body over its route's cap is answered 413 while it is still being sent", async () => {
  for (const server of servers()) {
    // The sign-in call (8 KB cap): the API's JSON error.
    const api = await slowUpload(server.port, "/auth/login/", "application/json");
    assert.equal(api.status, 413, `${server.name}: ${api.body.slice(0, 200)}`);
    assert.deepEqual(JSON.parse(api.body), { error: "payload_too_large" });
    assert.ok(api.unsent > 6 * 1024 * 1024, `${server.name}: answered with ${api.unsent} bytes still unsent`);
    // A page (8 KB cap): the Worker's 413 page.
    const page = await slowUpload(server.port, "/contact", "text/plain");
    assert.equal(page.status, 413, `${server.name}: ${page.body.slice(0, 200)}`);
    assert.match(page.body, /<h1>Request too large<\/h1>/);
    assert.ok(page.unsent > 6 * 1024 * 1024, `${server.name}: answered with ${page.unsent} bytes still unsent`);
  }
});

test("bodies within their cap still reach the Worker whole, chunked or not", async () => {
  for (const server of servers()) {
    for (const chunked of [true, false]) {
      const body = JSON.stringify({ username: "nobody", password: "not-the-password" });
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const headers: Record<string, string> = { host: `${HOST}:${server.port}`, "content-type": "application/json" };
        if (!chunked) headers["content-length"] = String(Buffer.byteLength(body));
        const req = http.request({ host: "127.0.0.1", port: server.port, path: "/auth/login/", method: "POST", headers }, (r) => {
          let text = "";
          r.setEncoding("utf8");
          r.on("data", (d) => (text += d));
          r.on("end", () => resolve({ status: r.statusCode ?? 0, body: text }));
        });
        req.on("error", reject);
        if (chunked) {
          req.write(body.slice(0, 12));
          setTimeout(() => req.end(body.slice(12)), 50);
        } else req.end(body);
      });
      // The Worker read the whole JSON: it refuses the credentials, not the body.
      assert.equal(res.status, 401, `${server.name} ${chunked ? "chunked" : "with a length"}: ${res.body}`);
      assert.deepEqual(JSON.parse(res.body), { error: "invalid_credentials" });
    }
  }
});

test("the browser tests' server (workerd alone) gives the Worker what vite preview gives it", () => {
  // wrangler's own reading of the built Worker's config, as the Cloudflare plugin's preview reads it
  // (quietly: not its note on .dev.vars).
  process.env.WRANGLER_LOG = "error";
  const wrangler = createRequire(import.meta.url)("wrangler") as {
    unstable_readConfig(a: { config: string }): unknown;
    unstable_getMiniflareWorkerOptions(c: unknown): { workerOptions: Record<string, unknown> };
  };
  const viaWrangler = wrangler.unstable_getMiniflareWorkerOptions(wrangler.unstable_readConfig({ config: path.join(root, "build/server/wrangler.json") })).workerOptions;
  const ours = buildWorkerOptions(app.stateDir, app.port);
  const port = { PUBLIC_SCHEME: "http", PUBLIC_PORT: String(app.port) };
  assert.deepEqual(ours.bindings, { ...(viaWrangler.bindings as object), ...port });
  assert.ok((ours.bindings as Record<string, string>).JWT_SECRET, "the secrets of build/server/.dev.vars");
  assert.equal(ours.compatibilityDate, viaWrangler.compatibilityDate);
  assert.deepEqual(ours.compatibilityFlags, viaWrangler.compatibilityFlags);
  assert.deepEqual(ours.cronTriggers, viaWrangler.cronTriggers);
  // Options left undefined are dropped (any that wrangler sets, such as html_handling, must match).
  assert.deepEqual(JSON.parse(JSON.stringify(ours.assets)), JSON.parse(JSON.stringify(viaWrangler.assets)));
  const ids = (o: unknown) => Object.fromEntries(Object.entries(o as Record<string, { id: string }>).map(([k, v]) => [k, v.id]));
  assert.deepEqual(ours.d1Databases, ids(viaWrangler.d1Databases));
  assert.deepEqual(ours.r2Buckets, ids(viaWrangler.r2Buckets));
  assert.deepEqual(Object.keys(ours.d1Databases), ["DB"]);
  assert.equal(ours.modules[0].path, "index.js");
  // The entry imports the build's chunks: every one is a module of the Worker.
  const chunks = readdirSync(path.join(root, "build/server/assets")).filter((f) => f.endsWith(".js"));
  assert.ok(chunks.length > 0);
  assert.deepEqual(ours.modules.slice(1).map((m) => m.path).sort(), chunks.map((f) => `assets/${f}`).sort());
});
