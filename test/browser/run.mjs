// npm run test:browser: the built package in headless Chromium, sending requests with
// fetch(...toFetchArgs(endpoint(...))) to a loopback API on another origin (so CORS applies),
// checked on the server side. Fails, never skips, when Chromium cannot start.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const OVERALL_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 15_000;
const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const root = fileURLToPath(new URL("../..", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));
const dist = join(root, "dist");
const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".mjs": "text/javascript", ".map": "application/json" };

/** The server-side checks, one per request page.mjs sends, matched by method and path. */
const checks = [
  {
    name: "GET with query",
    method: "GET",
    path: "/orgs/octo-org/repos",
    check(arrived) {
      assert.equal(arrived.query, "type=private&per_page=2");
      assert.equal(arrived.headers.accept, "application/vnd.github.v3+json");
      assert.equal(arrived.headers.authorization, "token browser-1");
      assert.equal(arrived.body.length, 0);
    },
  },
  {
    name: "HEAD",
    method: "HEAD",
    path: "/repos/o/r",
    check(arrived) {
      assert.equal(arrived.body.length, 0);
    },
  },
  {
    name: "POST JSON",
    method: "POST",
    path: "/repos/o/r/issues",
    check(arrived) {
      assert.equal(arrived.headers["content-type"], "application/json; charset=utf-8");
      assert.deepEqual(JSON.parse(arrived.body.toString("utf8")), { title: "Crash ✗", labels: ["bug"] });
    },
  },
  {
    // Arrives only because toFetchArgs uppercased it: the preflight compares methods case-sensitively.
    name: "PATCH JSON",
    method: "PATCH",
    path: "/repos/o/r",
    check(arrived) {
      assert.equal(arrived.headers["content-type"], "application/json; charset=utf-8");
      assert.deepEqual(JSON.parse(arrived.body.toString("utf8")), { description: "new", homepage: null });
    },
  },
  {
    name: "PUT empty",
    method: "PUT",
    path: "/user/starred/o/r",
    check(arrived) {
      assert.equal(arrived.headers["content-length"], "0");
      assert.equal(arrived.headers["content-type"], undefined);
      assert.equal(arrived.body.length, 0);
    },
  },
  {
    name: "DELETE",
    method: "DELETE",
    path: "/repos/o/r/labels/wontfix",
    check(arrived) {
      assert.equal(arrived.headers.authorization, "token browser-1");
      assert.equal(arrived.body.length, 0);
    },
  },
  {
    name: "raw data",
    method: "POST",
    path: "/markdown/raw",
    check(arrived) {
      assert.equal(arrived.headers["content-type"], "text/x-markdown");
      assert.equal(arrived.body.toString("utf8"), "# Héllo ✓");
    },
  },
  {
    name: "unicode",
    method: "GET",
    path: "/users/zo%C3%AB/repos",
    check(arrived) {
      assert.equal(new URLSearchParams(arrived.query).get("q"), "ñandú 😀");
    },
  },
];

/** Starts an HTTP server on 127.0.0.1 and a free port; `close()` also drops open connections. */
async function listen(handler) {
  const server = createServer(handler);
  server.requestTimeout = STEP_TIMEOUT_MS;
  await new Promise((resolvePromise, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolvePromise);
  });
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    close() {
      server.closeAllConnections();
      return new Promise((resolvePromise) => server.close(() => resolvePromise()));
    },
  };
}

/** Serves the page and the built package, nothing else. */
async function startPageServer() {
  return listen(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    let file;
    if (path === "/favicon.ico") {
      response.writeHead(204).end();
      return;
    }
    if (path === "/") file = join(here, "page.html");
    else if (path === "/page.mjs") file = join(here, "page.mjs");
    else if (path.startsWith("/dist/")) {
      const candidate = resolve(dist, `.${path.slice("/dist".length)}`);
      if (candidate.startsWith(dist + sep)) file = candidate;
    }
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    try {
      const content = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream", "cache-control": "no-store" }).end(content);
    } catch {
      response.writeHead(404).end();
    }
  });
}

/** The API: records each request as it arrived and answers CORS preflights for the page's origin. */
async function startApiServer(pageOrigin, arrived) {
  return listen((request, response) => {
    const cors = { "access-control-allow-origin": pageOrigin, vary: "origin" };
    if (request.method === "OPTIONS") {
      response
        .writeHead(204, {
          ...cors,
          "access-control-allow-methods": "GET, HEAD, POST, PATCH, PUT, DELETE",
          "access-control-allow-headers": request.headers["access-control-request-headers"] ?? "",
          "access-control-max-age": "0",
        })
        .end();
      return;
    }
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      const target = request.url ?? "";
      const mark = target.indexOf("?");
      arrived.push({
        method: request.method,
        path: mark === -1 ? target : target.slice(0, mark),
        query: mark === -1 ? "" : target.slice(mark + 1),
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { ...cors, "content-type": "application/json" }).end('{"ok":true}');
    });
  });
}

/** Runs the page and returns what each request's fetch reported in the browser. */
async function runPage(browser, pageOrigin, apiOrigin, pageErrors) {
  const page = await browser.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  page.on("pageerror", (error) => pageErrors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") pageErrors.push(message.text());
  });
  await page.goto(`${pageOrigin}/`);
  await page.waitForFunction(() => typeof window.sendAll === "function");
  return page.evaluate((api) => window.sendAll(api), apiOrigin);
}

async function main() {
  const arrived = [];
  const pageErrors = [];
  const resources = [];
  let results;
  let setupError;

  const closeAll = () => Promise.all(resources.map((resource) => resource.close().catch(() => {})));
  let timedOut = false;
  const overall = setTimeout(() => {
    timedOut = true;
    console.log(`not ok - setup: gave up after ${OVERALL_TIMEOUT_MS / 1000} s`);
    console.log(`browser: 0 passed, ${checks.length} failed`);
    // Close what can be closed in a few seconds; playwright kills its browser on exit anyway.
    const grace = new Promise((resolvePromise) => setTimeout(resolvePromise, 5_000));
    Promise.race([closeAll(), grace]).finally(() => process.exit(1));
  }, OVERALL_TIMEOUT_MS);

  try {
    const pageServer = await startPageServer();
    resources.push(pageServer);
    const apiServer = await startApiServer(pageServer.origin, arrived);
    resources.push(apiServer);
    let browser;
    try {
      browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, timeout: STEP_TIMEOUT_MS });
    } catch (error) {
      throw new Error(`Chromium could not start from ${CHROMIUM} (install Debian's chromium package): ${error.message}`);
    }
    resources.unshift({ close: () => browser.close() });
    results = await runPage(browser, pageServer.origin, apiServer.origin, pageErrors);
  } catch (error) {
    setupError = error;
  } finally {
    await closeAll();
    clearTimeout(overall);
  }
  if (timedOut) return;

  if (setupError) {
    // Nothing was checked, so every check counts as failed: a missing browser must not look green.
    console.log(`not ok - setup: ${setupError.message.split("\n")[0]}`);
    if (pageErrors.length > 0) console.log(`page errors:\n  ${pageErrors.join("\n  ")}`);
    console.log(`browser: 0 passed, ${checks.length} failed`);
    process.exitCode = 1;
    return;
  }
  let passed = 0;
  let failed = 0;
  for (const { name, method, path, check } of checks) {
    try {
      const reported = results.find((result) => result.name === name);
      assert.ok(reported, "the page did not send it");
      assert.equal(reported.error, undefined, `fetch failed in the browser: ${reported.error}`);
      assert.equal(reported.status, 200);
      const matching = arrived.filter((request) => request.method === method && request.path === path);
      assert.equal(matching.length, 1, `expected one ${method} ${path} at the server, got ${matching.length}`);
      check(matching[0]);
      passed++;
      console.log(`ok - ${name}`);
    } catch (error) {
      failed++;
      console.log(`not ok - ${name}: ${error.message.split("\n")[0]}`);
    }
  }
  if (failed > 0 && pageErrors.length > 0) console.log(`page errors:\n  ${pageErrors.join("\n  ")}`);
  if (failed > 0 && arrived.length > 0) console.log(`arrived: ${arrived.map((request) => `${request.method} ${request.path}`).join(", ")}`);
  console.log(`browser: ${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
