/**
 * A small reverse proxy, run as a child process of its own (`startReverseProxy`): it listens on a free port and
 * forwards every request to the upstream sandbox the way nginx does by default (`proxy_pass`: the Host header
 * becomes the upstream's), optionally under a path prefix it strips, and adds what it knows of the client's
 * request in one style of forwarding header: RFC 7239 `Forwarded`, the de-facto `X-Forwarded-Host`/`-Proto`, or
 * none. What to forward to and how comes on stdin, a JSON line per test (`{"upstream", "mode", "prefix"}`), once the
 * test knows it (the sandbox's public URL names the proxy's); the proxy answers `configured <upstream>` when it
 * forwards that way. One proxy serves a whole test file: it keeps no state but that line.
 *
 * Run: `node --import tsx reverse-proxy.ts`; prints `proxy listening at <url>`.
 */
import { request as upstreamRequest, createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type ForwardingMode = "forwarded" | "x-forwarded" | "none";

interface Forwarding {
  readonly upstream: URL;
  readonly mode: ForwardingMode;
  readonly prefix: string;
}

let forwarding: Forwarding | undefined;
let pending = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  pending += chunk;
  for (let end = pending.indexOf("\n"); end !== -1; end = pending.indexOf("\n")) {
    const line = JSON.parse(pending.slice(0, end)) as { upstream: string; mode: ForwardingMode; prefix: string };
    pending = pending.slice(end + 1);
    forwarding = { upstream: new URL(line.upstream), mode: line.mode, prefix: line.prefix };
    process.stdout.write(`configured ${line.upstream}\n`);
  }
});

const server = createServer((incoming, outgoing) => {
  const current = forwarding;
  const path = incoming.url ?? "/";
  if (current === undefined || !path.startsWith(`${current.prefix}/`)) {
    outgoing.writeHead(502, { "content-type": "text/plain" }).end("no upstream here");
    incoming.resume();
    return;
  }
  const { upstream: target, mode, prefix } = current;
  const headers: Record<string, string | string[] | undefined> = { ...incoming.headers, host: target.host };
  const clientHost = incoming.headers.host ?? "";
  const clientAddress = incoming.socket.remoteAddress ?? "unknown";
  if (mode === "forwarded") {
    const element = `for="${clientAddress}";host="${clientHost}";proto=http`;
    headers["forwarded"] = headers["forwarded"] === undefined ? element : `${String(headers["forwarded"])}, ${element}`;
  } else if (mode === "x-forwarded") {
    headers["x-forwarded-host"] = clientHost;
    headers["x-forwarded-proto"] = "http";
    headers["x-forwarded-for"] = clientAddress;
  }
  const forwarded = upstreamRequest(
    { host: target.hostname, port: target.port, method: incoming.method, path: path.slice(prefix.length), headers },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on("error", () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end()));
  incoming.pipe(forwarded);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`proxy listening at http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
