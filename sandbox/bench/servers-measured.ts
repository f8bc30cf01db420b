/** The servers a bench run measures: the sandbox in memory, the sandbox with `--data` (SQLite), and Prism. */
export type ServerId = "sandbox" | "sandbox-data" | "prism";

export const SERVER_NAMES: Readonly<Record<ServerId, string>> = {
  sandbox: "sandbox",
  "sandbox-data": "sandbox --data",
  prism: "Prism",
};
