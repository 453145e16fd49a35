import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { BatchKeyRepository } from '../../domain/shared/batch-key-repository';
import { Clock } from '../shared/clock';

/** Nothing to choose: every expired key goes. */
export type PurgeIdempotencyKeysCommand = Record<string, never>;

/** Housekeeping run in the background: keys (of POST /deals and of the batch routes) are kept 24 hours, then forgotten. */
export class PurgeIdempotencyKeys {
  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly clock: Clock,
    private readonly batchKeys: BatchKeyRepository,
  ) {}

  async execute(_command: PurgeIdempotencyKeysCommand): Promise<number> {
    const now = this.clock.now();
    return (await this.keys.purgeExpired(now)) + (await this.batchKeys.purgeExpired(now));
  }
}
