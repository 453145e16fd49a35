import { expect } from 'chai';
import { MemoryIdempotencyKeyRepository } from '../../../../adapters/persistence/memory/deals/memory-idempotency-key-repository';
import { MemoryBatchKeyRepository } from '../../../../adapters/persistence/memory/shared/memory-batch-key-repository';
import { MemoryStore } from '../../../../adapters/persistence/memory/shared/memory-store';
import { PurgeIdempotencyKeys } from '../../../../application/deals/purge-idempotency-keys';
import { newIdempotencyRecord } from '../../../../domain/deals/idempotency';
import { newBatchKeyRecord } from '../../../../domain/shared/batch-keys';

describe('PurgeIdempotencyKeys', () => {
  it("forgets the expired keys of POST /deals and of the batch routes, and keeps the others'", async () => {
    const store = new MemoryStore();
    const deals = new MemoryIdempotencyKeyRepository(store);
    const batches = new MemoryBatchKeyRepository(store);
    const then = new Date('2026-12-01T00:00:00.000Z');
    const now = new Date('2026-12-02T12:00:00.000Z');
    await deals.claim(newIdempotencyRecord('t', 'old', 'f', 'd', then), then);
    await batches.claim(newBatchKeyRecord('t', 'clients', 'old', 'f', then), then);
    await batches.claim(newBatchKeyRecord('t', 'leads', 'new', 'f', now), now);
    expect(await new PurgeIdempotencyKeys(deals, { now: () => now }, batches).execute({})).to.equal(2);
    expect(await batches.find({ teamId: 't' }, 'leads', 'new')).to.not.equal(null);
  });
});
