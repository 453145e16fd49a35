// A deep page of a team's deals in creation order starts from the day its first deal was created in,
// found from the deal counts kept per day (SQL adapters), instead of walking every index entry before it.
// On every backend the pages are the same as a plain walk would give; on the SQL ones the day counts
// equal a recount of the deals, and the page follows them.
import { expect } from 'chai';
import { KnexDealRepository } from '../../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../bootstrap/tokens';
import { DealData } from '../../../domain/deals/deal';
import { DealRepository, DealSortField } from '../../../domain/deals/deal-repository';
import { ListQuery } from '../../../domain/shared/list';
import { BackendName, forEachBackend } from '../../support/backends';
import { addToOneRow, summedOverSlots } from '../../support/kept-counts';
import { referencedRows } from '../../support/referenced-rows';
import { DealRecordMother, uuid } from './deal-mother';

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 1);
let teamSeq = 7000;

/** The instant of the i-th deal: ten days, several deals on one instant, the first and last millisecond of a day. */
const createdAtOf = (i: number): string => {
  const day = START + (i % 10) * DAY;
  const within = [0, DAY - 1, 12 * 3_600_000, 12 * 3_600_000, 1000 * (i % 37)][i % 5];
  return new Date(day + within).toISOString();
};

const q = (over: Partial<ListQuery<DealSortField>>): ListQuery<DealSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});

/** The plain walk's order: creation instant, then id, both in the sort's direction. */
const walked = (deals: DealData[], descending: boolean): string[] =>
  [...deals]
    .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1) * (descending ? -1 : 1))
    .map((d) => d.id);

forEachBackend('Deep deal pages in creation order', (env, backend: BackendName) => {
  const COUNT = 260;
  let repo: DealRepository;
  let team: { teamId: string };
  let deals: DealData[];

  beforeEach(async () => {
    // The SQL adapters start from the day from offset 100 here (20 000 in service), so these deals reach it.
    const adapter =
      backend === 'memory'
        ? env().container.get<DealRepository>(DEAL_TOKENS.DealRepository)
        : new KnexDealRepository(env().container.get<KnexDatabase>(TOKENS.KnexDatabase), { deepPageOffset: 100 });
    repo = referencedRows(env()).deals(adapter);
    team = { teamId: uuid(++teamSeq) };
    const neighbour = uuid(++teamSeq);
    deals = [];
    for (let i = 0; i < COUNT; i++) {
      const createdAt = createdAtOf(i);
      const deal = DealRecordMother.global({ teamId: team.teamId, createdAt, updatedAt: createdAt });
      deals.push(deal);
      await repo.insert(deal);
      // Another team's deals on the same days, counted apart.
      if (i % 4 === 0) await repo.insert(DealRecordMother.global({ teamId: neighbour, createdAt, updatedAt: createdAt }));
    }
  });

  const pagesOf = async (limit: number, descending: boolean): Promise<string[]> => {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const got = await repo.list(team, { scope: 'global' }, q({ page, limit, sort: { field: 'created_at', descending } }));
      expect(got.total).to.equal(deals.length);
      if (got.items.length === 0) return ids;
      ids.push(...got.items.map((v) => v.deal.id));
    }
  };

  for (const descending of [true, false]) {
    it(`pages ${descending ? 'newest' : 'oldest'} first, deep pages included, exactly as the walk orders them`, async () => {
      expect(await pagesOf(20, descending)).to.deep.equal(walked(deals, descending));
      expect(await pagesOf(7, descending)).to.deep.equal(walked(deals, descending));
    });
  }

  it('moves the deep pages when a deal is created on an earlier day', async () => {
    const createdAt = new Date(START + 2 * DAY + 5).toISOString();
    const late = DealRecordMother.global({ teamId: team.teamId, createdAt, updatedAt: createdAt });
    await repo.insert(late);
    deals.push(late);
    for (const descending of [true, false]) {
      const page = await repo.list(team, { scope: 'global' }, q({ page: 11, limit: 20, sort: { field: 'created_at', descending } }));
      expect(page.items.map((v) => v.deal.id)).to.deep.equal(walked(deals, descending).slice(200, 220));
    }
  });

  if (backend === 'memory') return;

  const knex = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;

  it('keeps deal_day_counts equal to a recount of the deals per day, a rolled-back creation left out', async () => {
    await env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(async () => {
        await repo.insert(DealRecordMother.global({ teamId: team.teamId, createdAt: createdAtOf(3) }));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const kept = summedOverSlots(await knex()('deal_day_counts').where({ team_id: team.teamId }).select('*'));
    const recount = new Map<string, number>();
    for (const d of deals) recount.set(d.createdAt.slice(0, 10), (recount.get(d.createdAt.slice(0, 10)) ?? 0) + 1);
    expect(kept.map((r) => ({ scope: r.scope as string, day: r.day as string, n: Number(r.n) }))).to.have.deep.members(
      [...recount].map(([day, n]) => ({ scope: 'global', day, n })),
    );
  });

  it('starts a deep page from the day the kept counts place it in', async () => {
    // Out of step on purpose: five more deals counted on the newest day move a deep page five places back.
    const newest = createdAtOf(9).slice(0, 10);
    await addToOneRow(knex(), 'deal_day_counts', { team_id: team.teamId, scope: 'global', day: newest }, 5);
    const deep = await repo.list(team, { scope: 'global' }, q({ page: 11, limit: 20 }));
    expect(deep.items.map((v) => v.deal.id)).to.deep.equal(walked(deals, true).slice(195, 215));
    // A shallow page still walks.
    const shallow = await repo.list(team, { scope: 'global' }, q({ page: 4, limit: 20 }));
    expect(shallow.items.map((v) => v.deal.id)).to.deep.equal(walked(deals, true).slice(60, 80));
  });
});
