/**
 * `npm start` (or `make react-example`): the page with Vite in development mode and the API beside it, on
 * http://127.0.0.1:5174 (`--port`, `--host` to change). Ctrl-C stops it.
 */
import { parseArgs } from "node:util";
import { startExampleServer } from "./app.js";

const { values } = parseArgs({
  options: { port: { type: "string", default: "5174" }, host: { type: "string", default: "127.0.0.1" } },
});
const server = await startExampleServer({ port: Number(values.port), host: values.host });
console.log(`The beneficiary form (React): ${server.url}`);
const stop = () => void server.close().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
