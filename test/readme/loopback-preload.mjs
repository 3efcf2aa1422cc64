// Loaded with `node --import` before a README block runs: every request the block sends through fetch, node:https,
// node:http or undici goes to the test's loopback server (README_LOOPBACK) instead of the host in its URL, so the
// README can show real GitHub URLs and the test never touches the network.
import http from "node:http";
import https from "node:https";
import { syncBuiltinESMExports } from "node:module";
import { Agent, setGlobalDispatcher } from "undici";

const loopback = new URL(process.env.README_LOOPBACK ?? "");

/** The same path and query on the loopback server. */
const toLoopback = (url) => {
  const target = new URL(String(url));
  return new URL(target.pathname + target.search, loopback);
};

const realFetch = globalThis.fetch;
globalThis.fetch = (input, init) => realFetch(toLoopback(input), init);

const httpRequest = http.request;
/** request(url, options?, callback?) as node:http and node:https take it; the README's blocks pass a URL first. */
const loopbackRequest = (url, ...rest) => {
  if (typeof url !== "string" && !(url instanceof URL)) throw new Error("README blocks pass request() a URL first");
  return httpRequest(toLoopback(url), ...rest);
};
https.request = loopbackRequest;
http.request = loopbackRequest;
syncBuiltinESMExports();

setGlobalDispatcher(new Agent().compose((dispatch) => (options, handler) => dispatch({ ...options, origin: loopback.origin }, handler)));
