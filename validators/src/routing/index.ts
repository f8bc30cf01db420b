// Public exports of routing/; filled in by the modules beside this file.
export {};
