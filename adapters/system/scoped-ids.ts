import { AsyncLocalStorage } from 'node:async_hooks';
import { IdGenerator } from '../../application/shared/id-generator';
import { SecretHasher } from '../../application/shared/secret-hasher';

/**
 * Ids that are the same on every database: UUIDv7-shaped, with one fixed time, the step in the version's
 * 12 free bits and a counter in the last 12 hex digits (`019b76da-a800-7002-8000-000000000003`: step 2, third
 * id). A step per part of the work keeps one part's ids where they are when another part makes more.
 */
export class FixedIdSequence implements IdGenerator {
  private readonly time: string;
  private step = 0;
  private count = 0;
  private publicCount = 0;
  /** Set once the work it was made for has finished: whatever outlived it gets random ids. */
  closed = false;

  constructor(at: Date) {
    const hex = at.getTime().toString(16).padStart(12, '0');
    this.time = `${hex.slice(0, 8)}-${hex.slice(8, 12)}`;
  }

  /** The next part of the work: its ids count from 1 again, under the next step. */
  nextStep(): void {
    if (this.step >= 0xfff) throw new Error('too many steps for fixed ids');
    this.step++;
    this.count = 0;
  }

  next(): string {
    this.count++;
    return `${this.time}-7${hex(this.step, 3)}-8000-${hex(this.count, 12)}`;
  }

  /** A public id (not a secret) of the length of a generated one: `prefix` + `demo` + a counter. */
  nextPublic(prefix: string, length: number): string {
    this.publicCount++;
    return `${prefix}demo${String(this.publicCount).padStart(length - 4, '0')}`;
  }
}

const hex = (n: number, digits: number): string => n.toString(16).padStart(digits, '0');

/**
 * The id generator and secret hasher of a runtime, which hand out fixed ids inside `run` (the demo team's
 * creation) and random ones everywhere else. The scope follows the async calls made inside `run` and
 * nothing started outside it; it is switched off again when no `run` is under way, so the ordinary path
 * costs one `getStore()` on a disabled store.
 */
export class FixedIdScope {
  private readonly current = new AsyncLocalStorage<FixedIdSequence>();
  private open = 0;

  async run<T>(sequence: FixedIdSequence, work: () => Promise<T>): Promise<T> {
    this.open++;
    try {
      return await this.current.run(sequence, work);
    } finally {
      sequence.closed = true;
      if (--this.open === 0) this.current.disable();
    }
  }

  private sequence(): FixedIdSequence | undefined {
    const sequence = this.current.getStore();
    return sequence && !sequence.closed ? sequence : undefined;
  }

  ids(random: IdGenerator): IdGenerator {
    return { next: () => this.sequence()?.next() ?? random.next() };
  }

  /**
   * Secrets stay random inside the scope too (an API key, a webhook secret); only a value generated with one
   * of `publicPrefixes` (an inbound endpoint's public id) is fixed, at the length of a random one.
   */
  hasher(random: SecretHasher, publicPrefixes: readonly string[]): SecretHasher {
    return {
      generate: (prefix) => {
        const sequence = this.sequence();
        if (!sequence || !publicPrefixes.includes(prefix)) return random.generate(prefix);
        return sequence.nextPublic(prefix, random.generate('').length);
      },
      hash: (secret) => random.hash(secret),
      matches: (secret, hash) => random.matches(secret, hash),
    };
  }
}
