import { expect } from 'chai';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { TOKENS } from '../../../bootstrap/tokens';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealData } from '../../../domain/deals/deal';
import { DealFilter, DealRepository, DealSortField } from '../../../domain/deals/deal-repository';
import { ListQuery } from '../../../domain/shared/list';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { ClientMother } from '../../support/mothers';
import { dealQuery, DealRecordMother, uuid } from './deal-mother';

const q = dealQuery;
const G: DealFilter = { scope: 'global' };
let teamSeq = 100;

forEachBackend('DealRepository contract', (env) => {
  let repo: DealRepository;
  let team: { teamId: string };
  const titles = async (filter: Partial<DealFilter>, query: Partial<ListQuery<DealSortField>> = {}) =>
    (await repo.list(team, { ...G, ...filter }, q(query))).items.map((v) => v.deal.title);
  const add = async (o: Partial<DealData>) => {
    const d = DealRecordMother.global({ teamId: team.teamId, ...o });
    await repo.insert(d);
    return d;
  };

  beforeEach(() => {
    repo = referencedRows(env()).deals(env().container.get<DealRepository>(DEAL_TOKENS.DealRepository));
    team = { teamId: uuid(++teamSeq) };
  });

  it('round-trips every field of a global deal identically', async () => {
    const d = DealRecordMother.global({
      teamId: team.teamId,
      description: 'Desc',
      value: 1234.56,
      probability: 35.5,
      expectedCloseDate: '2026-07-31',
      source: 'site',
      lossReason: 'price',
      tags: ['a', 'b'],
      isStarred: true,
      responsibleId: uuid(77),
      status: 'arquivado',
      archivedAt: '2026-02-03T04:05:06.789Z',
      priority: 'alta',
      aiSummary: 'sum',
      aiWinProbability: 0.75,
      aiAnalyzedAt: '2026-02-01T00:00:00.000Z',
    });
    await repo.insert(d);
    expect((await repo.findById(team, d.id))?.deal).to.deep.equal(d);
  });

  it('round-trips the project-scope fields', async () => {
    const d = DealRecordMother.project({
      teamId: team.teamId,
      attribution: { first: { utm_source: 'g', utm_term: 't' } },
      metadata: { a: 1 },
      customFields: { cf: 'x' },
      position: 2.5,
      originType: 'webhook',
      sourcePath: '/lp',
      utmSource: 'g',
      utmMedium: 'cpc',
      utmCampaign: 'c',
      utmTerm: 't',
      utmContent: 'u',
      contactName: 'Ana',
      contactEmail: 'a@x.com',
      contactPhone: '+5581999999999',
      checklist: [{ done: true }],
      lossReasonId: uuid(55),
      lossNote: 'n',
      winNote: 'w',
      wonAt: '2026-03-01T00:00:00.000Z',
      lostAt: null,
    });
    await repo.insert(d);
    expect((await repo.findById(team, d.id))?.deal).to.deep.equal(d);
  });

  it('keeps every list total exact through inserts and updates that move deals between statuses, projects and pipelines', async () => {
    const [p1, p2, pl1, pl2] = [uuid(901), uuid(902), uuid(903), uuid(904)];
    const inserted: DealData[] = [];
    for (let i = 0; i < 6; i++) inserted.push(await add({ title: `G${i}`, status: i % 3 === 0 ? 'arquivado' : 'ativo' }));
    for (let i = 0; i < 5; i++) {
      const d = DealRecordMother.project({
        teamId: team.teamId,
        title: `P${i}`,
        projectId: i < 3 ? p1 : p2,
        pipelineId: i % 2 ? pl1 : pl2,
        status: 'open',
      });
      await repo.insert(d);
      inserted.push(d);
    }
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    await uow.run(() => repo.update({ ...inserted[1], status: 'arquivado' }));
    await uow.run(() => repo.update({ ...inserted[1], status: 'arquivado', title: 'same status again' }));
    await uow.run(() => repo.update({ ...inserted[6], projectId: p2, pipelineId: pl1, status: 'won' }));
    await uow.run(() => repo.update({ ...inserted[7], status: 'lost' }));
    const current = await Promise.all(inserted.map(async (d) => (await repo.findById(team, d.id))!.deal));
    const filters: DealFilter[] = [
      G,
      { ...G, status: 'ativo' },
      { ...G, status: 'arquivado' },
      { scope: 'project' },
      { scope: 'project', projectId: p1 },
      { scope: 'project', projectId: p2 },
      { scope: 'project', projectId: p1, pipelineId: pl2 },
      { scope: 'project', pipelineId: pl1 },
      { scope: 'project', projectId: p2, status: 'won' },
      { scope: 'project', status: 'open' },
    ];
    for (const f of filters) {
      const expected = current.filter(
        (d) =>
          d.scope === f.scope &&
          (!f.status || d.status === f.status) &&
          (!f.projectId || d.projectId === f.projectId) &&
          (!f.pipelineId || d.pipelineId === f.pipelineId),
      ).length;
      const page = await repo.list(team, f, q({ limit: 2 }));
      expect(page.total, JSON.stringify(f)).to.equal(expected);
      expect(page.items.length).to.equal(Math.min(2, expected));
    }
    expect((await repo.list({ teamId: uuid(999) }, G, q())).total).to.equal(0);
  });

  it('updates a deal in place', async () => {
    const d = await add({ title: 'Before' });
    await repo.update({ ...d, title: 'After', tags: ['x'], value: 0 });
    expect((await repo.findById(team, d.id))?.deal).to.include({ title: 'After', value: 0 });
  });

  it("never returns another team's deal", async () => {
    const d = await add({});
    const other = { teamId: uuid(999999) };
    expect(await repo.findById(other, d.id)).to.equal(null);
    expect((await repo.list(other, G, q())).total).to.equal(0);
  });

  it('embeds the client of the same team with its name', async () => {
    const clients = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const c = ClientMother.create({ teamId: team.teamId, name: 'Acme Ltda' });
    await clients.insert(c);
    const d = await add({ clientId: c.id });
    const lone = await add({});
    expect((await repo.findById(team, d.id))?.client).to.deep.equal({ id: c.id, name: 'Acme Ltda' });
    expect((await repo.findById(team, lone.id))?.client).to.equal(null);
    expect((await repo.list(team, G, q())).items.find((v) => v.deal.id === d.id)?.client).to.deep.equal({ id: c.id, name: 'Acme Ltda' });
  });

  it('keeps the scopes apart', async () => {
    await add({ title: 'global' });
    const p = DealRecordMother.project({ teamId: team.teamId, title: 'project' });
    await repo.insert(p);
    expect(await titles({})).to.deep.equal(['global']);
    expect(await titles({ scope: 'project', projectId: p.projectId! })).to.deep.equal(['project']);
    expect(await titles({ scope: 'project', projectId: uuid(4242) })).to.deep.equal([]);
    expect(await titles({ scope: 'project', projectId: p.projectId!, pipelineId: p.pipelineId! })).to.deep.equal(['project']);
    expect(await titles({ scope: 'project', projectId: p.projectId!, leadId: p.leadId! })).to.deep.equal(['project']);
  });

  it('filters by status, phase, client, responsible and source', async () => {
    await add({ title: 'a', status: 'arquivado', phase: 'ganho', clientId: uuid(1), responsibleId: uuid(2), source: 'site' });
    await add({ title: 'b', phase: 'lead', source: 'indicacao' });
    expect(await titles({ status: 'arquivado' })).to.deep.equal(['a']);
    expect(await titles({ status: 'ativo' })).to.deep.equal(['b']);
    expect(await titles({ phase: 'ganho' })).to.deep.equal(['a']);
    expect(await titles({ clientId: uuid(1) })).to.deep.equal(['a']);
    expect(await titles({ responsibleId: uuid(2) })).to.deep.equal(['a']);
    expect(await titles({ source: 'indicacao' })).to.deep.equal(['b']);
  });

  it('filters by value range, inclusive, leaving out deals without a value', async () => {
    await add({ title: 'none' });
    await add({ title: 'ten', value: 10 });
    await add({ title: 'fifty', value: 50 });
    await add({ title: 'hundred', value: 100 });
    expect(await titles({ minValue: 50 }, { sort: { field: 'value', descending: false } })).to.deep.equal(['fifty', 'hundred']);
    expect(await titles({ maxValue: 50 }, { sort: { field: 'value', descending: false } })).to.deep.equal(['ten', 'fifty']);
    expect(await titles({ minValue: 10, maxValue: 10 })).to.deep.equal(['ten']);
  });

  it('filters by creation day, both bounds inclusive', async () => {
    await add({ title: 'd1', createdAt: '2026-03-01T23:59:59.999Z' });
    await add({ title: 'd2', createdAt: '2026-03-02T00:00:00.000Z' });
    await add({ title: 'd3', createdAt: '2026-03-03T12:00:00.000Z' });
    expect(await titles({ from: '2026-03-02' })).to.deep.equal(['d3', 'd2']);
    expect(await titles({ to: '2026-03-02' })).to.deep.equal(['d2', 'd1']);
    expect(await titles({ from: '2026-03-01', to: '2026-03-01' })).to.deep.equal(['d1']);
  });

  it('searches title and description, partially and case-insensitively', async () => {
    await add({ title: 'Website Redesign' });
    await add({ title: 'Other', description: 'new WEBSITE copy' });
    await add({ title: 'Unrelated', description: null });
    await add({ title: '100% off' });
    expect(await titles({}, { search: 'website', sort: { field: 'title', descending: false } })).to.deep.equal([
      'Other',
      'Website Redesign',
    ]);
    expect(await titles({}, { search: '%' })).to.deep.equal(['100% off']);
  });

  it('searches folded text, and finds an updated deal by its new text, never by its old', async () => {
    const d = await add({ title: 'Reunião com JOSÉ', description: 'Ação de março' });
    expect(await titles({}, { search: 'reuniao com jose' })).to.deep.equal(['Reunião com JOSÉ']);
    expect(await titles({}, { search: 'ACAO' })).to.deep.equal(['Reunião com JOSÉ']);
    await repo.update({ ...d, title: 'Proposta São Paulo', description: null });
    expect(await titles({}, { search: 'jose' })).to.deep.equal([]);
    expect(await titles({}, { search: 'acao' })).to.deep.equal([]);
    expect(await titles({}, { search: 'SAO PAULO' })).to.deep.equal(['Proposta São Paulo']);
  });

  it('sorts by every allowed field, nulls last both ways, with id as tie-breaker', async () => {
    await add({ title: 'b', value: 5, phase: 'proposta', expectedCloseDate: '2026-05-01', updatedAt: '2026-06-01T00:00:00.000Z' });
    await add({ title: 'A', value: null, phase: 'Lead', expectedCloseDate: null, updatedAt: '2026-06-03T00:00:00.000Z' });
    await add({ title: 'c', value: 1, phase: 'ganho', expectedCloseDate: '2026-04-01', updatedAt: '2026-06-02T00:00:00.000Z' });
    const by = (field: DealSortField, descending = false) => titles({}, { sort: { field, descending } });
    expect(await by('title')).to.deep.equal(['A', 'b', 'c']);
    expect(await by('title', true)).to.deep.equal(['c', 'b', 'A']);
    expect(await by('value')).to.deep.equal(['c', 'b', 'A']);
    expect(await by('value', true)).to.deep.equal(['b', 'c', 'A']);
    expect(await by('phase')).to.deep.equal(['c', 'A', 'b']);
    expect(await by('expected_close_date')).to.deep.equal(['c', 'b', 'A']);
    expect(await by('expected_close_date', true)).to.deep.equal(['b', 'c', 'A']);
    expect(await by('updated_at')).to.deep.equal(['b', 'c', 'A']);
    expect(await by('created_at')).to.deep.equal(['b', 'A', 'c']);
    expect(await by('created_at', true)).to.deep.equal(['c', 'A', 'b']);
  });

  it('paginates with an exact total', async () => {
    for (let i = 0; i < 5; i++) await add({ title: `t${i}` });
    const p2 = await repo.list(team, G, q({ page: 2, limit: 2, sort: { field: 'title', descending: false } }));
    expect(p2.total).to.equal(5);
    expect(p2.items.map((v) => v.deal.title)).to.deep.equal(['t2', 't3']);
  });

  it('writes nothing when the unit of work rolls back', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const d = DealRecordMother.global({ teamId: team.teamId });
    await uow
      .run(async () => {
        await repo.insert(d);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    expect(await repo.findById(team, d.id)).to.equal(null);
  });
});
