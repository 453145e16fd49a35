import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { TOKENS } from '../../../bootstrap/tokens';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { EventData, EventType } from '../../../domain/events/event';
import { EventOutbox, EventPage, EventPageQuery } from '../../../domain/events/event-outbox';
import { TeamContext } from '../../../domain/shared/team';
import { forEachBackend } from '../../support/backends';
import { EventMother, nextId } from '../deals/deal-mother';

// The event log on every backend: what the dispatcher claims and saves, what `GET /events` pages through,
// and what the retention purge removes. Each test writes the events of teams of its own; the dispatcher and
// the purge work across teams, so their tests look at their own events only, or at times nothing else uses.

const T0 = new Date('2026-01-01T00:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
/** A moment of 2010, which only the purge's tests write at: `day` days after 2010-01-01, plus `ms`. */
const old = (day: number, ms = 0) => new Date(Date.UTC(2010, 0, 1 + day) + ms).toISOString();

const newTeam = (): TeamContext => ({ teamId: randomUUID() });

/** Newest first: created_at, then id, both descending. */
const newestFirst = (events: EventData[]) =>
  [...events].sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.id < b.id ? 1 : -1));

const ids = (events: EventData[]) => events.map((e) => e.id);

forEachBackend('EventOutbox contract', (env) => {
  const outbox = () => env().container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
  const page = async (team: TeamContext, query: EventPageQuery): Promise<EventPage> => {
    const found = await outbox().page(team, query);
    expect(found, 'a page').to.not.equal(null);
    return found!;
  };

  /** Writes a team's events, created one second apart (and two of them in the same millisecond), of varied types. */
  const seed = async (team: TeamContext, subject = randomUUID()): Promise<EventData[]> => {
    const types: EventType[] = ['deal.created', 'deal.updated', 'deal.stage_changed', 'deal.won', 'deal.updated', 'deal.archived'];
    const events = types.map((type, i) => {
      const createdAt = at(1000 * Math.min(i, 4)).toISOString(); // the last two share a millisecond
      return EventMother.pending(team.teamId, subject, { type, createdAt, availableAt: createdAt });
    });
    // Written in no particular order.
    for (const e of [events[3], events[0], events[5], events[1], events[4], events[2]]) await outbox().add(e);
    return events;
  };

  describe('events and their dispatch', () => {
    it("round-trips an event with its payload, and lists a record's events oldest first", async () => {
      const team = newTeam();
      const subject = randomUUID();
      const changed = EventMother.pending(team.teamId, subject, {
        type: 'deal.stage_changed',
        data: { object: { id: subject, phase: 'proposta', tags: ['a'], client: { id: 'c', name: 'Ação' } }, previous: { phase: 'lead' } },
        createdAt: at(2000).toISOString(),
      });
      const created = EventMother.pending(team.teamId, subject, { createdAt: at(1000).toISOString() });
      const otherSubject = EventMother.pending(team.teamId, randomUUID());
      for (const e of [changed, created, otherSubject]) await outbox().add(e);
      expect(await outbox().findById(team, changed.id)).to.deep.equal(changed);
      expect(await outbox().listBySubject(team, subject)).to.deep.equal([created, changed]);
      expect(await outbox().findById(newTeam(), changed.id)).to.equal(null);
      expect(await outbox().listBySubject(newTeam(), subject)).to.deep.equal([]);
    });

    it('writes several events together (a batch of records), each as one written alone, in their order', async () => {
      const team = newTeam();
      const subject = randomUUID();
      const events = [1000, 2000, 3000].map((ms, i) =>
        EventMother.pending(team.teamId, i === 2 ? randomUUID() : subject, {
          type: i === 0 ? 'client.created' : 'client.updated',
          data: { object: { id: subject, name: `Conceição ${i}` } },
          createdAt: at(ms).toISOString(),
        }),
      );
      await env()
        .container.get<UnitOfWork>(TOKENS.UnitOfWork)
        .run(() => outbox().addAll(events));
      for (const e of events) expect(await outbox().findById(team, e.id)).to.deep.equal(e);
      expect(await outbox().listBySubject(team, subject)).to.deep.equal(events.slice(0, 2));
      await outbox().addAll([]);
    });

    it('keeps an event about a record that is not, or no longer, there', async () => {
      const team = newTeam();
      const e = EventMother.pending(team.teamId, randomUUID(), { type: 'task.deleted' });
      await outbox().add(e);
      expect(await outbox().findById(team, e.id)).to.deep.equal(e);
    });

    it('claims only due, undelivered events, oldest first, up to the limit, and holds them for the lease', async () => {
      const team = newTeam();
      const subject = randomUUID();
      const mine = (events: EventData[]) => events.filter((e) => e.teamId === team.teamId);
      const late = EventMother.pending(team.teamId, subject, { availableAt: at(5000).toISOString() });
      const first = EventMother.pending(team.teamId, subject, { availableAt: at(-2000).toISOString() });
      const second = EventMother.pending(team.teamId, subject, { availableAt: at(-1000).toISOString(), attempts: 2 });
      const done = EventMother.pending(team.teamId, subject, { status: 'delivered', deliveredAt: T0.toISOString() });
      for (const e of [late, first, second, done]) await outbox().add(e);
      // Other teams' due events (left by earlier tests) come first: drain them, then look at this team's.
      const lease = at(60_000);
      const claimed = mine(await outbox().claimDue(T0, lease, 10_000));
      expect(claimed.map((e) => e.id)).to.deep.equal([first.id, second.id]);
      expect(claimed.map((e) => [e.status, e.attempts, e.availableAt])).to.deep.equal([
        ['processing', 1, lease.toISOString()],
        ['processing', 3, lease.toISOString()],
      ]);
      expect(await outbox().findById(team, first.id)).to.deep.equal(claimed[0]);
      // Held: not claimed again before the lease ends, though `late` is due by now.
      expect(mine(await outbox().claimDue(at(5000), at(65_000), 10_000)).map((e) => e.id)).to.deep.equal([late.id]);
      // A lease that ran out (its node died) is taken over, one more attempt.
      const retaken = mine(await outbox().claimDue(at(60_000), at(120_000), 10_000));
      expect(retaken.map((e) => [e.id, e.attempts])).to.deep.equal([
        [first.id, 2],
        [second.id, 4],
      ]);
      // Everything due is held for long now, so the next claim sees only the two below.
      await outbox().claimDue(at(100_000), at(10 ** 12), 10_000);
      const one = EventMother.pending(team.teamId, subject, { availableAt: at(100_001).toISOString() });
      const two = EventMother.pending(team.teamId, subject, { availableAt: at(100_002).toISOString() });
      await outbox().add(two);
      await outbox().add(one);
      expect((await outbox().claimDue(at(110_000), at(200_000), 1)).map((e) => e.id)).to.deep.equal([one.id]);
    });

    it('gives each due event to one of several concurrent claimers', async () => {
      const team = newTeam();
      const events = Array.from({ length: 40 }, (_, i) =>
        EventMother.pending(team.teamId, randomUUID(), { availableAt: at(-1_000_000 + i).toISOString() }),
      );
      for (const e of events) await outbox().add(e);
      const now = at(-500_000);
      const batches = await Promise.all(Array.from({ length: 4 }, () => outbox().claimDue(now, at(60_000), 15)));
      const claimed = batches
        .flat()
        .filter((e) => e.teamId === team.teamId)
        .map((e) => e.id);
      expect(claimed.length, 'claimed in all').to.equal(new Set(claimed).size);
      expect(new Set(claimed)).to.deep.equal(new Set(ids(events)));
    });

    it('saves an outcome only while the claim it came from still holds', async () => {
      const team = newTeam();
      const e = EventMother.pending(team.teamId, randomUUID(), { availableAt: at(-3_000_000).toISOString() });
      await outbox().add(e);
      const [claimed] = (await outbox().claimDue(at(-2_999_000), at(-2_940_000), 10_000)).filter((x) => x.id === e.id);
      expect(claimed.attempts).to.equal(1);
      // The lease ran out and another node took the event over: the first node's late outcome is dropped.
      const [taken] = (await outbox().claimDue(at(-2_900_000), at(-2_840_000), 10_000)).filter((x) => x.id === e.id);
      expect(taken.attempts).to.equal(2);
      expect(await outbox().save({ ...claimed, status: 'delivered', deliveredAt: at(-2_899_000).toISOString() })).to.equal(false);
      expect((await outbox().findById(team, e.id))!.status).to.equal('processing');
      const delivered = { ...taken, status: 'delivered' as const, deliveredAt: at(10).toISOString(), lastError: 'x' };
      expect(await outbox().save(delivered)).to.equal(true);
      expect(await outbox().findById(team, e.id)).to.deep.equal(delivered);
      expect((await outbox().claimDue(at(10_000_000), at(10_060_000), 10_000)).filter((x) => x.id === e.id)).to.deep.equal([]);
    });
  });

  describe('page (GET /events)', () => {
    it("gives a team's events newest first, created_at then id, and only the team's", async () => {
      const team = newTeam();
      const other = newTeam();
      const events = await seed(team);
      await seed(other);
      const found = await page(team, { limit: 100 });
      expect(found).to.deep.equal({ data: newestFirst(events), hasMore: false });
      expect(await page(newTeam(), { limit: 100 })).to.deep.equal({ data: [], hasMore: false });
    });

    it('keeps only the types asked for', async () => {
      const team = newTeam();
      const events = await seed(team);
      const updated = events.filter((e) => e.type === 'deal.updated');
      expect(ids((await page(team, { types: ['deal.updated'], limit: 100 })).data)).to.deep.equal(ids(newestFirst(updated)));
      const outcomes = events.filter((e) => e.type === 'deal.won' || e.type === 'deal.archived');
      expect(ids((await page(team, { types: ['deal.won', 'deal.archived'], limit: 100 })).data)).to.deep.equal(ids(newestFirst(outcomes)));
      expect(await page(team, { types: ['client.created'], limit: 100 })).to.deep.equal({ data: [], hasMore: false });
    });

    it('keeps only the events written after createdAfter', async () => {
      const team = newTeam();
      const events = await seed(team);
      const after = events[2].createdAt;
      const later = events.filter((e) => e.createdAt > after);
      expect(later).to.have.length(3);
      expect(ids((await page(team, { createdAfter: after, limit: 100 })).data)).to.deep.equal(ids(newestFirst(later)));
      expect(ids((await page(team, { createdAfter: at(-1).toISOString(), limit: 100 })).data)).to.have.length(events.length);
      expect((await page(team, { createdAfter: events[5].createdAt, limit: 100 })).data).to.deep.equal([]);
    });

    it('walks the pages after the cursor event, each event once, with hasMore until the last', async () => {
      const team = newTeam();
      const expected = newestFirst(await seed(team));
      for (const limit of [1, 2, 4, 6]) {
        const walked: EventData[] = [];
        let startingAfter: string | undefined;
        for (let n = 0; ; n++) {
          expect(n, 'the walk ends').to.be.below(20);
          const p = await page(team, { startingAfter, limit });
          walked.push(...p.data);
          if (!p.hasMore) break;
          expect(p.data, 'a page with more after it is full').to.have.length(limit);
          startingAfter = p.data[p.data.length - 1].id;
        }
        expect(ids(walked), `limit ${limit}`).to.deep.equal(ids(expected));
      }
      // After the last event: an empty page, and nothing more.
      expect(await page(team, { startingAfter: expected[expected.length - 1].id, limit: 10 })).to.deep.equal({ data: [], hasMore: false });
      // Exactly `limit` left: no more after them.
      expect(await page(team, { startingAfter: expected[1].id, limit: 4 })).to.deep.equal({ data: expected.slice(2), hasMore: false });
      // After one of the two events of the same millisecond: the other, which has the lower id, comes next.
      expect(ids((await page(team, { startingAfter: expected[0].id, limit: 1 })).data)).to.deep.equal([expected[1].id]);
    });

    it('combines the cursor with the filters', async () => {
      const team = newTeam();
      const events = await seed(team);
      const updated = newestFirst(events.filter((e) => e.type === 'deal.updated'));
      const first = await page(team, { types: ['deal.updated'], limit: 1 });
      expect(first).to.deep.equal({ data: [updated[0]], hasMore: true });
      expect(await page(team, { types: ['deal.updated'], startingAfter: updated[0].id, limit: 1 })).to.deep.equal({
        data: [updated[1]],
        hasMore: false,
      });
      // The cursor places the page; it need not be of the types asked for.
      const newest = newestFirst(events)[0];
      expect(newest.type).to.not.equal('deal.updated');
      expect(ids((await page(team, { types: ['deal.updated'], startingAfter: newest.id, limit: 10 })).data)).to.deep.equal(ids(updated));
      const after = events[1].createdAt;
      expect(ids((await page(team, { createdAfter: after, startingAfter: newest.id, limit: 10 })).data)).to.deep.equal(
        ids(newestFirst(events).filter((e) => e.id !== newest.id && e.createdAt > after)),
      );
    });

    it("keeps who made each change and in which request, and pages one record's or one actor's events", async () => {
      const team = newTeam();
      const deal = randomUUID();
      const other = randomUUID();
      const byKey = (subject: string, ms: number, requestId: string | null) =>
        EventMother.pending(team.teamId, subject, { actor: 'api_key:k1', requestId, createdAt: at(ms).toISOString() });
      const events = [
        byKey(deal, 1000, 'req-1'),
        EventMother.pending(team.teamId, deal, { actor: 'cli', requestId: null, type: 'deal.updated', createdAt: at(2000).toISOString() }),
        byKey(other, 3000, 'req-2'),
        EventMother.pending(team.teamId, deal, { actor: null, requestId: null, type: 'deal.archived', createdAt: at(4000).toISOString() }),
      ];
      await outbox().addAll(events);
      await outbox().add(EventMother.pending(newTeam().teamId, deal, { actor: 'api_key:k1' }));
      expect(await outbox().findById(team, events[0].id)).to.deep.equal(events[0]);
      expect(await page(team, { subjectId: deal, limit: 10 })).to.deep.equal({ data: [events[3], events[1], events[0]], hasMore: false });
      expect(await page(team, { actor: 'api_key:k1', limit: 10 })).to.deep.equal({ data: [events[2], events[0]], hasMore: false });
      expect(await page(team, { subjectId: deal, actor: 'api_key:k1', limit: 10 })).to.deep.equal({ data: [events[0]], hasMore: false });
      expect(await page(team, { subjectId: deal, limit: 1 })).to.deep.equal({ data: [events[3]], hasMore: true });
      expect(await page(team, { subjectId: deal, startingAfter: events[3].id, types: ['deal.updated'], limit: 5 })).to.deep.equal({
        data: [events[1]],
        hasMore: false,
      });
      expect(await page(team, { actor: 'workflow:w1', limit: 10 })).to.deep.equal({ data: [], hasMore: false });
    });

    it("answers null for a cursor that names no event of the team, its own or another team's", async () => {
      const team = newTeam();
      const other = newTeam();
      await seed(team);
      const theirs = await seed(other);
      expect(await outbox().page(team, { startingAfter: nextId(), limit: 10 })).to.equal(null);
      expect(await outbox().page(team, { startingAfter: theirs[0].id, limit: 10 })).to.equal(null);
      expect(await outbox().page(team, { startingAfter: theirs[0].id, types: ['deal.created'], limit: 10 })).to.equal(null);
      // The same cursor pages the other team's events.
      expect(await outbox().page(other, { startingAfter: theirs[0].id, limit: 10 })).to.not.equal(null);
    });
  });

  describe('purgeBefore (retention)', () => {
    // The purge works across teams: these tests write at days of 2010 nothing else writes at, and look only at those.
    it('removes the delivered events written before the cutoff, across teams, and keeps every other', async () => {
      const [a, b] = [newTeam(), newTeam()];
      const delivered = (team: TeamContext, createdAt: string) =>
        EventMother.pending(team.teamId, randomUUID(), { status: 'delivered', createdAt, availableAt: createdAt, deliveredAt: createdAt });
      const cutoff = new Date(old(10));
      const gone = [delivered(a, old(1)), delivered(b, old(2)), delivered(a, old(10, -1))];
      const kept = [
        delivered(a, old(10)), // at the cutoff itself
        delivered(b, old(11)),
        EventMother.pending(a.teamId, randomUUID(), { createdAt: old(3), availableAt: old(3) }), // never dispatched
        EventMother.pending(b.teamId, randomUUID(), { status: 'processing', attempts: 1, createdAt: old(4), availableAt: old(4) }),
      ];
      for (const e of [...gone, ...kept]) await outbox().add(e);

      expect(await outbox().purgeBefore(cutoff, 1000)).to.equal(gone.length);

      for (const e of gone) expect(await outbox().findById({ teamId: e.teamId }, e.id), `${e.createdAt} purged`).to.equal(null);
      for (const e of kept) expect(await outbox().findById({ teamId: e.teamId }, e.id), `${e.createdAt} kept`).to.deep.equal(e);
      expect(await outbox().purgeBefore(cutoff, 1000)).to.equal(0);
    });

    it('removes at most `limit` at a time', async () => {
      const team = newTeam();
      // What earlier tests left delivered before these days goes first, so the counts below are these events'.
      await outbox().purgeBefore(new Date(old(100)), 10_000);
      const events = Array.from({ length: 5 }, (_, i) =>
        EventMother.pending(team.teamId, randomUUID(), {
          status: 'delivered',
          createdAt: old(100 + i),
          availableAt: old(100 + i),
          deliveredAt: old(100 + i),
        }),
      );
      for (const e of events) await outbox().add(e);
      const cutoff = new Date(old(200));
      const left = async () => (await page(team, { limit: 100 })).data;

      expect(await outbox().purgeBefore(cutoff, 2)).to.equal(2);
      expect(await left()).to.have.length(3);
      expect(await outbox().purgeBefore(cutoff, 2)).to.equal(2);
      expect(await outbox().purgeBefore(cutoff, 2)).to.equal(1);
      expect(await left()).to.deep.equal([]);
      expect(await outbox().purgeBefore(cutoff, 2)).to.equal(0);
    });
  });
});
