import { IdempotencyKey } from '../../domain/deals/idempotency';
import { BatchKeyRepository } from '../../domain/shared/batch-key-repository';
import { StoredAnswer, decideBatchKey, newBatchKeyRecord } from '../../domain/shared/batch-keys';
import { Conflict } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { ItemResult } from './batch';
import { Clock } from './clock';
import { UnitOfWork } from './unit-of-work';

/** Which request a batch is: its route, its `Idempotency-Key` if any, and its payload's fingerprint. */
export interface BatchRequest {
  route: string;
  key: IdempotencyKey | null;
  fingerprint: string;
}

/** A batch to run: its items inside the open unit of work, its answer, and the wake-up after the commit. */
export interface BatchWork {
  within(): Promise<ItemResult[]>;
  answer(results: ItemResult[]): StoredAnswer;
  wake(): void;
}

export interface BatchOutcome {
  answer: StoredAnswer;
  /** True when an earlier request with the same key and payload gave this answer. */
  replayed: boolean;
}

/**
 * Runs a batch once per `Idempotency-Key` (per team and route, for 24 hours). The key is claimed in a short
 * transaction of its own before the work, so a retry arriving while the first request runs is told so (409)
 * instead of waiting; the answer is kept in the batch's own transaction, so a committed batch always has it.
 * A request that fails as a whole lets the key go, for a retry to run.
 */
export class IdempotentBatches {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly keys: BatchKeyRepository,
    private readonly clock: Clock,
  ) {}

  async run(team: TeamContext, request: BatchRequest, work: BatchWork): Promise<BatchOutcome> {
    const { route, key, fingerprint } = request;
    if (key === null) {
      const answer = await this.uow.run(async () => work.answer(await work.within()));
      work.wake();
      return { answer, replayed: false };
    }
    const replay = await this.uow.run(async () => {
      const now = this.clock.now();
      const decision = decideBatchKey(await this.keys.find(team, route, key), fingerprint, now);
      if (decision.kind === 'replay') return decision.answer;
      if (await this.keys.claim(newBatchKeyRecord(team.teamId, route, key, fingerprint, now), now)) return null;
      // Another request took the key since we looked: it is running, or has just answered.
      const again = decideBatchKey(await this.keys.find(team, route, key), fingerprint, now);
      if (again.kind === 'replay') return again.answer;
      throw new Conflict('A request with this Idempotency-Key is still in progress', 'CONFLICT', { field: 'Idempotency-Key' });
    });
    if (replay) return { answer: replay, replayed: true };
    let answer: StoredAnswer;
    try {
      answer = await this.uow.run(async () => {
        const given = work.answer(await work.within());
        await this.keys.complete(team, route, key, given);
        return given;
      });
    } catch (err) {
      await this.uow.run(() => this.keys.release(team, route, key));
      throw err;
    }
    work.wake();
    return { answer, replayed: false };
  }
}
