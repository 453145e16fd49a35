import { ApiKeyData } from '../../domain/teams/api-key';
import { Stopwatch } from '../shared/clock';
import { Memo, Memos } from '../shared/memo';

/**
 * How long a process goes on trusting an API key it read active (`API_KEY_CACHE_MS`), so that a busy node
 * reads a key once in that time rather than on every request. The period runs from when the read began, so
 * a key read active is trusted at most that long after the store last said so. A revocation (`RevokeApiKey`)
 * waits the same period after it is stored before it answers: once it has answered, no process that trusts
 * keys for that period or less still accepts the key. Keys read revoked or not found are never remembered,
 * so a refusal is read again and a key issued after it works at once.
 */
export class KeyTrust {
  /** Keys read active, by hash, each for the period from when its read began; null with a period of 0. */
  private readonly trusted: Memo<ApiKeyData | null> | null;

  constructor(
    readonly periodMs: number,
    private readonly stopwatch: Stopwatch,
    memos: Memos,
    /** Keys remembered at most; past it the one used longest ago is let go. */
    capacity = 10_000,
  ) {
    this.trusted =
      periodMs === 0
        ? null
        : memos.make<ApiKeyData | null>({
            capacity,
            forMs: periodMs,
            // Only a key read active under its own hash, as a copy no caller can change.
            remember: (key, hash) => (key?.isActive && key.keyHash === hash ? Object.freeze({ ...key }) : null),
          });
  }

  /**
   * The key stored under `hash`: remembered while it is trusted, else from `read`, which the requests that
   * arrive while it runs share. With a period of 0, `read` on every call.
   */
  find(hash: string, read: (hash: string) => Promise<ApiKeyData | null>): Promise<ApiKeyData | null> {
    return this.trusted === null ? read(hash) : this.trusted.through(hash, read);
  }

  /** Resolves once the period has passed: by then no process trusts what it read before this call. */
  outlast(): Promise<void> {
    return this.periodMs > 0 ? this.stopwatch.wait(this.periodMs) : Promise.resolve();
  }
}
