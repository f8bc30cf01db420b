/**
 * Where known secrets occur in a text: every occurrence of every form (secret-forms.ts), as spans, merged where they
 * overlap — so a secret that overlaps another, or contains it, is covered whole, never left in part. A few forms are
 * searched one by one (`indexOf`, native); many (a long-lived client remembers every token it received) through an
 * index by their last characters, so one pass over the text costs the same however many there are. The last
 * characters, not the first: tokens from one issuer share their first ones (a JWT's header), not their last.
 */

/** Forms at least this long go in the index by their last characters; shorter ones are searched one by one. */
const KEY_LENGTH = 8;
/** Up to this many forms, one native search per form beats a pass through the index. */
const FEW = 64;

export class SecretIndex {
  readonly #forms = new Set<string>();
  /** Forms by their last KEY_LENGTH characters. */
  readonly #byEnd = new Map<string, string[]>();
  readonly #short: string[] = [];

  get size(): number {
    return this.#forms.size;
  }

  add(form: string): void {
    if (form === "" || this.#forms.has(form)) return;
    this.#forms.add(form);
    if (form.length < KEY_LENGTH) {
      this.#short.push(form);
      return;
    }
    const key = form.slice(-KEY_LENGTH);
    const list = this.#byEnd.get(key);
    if (list === undefined) this.#byEnd.set(key, [form]);
    else list.push(form);
  }

  /** The spans `[start, end)` of every occurrence of every form in `text`, sorted and merged where they overlap. */
  spans(text: string): [number, number][] {
    const found: [number, number][] = [];
    /** Occurrences of one form come in order: one that overlaps the last extends it, so a run of them is one span. */
    const push = (start: number, end: number): void => {
      const last = found.at(-1);
      if (last !== undefined && start >= last[0] && start <= last[1]) last[1] = Math.max(last[1], end);
      else found.push([start, end]);
    };
    const every = (form: string): void => {
      for (let at = text.indexOf(form); at >= 0; at = text.indexOf(form, at + 1)) push(at, at + form.length);
    };
    if (this.#forms.size <= FEW) {
      for (const form of this.#forms) every(form);
    } else {
      for (const form of this.#short) every(form);
      for (let end = KEY_LENGTH; end <= text.length; end++) {
        const candidates = this.#byEnd.get(text.slice(end - KEY_LENGTH, end));
        if (candidates === undefined) continue;
        // The longest form ending here covers every shorter one that does.
        let longest = 0;
        for (const form of candidates) {
          if (form.length > longest && form.length <= end && text.startsWith(form, end - form.length))
            longest = form.length;
        }
        if (longest > 0) push(end - longest, end);
      }
    }
    return merged(found);
  }
}

function merged(spans: [number, number][]): [number, number][] {
  if (spans.length < 2) return spans;
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const out: [number, number][] = [spans[0]!];
  for (const span of spans.slice(1)) {
    const last = out.at(-1)!;
    if (span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else out.push(span);
  }
  return out;
}

/** `text` with each span replaced by `replacement`. */
export function replaceSpans(text: string, spans: readonly (readonly [number, number])[], replacement: string): string {
  if (spans.length === 0) return text;
  let out = "";
  let copiedTo = 0;
  for (const [start, end] of spans) {
    out += text.slice(copiedTo, start) + replacement;
    copiedTo = end;
  }
  return out + text.slice(copiedTo);
}
