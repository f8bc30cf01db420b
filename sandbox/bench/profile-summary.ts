/**
 * `npx tsx sandbox/bench/profile-summary.ts <file.cpuprofile> [top]`: where a sandbox profile's time goes under
 * load, for profiles taken with BENCH_SANDBOX_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=<dir>". Only samples from
 * the first API request on count (start-up and seeding are left out); idle samples are left out too. Prints
 * time per stage of a request (each sample goes to the innermost frame that names one), self time per module
 * (package, sandbox/dist/<dir>, node:), and self and inclusive time per function.
 */
import { readFileSync } from "node:fs";

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}
interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}
interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const LOAD_MARKER = "handleApiRequest";
const IDLE = new Set(["(idle)", "(garbage collector)", "(program)"]);

function frameName(frame: CallFrame): string {
  const file = frame.url.replace(/^file:\/\/.*?\/(node_modules|sandbox|generated|validators)\//, "$1/");
  return `${frame.functionName || "(anonymous)"} ${file}:${frame.lineNumber + 1}`;
}

function moduleOf(frame: CallFrame): string {
  const url = frame.url;
  const nodeModule = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nodeModule !== undefined && nodeModule !== null) return nodeModule[1]!;
  const local = /\/(sandbox|generated|validators)\/(?:dist\/)?(?:src\/)?([^/]+)/.exec(url);
  if (local !== null) return `${local[1]}/${local[2]}`;
  if (url.startsWith("node:")) return url.replace(/^node:internal\/(\w+).*/, "node:$1");
  return frame.functionName.startsWith("(") ? frame.functionName : url || "(native)";
}

/** Stages of a request, recognised by a frame's file (or function); the first match from the leaf up wins. */
const STAGES: readonly (readonly [string, RegExp])[] = [
  ["JWT verification (auth/tokens, jose, WebCrypto)", /\/jose\/|node:internal\/crypto|\/auth\/tokens\.js/],
  [
    "the client's generated ajv validators (responses), multipart parts (api/body-checks)",
    /\/generated\/dist\/|\/api\/body-checks\.js/,
  ],
  ["request body check, the one (@account-funds/validators, wire form)", /\/validators\/dist\//],
  ["body read and JSON parse (http/body)", /\/http\/body\.js/],
  ["OData shaping (api/odata-response, odata/)", /\/api\/odata-response\.js|\/sandbox\/dist\/odata\//],
  ["handler, domain, DTOs, state", /\/sandbox\/dist\/(handlers|domain|dto|state)\//],
  ["webhook event sink and dispatcher", /\/sandbox\/dist\/webhooks\//],
  ["response write (http/send: JSON.stringify, writeHead, end)", /\/http\/send\.js/],
  [
    "routing, parameters, pipeline glue (http/router, api/parameters, api/pipeline)",
    /\/http\/router\.js|\/api\/parameters\.js|\/api\/pipeline\.js/,
  ],
  ["server.ts request entry (URL parse, dispatch)", /\/sandbox\/dist\/server\.js/],
];

function stageOf(stack: readonly ProfileNode[]): string {
  for (const node of stack) {
    const label = `${node.callFrame.url} ${node.callFrame.functionName}`;
    for (const [stage, pattern] of STAGES) if (pattern.test(label)) return stage;
  }
  const leaf = stack[0]!.callFrame.functionName;
  return leaf === "(garbage collector)"
    ? "garbage collector"
    : "Node's HTTP server, sockets, event loop (no project frame)";
}

function main(): void {
  const [file, topText] = process.argv.slice(2);
  if (file === undefined) throw new Error("usage: profile-summary.ts <file.cpuprofile> [top]");
  const top = Number(topText ?? 30);
  const profile = JSON.parse(readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number): ProfileNode[] => {
    const stack: ProfileNode[] = [];
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current))
      stack.push(byId.get(current)!);
    return stack;
  };

  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const modules = new Map<string, number>();
  const stages = new Map<string, number>();
  let started = false;
  let total = 0;
  let gc = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index + 1] ?? 0; // the delta that follows a sample is the time it stands for
    const stack = stackOf(id);
    if (!started) started = stack.some((node) => node.callFrame.functionName === LOAD_MARKER);
    if (!started) return;
    const leaf = stack[0]!.callFrame;
    if (leaf.functionName === "(garbage collector)") gc += micros;
    if (IDLE.has(leaf.functionName) && leaf.functionName !== "(garbage collector)") return;
    total += micros;
    self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + micros);
    modules.set(moduleOf(leaf), (modules.get(moduleOf(leaf)) ?? 0) + micros);
    stages.set(stageOf(stack), (stages.get(stageOf(stack)) ?? 0) + micros);
    for (const name of new Set(stack.map((node) => frameName(node.callFrame))))
      inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  });

  const share = (micros: number): string => `${((micros / total) * 100).toFixed(1).padStart(5)} %`;
  const print = (title: string, entries: Map<string, number>): void => {
    process.stdout.write(`\n## ${title}\n`);
    for (const [name, micros] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, top)) {
      process.stdout.write(`${share(micros)}  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}\n`);
    }
  };
  process.stdout.write(
    `busy time after the first API request: ${(total / 1000).toFixed(0)} ms (garbage collector ${share(gc)})\n`,
  );
  print("time by stage of a request", stages);
  print("self time by module", modules);
  print("self time by function", self);
  print("inclusive time by function", inclusive);
}

main();
