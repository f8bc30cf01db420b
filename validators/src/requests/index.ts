// Public exports of requests/; filled in by the modules beside this file.
export {};
