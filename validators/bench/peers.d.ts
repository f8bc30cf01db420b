// Minimal types for the peers that ship none; only what the benchmark calls.

declare module "iban" {
  const IBAN: {
    isValid(iban: string): boolean;
  };
  export default IBAN;
}

declare module "bic" {
  const bic: {
    isValid(bic: string): boolean;
  };
  export default bic;
}
