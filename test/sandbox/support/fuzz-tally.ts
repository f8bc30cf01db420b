/** Counts the outcomes of a property's runs, printed once so a run shows what it exercised. */
export class Tally {
  readonly #counts = new Map<string, number>();

  constructor(readonly name: string) {}

  add(outcome: string): void {
    this.#counts.set(outcome, (this.#counts.get(outcome) ?? 0) + 1);
  }

  count(outcome: string): number {
    return this.#counts.get(outcome) ?? 0;
  }

  print(): void {
    const parts = [...this.#counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([outcome, count]) => `${outcome}: ${count}`);
    console.info(`[fuzz] ${this.name} — ${parts.join(", ")}`);
  }
}
