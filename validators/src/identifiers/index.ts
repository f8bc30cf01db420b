// Public exports of identifiers/; filled in by the modules beside this file.
export {};
