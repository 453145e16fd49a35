import { expect } from 'chai';
import { ListAuditLog } from '../../../../application/events/list-audit-log';
import { ListEvents } from '../../../../application/events/list-events';
import { EventOutbox, EventPageQuery } from '../../../../domain/events/event-outbox';

// The log keeps an event for the longer of the two retentions; each reader shows only its own window.
const NOW = new Date('2026-11-29T12:00:00.000Z');
const clock = { now: () => NOW };
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

const recording = () => {
  const asked: EventPageQuery[] = [];
  const outbox = { page: async (_team: unknown, q: EventPageQuery) => (asked.push(q), { data: [], hasMore: false }) };
  return { asked, outbox: outbox as unknown as EventOutbox };
};

describe('Retention windows of the event log readers', () => {
  it('GET /events reads the last EVENT_RETENTION_DAYS, or from a later created_after', async () => {
    const { asked, outbox } = recording();
    const events = new ListEvents(outbox, clock, 30);
    await events.execute({ teamId: 't' }, { limit: 5 });
    await events.execute({ teamId: 't' }, { limit: 5, createdAfter: daysAgo(90) });
    await events.execute({ teamId: 't' }, { limit: 5, createdAfter: daysAgo(2) });
    expect(asked.map((q) => q.createdAfter)).to.deep.equal([daysAgo(30), daysAgo(30), daysAgo(2)]);
  });

  it('the audit trail reads the last AUDIT_RETENTION_DAYS', async () => {
    const { asked, outbox } = recording();
    await new ListAuditLog(outbox, clock, 365).execute({ teamId: 't' }, { resource: 'deal', limit: 5 });
    expect(asked[0]).to.include({ createdAfter: daysAgo(365), limit: 5 });
    expect(asked[0].types).to.include('deal.archived');
  });
});
