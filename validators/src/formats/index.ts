// Public exports of formats/; filled in by the modules beside this file.
export {};
