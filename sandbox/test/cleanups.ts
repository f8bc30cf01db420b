/**
 * What a test opened (webhook receivers, dispatchers) and must close when it ends, pushed by the test or its support
 * module. The project's setup file (setup.ts) runs them after every test of every file: a hook registered by a
 * support module on import would run for the first file that imports it only, where files share modules.
 */
export const cleanups: (() => Promise<void> | void)[] = [];

export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
