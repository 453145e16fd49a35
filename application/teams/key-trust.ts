import { ApiKeyData } from '../../domain/teams/api-key';
import { Stopwatch } from '../shared/clock';

/**
 * How long a process goes on trusting an API key it read active (`API_KEY_CACHE_MS`), so that a busy node
 * reads a key once in that time rather than on every request. The period runs from when the read began, so
 * a key read active is trusted at most that long after the store last said so. A revocation (`RevokeApiKey`)
 * waits the same period after it is stored before it answers: once it has answered, no process that trusts
 * keys for that period or less still accepts the key. Keys read revoked or not found are never remembered,
 * so a refusal is read again and a key issued after it works at once.
 */
export class KeyTrust {
  private readonly trusted = new Map<string, { key: ApiKeyData; until: number }>();
  private readonly reading = new Map<string, Promise<ApiKeyData | null>>();

  constructor(
    readonly periodMs: number,
    private readonly stopwatch: Stopwatch,
    /** Keys remembered at most; past it the one read longest ago is let go. */
    private readonly capacity = 10_000,
  ) {}

  /**
   * The key stored under `hash`: remembered while it is trusted, else from `read`, which the requests that
   * arrive while it runs share. With a period of 0, `read` on every call.
   */
  find(hash: string, read: (hash: string) => Promise<ApiKeyData | null>): Promise<ApiKeyData | null> {
    if (this.periodMs === 0) return read(hash);
    const kept = this.trusted.get(hash);
    if (kept) {
      if (this.stopwatch.elapsedMs() < kept.until) return Promise.resolve(kept.key);
      this.trusted.delete(hash);
    }
    let pending = this.reading.get(hash);
    if (!pending) {
      const began = this.stopwatch.elapsedMs();
      pending = read(hash)
        .then((key) => {
          if (key?.isActive && key.keyHash === hash) this.trust(hash, Object.freeze({ ...key }), began + this.periodMs);
          return key;
        })
        .finally(() => this.reading.delete(hash));
      this.reading.set(hash, pending);
    }
    return pending;
  }

  /** Resolves once the period has passed: by then no process trusts what it read before this call. */
  outlast(): Promise<void> {
    return this.periodMs > 0 ? this.stopwatch.wait(this.periodMs) : Promise.resolve();
  }

  private trust(hash: string, key: ApiKeyData, until: number): void {
    this.trusted.delete(hash);
    while (this.trusted.size >= this.capacity) this.trusted.delete(this.trusted.keys().next().value!);
    this.trusted.set(hash, { key, until });
  }
}
