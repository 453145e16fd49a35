import { expect } from 'chai';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { forEachBackend } from '../../support/backends';
import { EventMother, uuid } from '../deals/deal-mother';

forEachBackend('EventOutbox backlog contract', (env) => {
  const outbox = () => env().container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);

  it('is empty on a new database', async () => {
    expect(await outbox().backlog()).to.deep.equal({ pending: 0, oldestCreatedAt: null });
  });

  it("counts the events not delivered, across teams, and names the oldest one's creation time", async () => {
    const before = await outbox().backlog();
    const [a, b] = [{ teamId: uuid(800001) }, { teamId: uuid(800002) }];
    // Created long before anything else in this database, so it is the oldest whatever else is there.
    await outbox().add(
      EventMother.pending(a.teamId, uuid(1), { createdAt: '2001-02-03T04:05:06.789Z', availableAt: '2001-02-03T04:05:06.789Z' }),
    );
    await outbox().add(
      EventMother.pending(b.teamId, uuid(2), { status: 'processing', attempts: 1, createdAt: '2001-03-01T00:00:00.000Z' }),
    );
    // Delivered ones are not backlog, however old; a future retry time still is.
    await outbox().add(
      EventMother.pending(a.teamId, uuid(3), {
        status: 'delivered',
        createdAt: '2000-01-01T00:00:00.000Z',
        deliveredAt: '2000-01-01T00:00:01.000Z',
      }),
    );
    await outbox().add(
      EventMother.pending(b.teamId, uuid(4), { availableAt: '2999-01-01T00:00:00.000Z', createdAt: '2026-01-01T00:00:00.000Z' }),
    );
    expect(await outbox().backlog()).to.deep.equal({ pending: before.pending + 3, oldestCreatedAt: '2001-02-03T04:05:06.789Z' });
  });
});
