import { expect } from 'chai';
import { parseIdempotencyKey } from '../../../../domain/deals/idempotency';
import { Conflict, NotFound } from '../../../../domain/shared/errors';
import { FakeEventObjects } from './fakes';
import { CLIENT_ID, dealsWorld, OTHER_TEAM, TEAM } from './harness';

/** A key as the route hands it over, read from the header (a key over 512 characters never gets this far). */
const key = (header: string) => parseIdempotencyKey(header)!;

describe('CreateDeal', () => {
  it('creates a global deal with its client and writes deal.created, carrying the deal, to the outbox', async () => {
    const w = dealsWorld();
    const { deal, replayed } = await w.createDeal.execute(TEAM, { deal: { title: 'Site', clientId: CLIENT_ID } });
    expect(replayed).to.equal(false);
    expect(deal.client).to.deep.equal({ id: CLIENT_ID, name: 'Acme' });
    expect(deal.deal).to.include({ scope: 'global', status: 'ativo', phase: 'lead', teamId: TEAM.teamId });
    expect(w.deals.rows.size).to.equal(1);
    const events = [...w.outbox.rows.values()];
    expect(events.map((e) => [e.type, e.subjectId, e.status])).to.deep.equal([['deal.created', deal.deal.id, 'pending']]);
    expect(events[0].data).to.deep.equal({ object: new FakeEventObjects().deal(deal) });
    expect(events[0].createdAt).to.equal(w.clock.now().toISOString());
    expect(w.kicks.n).to.equal(1);
  });

  it('answers 404 for a client of another team or unknown', async () => {
    const w = dealsWorld();

    const err = await w.createDeal.execute(OTHER_TEAM, { deal: { title: 'x', clientId: CLIENT_ID } }).catch((e) => e);
    expect(err).to.be.instanceOf(NotFound);
    expect(err.details).to.deep.equal({ field: 'client_id' });
    expect(w.deals.rows.size).to.equal(0);
  });

  it('leaves no deal and no outbox event when the write is rolled back', async () => {
    const w = dealsWorld();
    w.outbox.add = async () => {
      throw new Error('disk full');
    };
    const err = await w.createDeal.execute(TEAM, { deal: { title: 'x' }, idempotencyKey: key('k1') }).catch((e) => e);
    expect(err.message).to.equal('disk full');
    expect(w.deals.rows.size).to.equal(0);
    expect(w.outbox.rows.size).to.equal(0);
    expect(w.keys.rows.size).to.equal(0);
    expect(w.kicks.n).to.equal(0);
  });

  describe('with an Idempotency-Key', () => {
    it('replays the same deal for the same payload, without a second record', async () => {
      const w = dealsWorld();
      const first = await w.createDeal.execute(TEAM, { deal: { title: 'Site', tags: ['a'] }, idempotencyKey: key('k1') });
      const second = await w.createDeal.execute(TEAM, { deal: { tags: ['a'], title: 'Site' }, idempotencyKey: key('k1') });
      expect(first.replayed).to.equal(false);
      expect(second.replayed).to.equal(true);
      expect(second.deal.deal.id).to.equal(first.deal.deal.id);
      expect(w.deals.rows.size).to.equal(1);
      expect(w.outbox.rows.size).to.equal(1);
    });

    it('is a CONFLICT for a different payload', async () => {
      const w = dealsWorld();
      await w.createDeal.execute(TEAM, { deal: { title: 'Site' }, idempotencyKey: key('k1') });
      const err = await w.createDeal.execute(TEAM, { deal: { title: 'Other' }, idempotencyKey: key('k1') }).catch((e) => e);
      expect(err).to.be.instanceOf(Conflict);
      expect(err.code).to.equal('CONFLICT');
      expect(w.deals.rows.size).to.equal(1);
    });

    it('keeps keys per team', async () => {
      const w = dealsWorld();
      const a = await w.createDeal.execute(TEAM, { deal: { title: 'Site' }, idempotencyKey: key('k1') });
      const b = await w.createDeal.execute(OTHER_TEAM, { deal: { title: 'Site' }, idempotencyKey: key('k1') });
      expect(b.replayed).to.equal(false);
      expect(b.deal.deal.id).to.not.equal(a.deal.deal.id);
    });

    it('creates anew after the 24-hour retention', async () => {
      const w = dealsWorld();
      const a = await w.createDeal.execute(TEAM, { deal: { title: 'Site' }, idempotencyKey: key('k1') });
      w.clock.advance(24 * 3600 * 1000);
      const b = await w.createDeal.execute(TEAM, { deal: { title: 'Other' }, idempotencyKey: key('k1') });
      expect(b.replayed).to.equal(false);
      expect(b.deal.deal.id).to.not.equal(a.deal.deal.id);
      expect(w.deals.rows.size).to.equal(2);
    });

    it('does not take the key for an invalid payload', async () => {
      const w = dealsWorld();
      await w.createDeal.execute(TEAM, { deal: { title: '' }, idempotencyKey: key('k1') }).catch(() => undefined);
      expect(w.keys.claims).to.equal(0);
      const ok = await w.createDeal.execute(TEAM, { deal: { title: 'fixed' }, idempotencyKey: key('k1') });
      expect(ok.replayed).to.equal(false);
    });

    it('creates one deal when requests with one key run at the same time', async () => {
      const w = dealsWorld();
      const results = await Promise.all(
        Array.from({ length: 8 }, () => w.createDeal.execute(TEAM, { deal: { title: 'Site' }, idempotencyKey: key('race') })),
      );
      expect(w.deals.rows.size).to.equal(1);
      expect(new Set(results.map((r) => r.deal.deal.id)).size).to.equal(1);
      expect(results.filter((r) => !r.replayed)).to.have.length(1);
    });

    it('answers CONFLICT when the first request is still running after the wait', async () => {
      const w = dealsWorld();
      // A key held with no visible deal: its request never finished within the wait.
      await w.keys.claim(
        {
          teamId: TEAM.teamId,
          key: 'stuck',
          fingerprint: '{"title":"x"}',
          dealId: 'missing',
          createdAt: w.clock.now().toISOString(),
          expiresAt: new Date(w.clock.now().getTime() + 1e6).toISOString(),
        },
        w.clock.now(),
      );
      const err = await w.createDeal.execute(TEAM, { deal: { title: 'x' }, idempotencyKey: key('stuck') }).catch((e) => e);
      expect(err).to.be.instanceOf(Conflict);
      expect(w.deals.rows.size).to.equal(0);
    });
  });
});
