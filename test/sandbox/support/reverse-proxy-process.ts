/** The reverse proxy of reverse-proxy.ts as a child process: started once per file, pointed at each test's upstream. */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { ForwardingMode } from "./reverse-proxy.js";

const PROXY = fileURLToPath(new URL("./reverse-proxy.ts", import.meta.url));
const running = new Set<ChildProcess>();
/** A test that fails half-way must not leave a proxy running: killed after each test file (support/setup.ts). */
export const killReverseProxies = (): void => {
  for (const child of running) child.kill("SIGKILL");
};

export interface ReverseProxy {
  /** The proxy's own URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Forwards to `upstream` from now on, in `mode`, under `prefix`; resolves once the proxy does. */
  forwardTo(upstream: string, mode: ForwardingMode, prefix?: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the proxy; it forwards nothing until told where to (`forwardTo`). */
export async function startReverseProxy(): Promise<ReverseProxy> {
  const child = spawn(process.execPath, ["--import", "tsx", PROXY], { stdio: ["pipe", "pipe", "inherit"] });
  running.add(child);
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // The lines the proxy printed and nobody has read yet; `wake` tells the reader there is news.
  const lines: string[] = [];
  let buffered = "";
  let wake = (): void => undefined;
  child.stdout!.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    for (let end = buffered.indexOf("\n"); end !== -1; end = buffered.indexOf("\n")) {
      lines.push(buffered.slice(0, end));
      buffered = buffered.slice(end + 1);
    }
    wake();
  });
  child.once("exit", (code) => {
    exitCode = code;
    running.delete(child);
    wake();
  });
  const nextLine = async (): Promise<string> => {
    for (;;) {
      const line = lines.shift();
      if (line !== undefined) return line;
      if (exitCode !== undefined) throw new Error(`the proxy exited (${exitCode})`);
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const url = /^proxy listening at (http:\/\/\S+)$/.exec(await nextLine())?.[1];
  if (url === undefined) throw new Error("the proxy did not say where it listens");
  return {
    url,
    async forwardTo(upstream, mode, prefix = "") {
      child.stdin!.write(`${JSON.stringify({ upstream, mode, prefix })}\n`);
      const answer = await nextLine();
      if (answer !== `configured ${upstream}`) throw new Error(`the proxy answered "${answer}" to ${upstream}`);
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}
