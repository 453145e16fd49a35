// The dispatcher claims due events at every poll, holding SQLite's write lock while it does. Statistics
// taken while the outbox was small (a fresh database, the benchmark's seed) made the planner scan the
// whole outbox for every claim, twice: each claim then cost more as events were delivered, and every
// creation waited behind it. The claim's plan must not depend on those statistics.
import { expect } from 'chai';
import { Knex } from 'knex';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../bootstrap/tokens';
import { EventOutbox } from '../../../domain/events/event-outbox';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { startRuntime } from '../../support/backends';
import { DealRecordMother, EventMother } from './deal-mother';

const TEAM = '0190d200-0000-7000-8000-000000000001';

describe('SQLite outbox claim plan', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let knex: Knex;

  before(async () => {
    runtime = await startRuntime('sqlite');
    knex = runtime.container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;
  });
  after(async () => runtime.dispose());

  it('claims and reads through the indexes even with statistics taken while the outbox held two events', async () => {
    const deals = runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
    const outbox = runtime.container.get<EventOutbox>(DEAL_TOKENS.EventOutbox);
    const deal = DealRecordMother.global({ teamId: TEAM });
    await deals.insert(deal);
    for (let i = 0; i < 2; i++) await outbox.add(EventMother.pending(TEAM, deal.id));
    await knex.raw('analyze');
    const sent: { sql: string; bindings: readonly Knex.RawBinding[] }[] = [];
    const listen = (data: { sql: string; bindings?: Knex.RawBinding[] }) => sent.push({ sql: data.sql, bindings: data.bindings ?? [] });
    knex.on('query', listen);
    try {
      expect(await outbox.claimDue(new Date(), new Date(Date.now() + 60_000), 10)).to.have.length(2);
      expect(await outbox.backlog()).to.include({ pending: 2 });
      expect(await outbox.listByDeal({ teamId: TEAM }, deal.id)).to.have.length(2);
    } finally {
      knex.off('query', listen);
    }
    const plans = await Promise.all(
      sent
        .filter((s) => /deal_events/.test(s.sql) && !s.sql.startsWith('insert'))
        .map(async (s) => (await knex.raw<{ detail: string }[]>(`explain query plan ${s.sql}`, s.bindings)).map((r) => r.detail)),
    );
    expect(plans).to.have.length(3);
    for (const plan of plans) expect(plan.join('\n')).to.not.match(/SCAN deal_events/);
    // The claim: the due events by their index, then each by its key.
    expect(plans[0].filter((d) => d.startsWith('SEARCH deal_events'))).to.have.length(2);
  });
});
