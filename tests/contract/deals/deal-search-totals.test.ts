// The total of a deal list whose total is not kept (a search, a value range, a phase…) is counted once and
// then reused while the team's deals stay as they were: the SQL adapters keep a version of each team's
// deals, moved by every write in the same transaction, and a counted total is reused only under the
// version it was counted at. On every backend the totals follow every write exactly; on the SQL ones a
// total is reused until a write moves the version, and never inside a unit of work.
import { expect } from 'chai';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../bootstrap/tokens';
import { DealFilter, DealRepository } from '../../../domain/deals/deal-repository';
import { BackendName, forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { dealQuery, DealRecordMother, plainDealRow, uuid } from './deal-mother';

const q = dealQuery;
const SEARCH = q({ search: 'IMPLANTAÇÃO' });
const G: DealFilter = { scope: 'global' };
const RICH: DealFilter = { scope: 'global', minValue: 1000 };
let teamSeq = 8000;

forEachBackend('Deal list totals that are counted', (env, backend: BackendName) => {
  let repo: DealRepository;
  let team: { teamId: string };
  const totalOf = async (filter: DealFilter, query = SEARCH) => (await repo.list(team, filter, query)).total;

  beforeEach(async () => {
    repo = referencedRows(env()).deals(env().container.get<DealRepository>(DEAL_TOKENS.DealRepository));
    team = { teamId: uuid(++teamSeq) };
    for (const [title, value] of [
      ['Implantação São Paulo', 5000],
      ['Implantação Goiânia', 500],
      ['Renovação Belém', 8000],
    ] as const) {
      await repo.insert(DealRecordMother.global({ teamId: team.teamId, title, value }));
    }
  });

  it('follow creations, updates and another team exactly, read after read', async () => {
    expect(await totalOf(G)).to.equal(2);
    expect(await totalOf(RICH)).to.equal(1);
    expect(await totalOf(RICH, q())).to.equal(2);

    const added = DealRecordMother.global({ teamId: team.teamId, title: 'implantacao Recife', value: 1200 });
    await repo.insert(added);
    expect(await totalOf(G)).to.equal(3);
    expect(await totalOf(RICH)).to.equal(2);

    await env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(() => repo.update({ ...added, title: 'Renovação Recife' }));
    expect(await totalOf(G)).to.equal(2);
    expect(await totalOf(RICH)).to.equal(1);
    expect(await totalOf(RICH, q())).to.equal(3);

    // Another team's deals are never counted, and do not disturb this team's totals.
    await repo.insert(DealRecordMother.global({ teamId: uuid(++teamSeq), title: 'Implantação Natal', value: 9000 }));
    expect(await totalOf(G)).to.equal(2);
  });

  it('leave out a rolled-back write, and count inside a unit of work what it has written', async () => {
    expect(await totalOf(G)).to.equal(2);
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    await uow
      .run(async () => {
        await repo.insert(DealRecordMother.global({ teamId: team.teamId, title: 'Implantação Manaus', value: 100 }));
        expect(await totalOf(G)).to.equal(3);
        throw new Error('rollback');
      })
      .catch((err: Error) => expect(err.message).to.equal('rollback'));
    expect(await totalOf(G)).to.equal(2);
    await repo.insert(DealRecordMother.global({ teamId: team.teamId, title: 'Implantação Porto Alegre', value: 100 }));
    expect(await totalOf(G)).to.equal(3);
  });

  if (backend === 'memory') return;

  const knex = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase).knex;
  const writeAround = (title: string) =>
    knex()('deals').insert(plainDealRow(team.teamId, uuid(++teamSeq + 100_000), title, '2026-01-01T00:00:00.000Z'));

  it('reuse a counted total until a write through the repository moves the version', async () => {
    expect(await totalOf(RICH)).to.equal(1);
    // Out of step on purpose: a row written around the repository leaves the version, and the total counted before stands.
    await writeAround('implantacao fora do repositório');
    expect(await totalOf(RICH)).to.equal(1);
    await repo.insert(DealRecordMother.global({ teamId: team.teamId, title: 'Outro', value: 1 }));
    expect(await totalOf(RICH)).to.equal(2);
  });

  it('count again inside a unit of work rather than reuse a total', async () => {
    expect(await totalOf(RICH)).to.equal(1);
    await writeAround('implantacao fora do repositório');
    await env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(async () => expect(await totalOf(RICH)).to.equal(2));
  });
});
