/**
 * Serves the stand-in for the real API on its own, for a client outside this repository (a scratch project that
 * installed the packed tarballs): `npx tsx test/stand-in/serve.ts` prints one JSON line, `{"url":"http://127.0.0.1:<port>"}`,
 * once it listens, and stops on SIGINT or SIGTERM. The routes are the stand-in test's (support/cases.ts).
 */
import { routes } from "./support/cases.js";
import { startStandIn } from "./support/stand-in.js";

const standIn = await startStandIn(routes);
process.stdout.write(`${JSON.stringify({ url: standIn.url })}\n`);
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void standIn.close().then(() => process.exit(0));
  });
}
