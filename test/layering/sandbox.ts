/**
 * The sandbox's floors (sandbox/README.md, "Rooms and floors"): a room imports only the rooms on the floors below
 * it. The floors are listed bottom up; each room may import every room of a lower floor.
 */
import { fileURLToPath } from "node:url";
import type { Floors } from "./import-graph.js";

const FLOORS: readonly (readonly string[])[] = [
  // Request/Response plumbing and the router; query options over rows; the sandbox's clock.
  ["src/http", "src/odata", "src/clock.ts"],
  // Tokens and certificates; records, tables, the store and its data file; the mount table's machinery.
  ["src/auth", "src/state", "src/mounts.ts", "src/limit-options.ts"],
  // Events raised inside commands and their delivery.
  ["src/webhooks"],
  // The rules; the API's request pipeline.
  ["src/domain", "src/api"],
  // The seeded state (made through the domain's commands); records as the client's DTOs; the control API.
  ["src/seed", "src/dto", "src/control"],
  // One Handler<K> per operation.
  ["src/handlers"],
  // The core: the parts wired together, the mount table.
  ["src/sandbox.ts"],
  // node:http and node:https in front of the core.
  ["src/server.ts"],
  // The command and the package's entry.
  ["src/cli.ts", "src/index.ts"],
];

export const sandboxFloors: Floors = {
  name: "sandbox",
  root: fileURLToPath(new URL("../../sandbox/", import.meta.url)),
  sources: ["src"],
  rooms: Object.fromEntries(
    FLOORS.flatMap((floor, index) => floor.map((room) => [room, FLOORS.slice(0, index).flat()])),
  ),
};
