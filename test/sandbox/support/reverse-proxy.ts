/**
 * A small reverse proxy, run as a child process of its own (`startReverseProxy`): it listens on a free port and
 * forwards every request to the upstream sandbox the way nginx does by default (`proxy_pass`: the Host header
 * becomes the upstream's), optionally under a path prefix it strips, and adds what it knows of the client's
 * request in one style of forwarding header: RFC 7239 `Forwarded`, the de-facto `X-Forwarded-Host`/`-Proto`, or
 * none. The upstream URL comes on stdin once the test knows it (the sandbox's public URL names the proxy's).
 *
 * Run: `node --import tsx reverse-proxy.ts <forwarded|x-forwarded|none> [prefix]`; prints `proxy listening at <url>`.
 */
import { request as upstreamRequest, createServer } from "node:http";
import type { AddressInfo } from "node:net";

const mode = process.argv[2] ?? "forwarded";
const prefix = process.argv[3] ?? "";
let upstream: URL | undefined;
process.stdin.setEncoding("utf8");
process.stdin.on("data", (line: string) => (upstream = new URL(line.trim())));

const server = createServer((incoming, outgoing) => {
  const target = upstream;
  const path = incoming.url ?? "/";
  if (target === undefined || !path.startsWith(`${prefix}/`)) {
    outgoing.writeHead(502, { "content-type": "text/plain" }).end("no upstream here");
    incoming.resume();
    return;
  }
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
