#!/usr/bin/env node
// The `account-funds-sandbox` command. A committed shim, so that npm links the command at install time, before the
// package is built; it runs the built CLI (`npm run build --workspace @account-funds/sandbox`, part of `make`).
import("../dist/cli.js").catch((error) => {
  process.stderr.write(`account-funds-sandbox: cannot start (${error.message}); build it first: make build\n`);
  process.exit(1);
});
