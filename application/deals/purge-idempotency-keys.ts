import { IdempotencyKeyRepository } from '../../domain/deals/idempotency-key-repository';
import { Clock } from '../shared/clock';

/** Nothing to choose: every expired key goes. */
export type PurgeIdempotencyKeysCommand = Record<string, never>;

/** Housekeeping run in the background: keys are kept 24 hours, then forgotten. */
export class PurgeIdempotencyKeys {
  constructor(
    private readonly keys: IdempotencyKeyRepository,
    private readonly clock: Clock,
  ) {}

  execute(_command: PurgeIdempotencyKeysCommand): Promise<number> {
    return this.keys.purgeExpired(this.clock.now());
  }
}
