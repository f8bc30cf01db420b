/**
 * Headless Chromium for the browser tests (test/docs, test/example), through playwright-core: Debian's chromium
 * package (`make browser` installs it; CHROMIUM_PATH overrides /usr/bin/chromium), with a fresh profile. The
 * background-networking flags matter: without them Chromium's own connections get refused on sandboxed machines
 * and page loads stall.
 */
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env["CHROMIUM_PATH"] ?? "/usr/bin/chromium";

/** The flags every launch uses. */
export const chromiumArgs: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Why Chromium cannot start here, or undefined when it can. */
export function chromiumMissing(): string | undefined {
  return existsSync(CHROMIUM)
    ? undefined
    : `Chromium not found at ${CHROMIUM}: run \`make browser\` (apt-get install -y chromium), or set CHROMIUM_PATH`;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: [...chromiumArgs] });
}
