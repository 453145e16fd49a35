// The Idempotency-Key of the deal creations (POST /deals, POST /projects/:id/deals), written once
// (docs/decisions.md: Idempotency-Key of `POST /deals`).
import { decideIdempotency, newIdempotencyRecord } from '../../domain/deals/idempotency';
import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { Conflict } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';

export interface IdempotentCreationOptions {
  /** How long a request waits for another one still creating with the same key (docs/decisions.md). */
  inFlightWaitMs: number;
  pollMs: number;
}

export const DEFAULT_IDEMPOTENT_CREATION: IdempotentCreationOptions = { inFlightWaitMs: 5000, pollMs: 50 };

/** Thrown inside the transaction to undo it when another request holds the key. */
class KeyTaken extends Error {}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface IdempotentRequest<T> {
  key: string;
  /** What the request is: the same key with another fingerprint is 409 `CONFLICT`. */
  fingerprint: string;
  /** The deal an earlier request with the key created, or null while it is not visible yet. */
  replay(dealId: string): Promise<T | null>;
  /**
   * Creates the deal: inside its own transaction it calls `claim` with the new deal's id before any other
   * write, so a concurrent holder of the key blocks it there and the loser's work is undone.
   */
  create(claim: (dealId: string) => Promise<void>): Promise<T>;
}

/**
 * One creation per key and team: a new key creates; the same key and fingerprint replays what it created
 * (waiting while the first request is still in flight, then 409); another fingerprint is 409.
 */
export class IdempotentCreation {
  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly clock: Clock,
    private readonly options: IdempotentCreationOptions = DEFAULT_IDEMPOTENT_CREATION,
  ) {}

  async run<T>(team: TeamContext, request: IdempotentRequest<T>): Promise<{ result: T; replayed: boolean }> {
    const { key, fingerprint } = request;
    const claim = async (dealId: string): Promise<void> => {
      const now = this.clock.now();
      if (!(await this.keys.claim(newIdempotencyRecord(team.teamId, key, fingerprint, dealId, now), now))) throw new KeyTaken();
    };
    const polls = Math.max(1, Math.ceil(this.options.inFlightWaitMs / this.options.pollMs));
    for (let i = 0; i <= polls; i++) {
      const decision = decideIdempotency(await this.keys.find(team, key), fingerprint, this.clock.now());
      if (decision.kind === 'replay') {
        const replayed = await request.replay(decision.dealId);
        if (replayed !== null) return { result: replayed, replayed: true };
        // The key is taken but its deal is not visible yet: the first request is still in flight.
        await sleep(this.options.pollMs);
        continue;
      }
      try {
        return { result: await request.create(claim), replayed: false };
      } catch (e) {
        if (!(e instanceof KeyTaken)) throw e;
      }
    }
    throw new Conflict('A request with this Idempotency-Key is still in progress');
  }
}
