// The dispatcher claims due events at every poll, holding SQLite's write lock while it does. Statistics
// taken while the log was small (a fresh database, the benchmark's seed) made the planner scan the
// whole log for every claim, twice: each claim then cost more as events were delivered, and every
// creation waited behind it. The plans of the claim, and of every statement on the log that grows with
// it (a record's events, a team's pages, the retention purge), must not depend on those statistics.
import { expect } from 'chai';
import { Knex } from 'knex';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { EVENT_TOKENS } from '../../../bootstrap/contexts/events';
import { TOKENS } from '../../../bootstrap/tokens';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { startRuntime } from '../../support/backends';
import { DealRecordMother, EventMother } from '../deals/deal-mother';

const TEAM = '0190d200-0000-7000-8000-000000000001';

interface Planned {
  sql: string;
  plan: string[];
}

describe('SQLite event log plans', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let knex: Knex;
  let outbox: EventOutbox;

  beforeEach(async () => {
    runtime = await startRuntime('sqlite');
    knex = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;
    outbox = runtime.container.get<EventOutbox>(EVENT_TOKENS.EventOutbox);
  });
  afterEach(async () => runtime.dispose());

  /** The plans of the statements on the log that `work` sends (its inserts and transaction control aside). */
  const plansOf = async (work: () => Promise<void>): Promise<Planned[]> => {
    const sent: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
    const listen = (data: { sql: string; bindings?: Knex.RawBinding[] }) => sent.push({ sql: data.sql, bindings: data.bindings ?? [] });
    knex.on('query', listen);
    try {
      await work();
    } finally {
      knex.off('query', listen);
    }
    return Promise.all(
      sent
        .filter((s) => /\bevents\b/.test(s.sql) && !/^(insert|begin|commit|savepoint|release)/i.test(s.sql))
        .map(async (s) => ({
          sql: s.sql,
          plan: (await knex.raw<{ detail: string }[]>(`explain query plan ${s.sql}`, s.bindings)).map((r) => r.detail),
        })),
    );
  };
  const verbs = (plans: Planned[]) => plans.map((p) => p.sql.split(' ')[0].toLowerCase());
  const expectNoScan = (plans: Planned[]) => {
    for (const { sql, plan } of plans) expect(plan.join('\n'), sql).to.not.match(/SCAN events/);
  };

  it('claims and reads through the indexes even with statistics taken while the log held two events', async () => {
    const deals = runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
    const deal = DealRecordMother.global({ teamId: TEAM });
    await deals.insert(deal);
    for (let i = 0; i < 2; i++) await outbox.add(EventMother.pending(TEAM, deal.id));
    await knex.raw('analyze');
    const plans = await plansOf(async () => {
      expect(await outbox.claimDue(new Date(), new Date(Date.now() + 60_000), 10)).to.have.length(2);
      expect(await outbox.backlog()).to.include({ pending: 2 });
      expect(await outbox.listBySubject({ teamId: TEAM }, deal.id)).to.have.length(2);
      const first = await outbox.page({ teamId: TEAM }, { types: ['deal.created'], createdAfter: '2000-01-01T00:00:00.000Z', limit: 1 });
      expect(first?.data).to.have.length(1);
      expect((await outbox.page({ teamId: TEAM }, { startingAfter: first!.data[0].id, limit: 1 }))?.data).to.have.length(1);
      // The audit trail's reads: one record's history, one actor's changes.
      expect((await outbox.page({ teamId: TEAM }, { subjectId: deal.id, limit: 5 }))?.data).to.have.length(2);
      expect((await outbox.page({ teamId: TEAM }, { actor: 'api_key:key-1', limit: 5 }))?.data).to.have.length(2);
    });
    // The claim, the backlog, a record's events, two pages (the second looks its cursor up first), a record's and an actor's.
    expect(verbs(plans)).to.deep.equal(['update', 'select', 'select', 'select', 'select', 'select', 'select', 'select']);
    expectNoScan(plans);
    // The claim: the due events by their index, then each by its key.
    expect(plans[0].plan.filter((d) => d.startsWith('SEARCH events'))).to.have.length(2);
  });

  it('purges through the indexes even with statistics taken while the log held two events', async () => {
    const delivered = { status: 'delivered' as const, deliveredAt: '2026-01-01T00:00:00.000Z' };
    for (let i = 0; i < 2; i++) await outbox.add(EventMother.pending(TEAM, DealRecordMother.global({ teamId: TEAM }).id, delivered));
    await knex.raw('analyze');
    const plans = await plansOf(async () => {
      expect(await outbox.purgeBefore(new Date('2030-01-01T00:00:00.000Z'), 10)).to.equal(2);
    });
    // One statement: the old events it is done with by their index, deleted by their key.
    expect(verbs(plans)).to.deep.equal(['delete']);
    expect(plans[0].plan.filter((d) => d.startsWith('SEARCH events'))).to.have.length(2);
    expectNoScan(plans);
  });
});
