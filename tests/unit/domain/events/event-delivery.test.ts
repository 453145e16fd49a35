import { expect } from 'chai';
import { AttemptResult, EventDelivery } from '../../../../domain/events/event-delivery';

const T0 = new Date('2026-11-29T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const SCHEDULE = [5_000, 300_000, 1_800_000];
const answer = (statusCode: number | null, retryAfterMs: number | null = null): AttemptResult => ({
  statusCode,
  durationMs: 12,
  error: statusCode === null ? 'The receiver could not be reached' : null,
  retryAfterMs,
});

const fresh = () => EventDelivery.create('d1', 'team', 'sub', { id: 'e1', type: 'deal.created' }, T0);

describe('EventDelivery', () => {
  it('succeeds on any 2xx', () => {
    const d = fresh();
    d.claim(T0, at(60_000));
    expect(d.attempted(answer(204), SCHEDULE, at(10))).to.equal('succeeded');
    expect(d.snapshot()).to.include({ status: 'succeeded', attempts: 1, nextAttemptAt: null, lastStatusCode: 204, lastError: null });
  });

  it('waits the schedule after each failed attempt, then fails for good', () => {
    const d = fresh();
    let now = T0;
    for (const wait of SCHEDULE) {
      d.claim(now, new Date(now.getTime() + 60_000));
      expect(d.attempted(answer(500), SCHEDULE, now)).to.equal('failed');
      expect(d.snapshot()).to.include({ status: 'pending', nextAttemptAt: new Date(now.getTime() + wait).toISOString() });
      expect(d.snapshot().lastError).to.equal('The receiver answered 500');
      now = new Date(now.getTime() + wait);
    }
    d.claim(now, new Date(now.getTime() + 60_000));
    expect(d.attempted(answer(null), SCHEDULE, now)).to.equal('failed');
    expect(d.snapshot()).to.include({ status: 'failed', attempts: 4, nextAttemptAt: null, lastStatusCode: null });
  });

  it('honours Retry-After within the bounds of the schedule', () => {
    const later = fresh();
    later.claim(T0, at(60_000));
    later.attempted(answer(429, 120_000), SCHEDULE, T0);
    expect(later.snapshot().nextAttemptAt).to.equal(at(120_000).toISOString());

    const sooner = fresh();
    sooner.claim(T0, at(60_000));
    sooner.attempted(answer(503, 1_000), SCHEDULE, T0);
    expect(sooner.snapshot().nextAttemptAt).to.equal(at(5_000).toISOString());

    const tooLate = fresh();
    tooLate.claim(T0, at(60_000));
    tooLate.attempted(answer(503, 86_400_000), SCHEDULE, T0);
    expect(tooLate.snapshot().nextAttemptAt).to.equal(at(1_800_000).toISOString());
  });

  it('gives up at once on 410 Gone', () => {
    const d = fresh();
    d.claim(T0, at(60_000));
    expect(d.attempted(answer(410), SCHEDULE, T0)).to.equal('gone');
    expect(d.snapshot()).to.include({ status: 'failed', nextAttemptAt: null });
  });

  it('is not claimed before it is due, nor once finished, and a requeue makes it due now', () => {
    const d = fresh();
    d.claim(T0, at(60_000));
    d.attempted(answer(500), SCHEDULE, T0);
    expect(() => d.claim(at(1_000), at(61_000))).to.throw(/not due/);
    d.requeue(at(1_000));
    d.claim(at(1_000), at(61_000));
    d.attempted(answer(410), SCHEDULE, at(1_001));
    expect(() => d.claim(at(2_000), at(62_000))).to.throw(/finished/);
  });
});
