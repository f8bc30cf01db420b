/** The reverse proxy of reverse-proxy.ts as a child process: started, pointed at its upstream, stopped. */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";

const PROXY = fileURLToPath(new URL("./reverse-proxy.ts", import.meta.url));
const running = new Set<ChildProcess>();
/** A test that fails half-way must not leave a proxy running: killed after each test file (support/setup.ts). */
export const killReverseProxies = (): void => {
  for (const child of running) child.kill("SIGKILL");
};

export interface ReverseProxy {
  /** The proxy's own URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Starts forwarding to `upstream`. */
  forwardTo(upstream: string): void;
  stop(): Promise<void>;
}

export async function startReverseProxy(
  mode: "forwarded" | "x-forwarded" | "none",
  prefix = "",
): Promise<ReverseProxy> {
  const child = spawn(process.execPath, ["--import", "tsx", PROXY, mode, prefix], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  void exited.then(() => running.delete(child));
  const url = await new Promise<string>((resolve, reject) => {
    let printed = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      printed += chunk.toString("utf8");
      const found = /proxy listening at (http:\/\/\S+)/.exec(printed)?.[1];
      if (found !== undefined) resolve(found);
    });
    child.once("exit", (code) => reject(new Error(`the proxy exited (${code}) before it listened`)));
  });
  return {
    url,
    forwardTo: (upstream) => void child.stdin!.write(`${upstream}\n`),
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
