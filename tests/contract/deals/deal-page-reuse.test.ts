// A page of a deal list is read once and then given again while the team's deals and clients stay as they
// were: the SQL adapters remember each page under the versions of the team's deals (`deal_versions`) and
// of its clients (`client_versions`, since a page shows each deal's client's name), each moved by every
// write of its own rows in that write's transaction. On every backend a page follows every write exactly;
// on the SQL ones a page is given again until a write moves a version, never inside a unit of work, and
// never to another team.
import { expect } from 'chai';
import { KnexClientRepository } from '../../../adapters/persistence/knex/clients/knex-client-repository';
import { KnexDealRepository } from '../../../adapters/persistence/knex/deals/knex-deal-repository';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { TOKENS } from '../../../bootstrap/tokens';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { DealFilter, DealRepository } from '../../../domain/deals/deal-repository';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';
import { referencedRows } from '../../support/referenced-rows';
import { dealQuery, DealRecordMother, plainDealRow, uuid } from './deal-mother';

const q = dealQuery;
const G: DealFilter = { scope: 'global' };
let teamSeq = 9000;

forEachBackend('Deal list pages given again', (env, backend) => {
  let repo: DealRepository;
  let team: { teamId: string };
  const titles = async (filter: DealFilter = G, query = q()) => (await repo.list(team, filter, query)).items.map((v) => v.deal.title);

  beforeEach(async () => {
    repo = referencedRows(env()).deals(env().container.get<DealRepository>(DEAL_TOKENS.DealRepository));
    team = { teamId: uuid(++teamSeq) };
    await repo.insert(
      DealRecordMother.global({ teamId: team.teamId, title: 'Implantação Goiânia', createdAt: '2026-02-01T10:00:00.000Z' }),
    );
  });

  it("show a client's new name on every page of the client's deals", async () => {
    const clients = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    const client = ClientMother.create({ teamId: team.teamId, name: 'Padaria São João' });
    await clients.insert(client);
    const deal = DealRecordMother.global({
      teamId: team.teamId,
      title: 'Pães',
      clientId: client.id,
      createdAt: '2026-02-02T10:00:00.000Z',
    });
    await repo.insert(deal);
    const clientOnPage = async (query = q()) => (await repo.list(team, G, query)).items.find((v) => v.deal.id === deal.id)?.client;
    const byId = async () => (await repo.findById(team, deal.id))?.client;
    expect(await clientOnPage()).to.deep.equal({ id: client.id, name: 'Padaria São João' });
    expect(await clientOnPage(q({ search: 'pães' }))).to.deep.equal({ id: client.id, name: 'Padaria São João' });

    await clients.update({ ...client, name: 'Panificadora São João Ltda' });
    expect(await clientOnPage()).to.deep.equal({ id: client.id, name: 'Panificadora São João Ltda' });
    expect(await clientOnPage(q({ search: 'pães' }))).to.deep.equal({ id: client.id, name: 'Panificadora São João Ltda' });
    expect(await byId()).to.deep.equal({ id: client.id, name: 'Panificadora São João Ltda' });
  });

  it('follow creations and updates, page after page, and keep teams apart', async () => {
    expect(await titles()).to.deep.equal(['Implantação Goiânia']);
    const added = DealRecordMother.global({ teamId: team.teamId, title: 'Renovação Belém', createdAt: '2026-02-03T10:00:00.000Z' });
    await repo.insert(added);
    expect(await titles()).to.deep.equal(['Renovação Belém', 'Implantação Goiânia']);
    await repo.update({ ...added, title: 'Renovação Belém do Pará' });
    expect(await titles()).to.deep.equal(['Renovação Belém do Pará', 'Implantação Goiânia']);
    expect(await titles(G, q({ page: 2, limit: 1 }))).to.deep.equal(['Implantação Goiânia']);

    const other = { teamId: uuid(++teamSeq) };
    expect((await repo.list(other, G, q())).items).to.deep.equal([]);
    await repo.insert(DealRecordMother.global({ teamId: other.teamId, title: 'Outra equipe' }));
    expect((await repo.list(other, G, q())).items.map((v) => v.deal.title)).to.deep.equal(['Outra equipe']);
    expect(await titles()).to.deep.equal(['Renovação Belém do Pará', 'Implantação Goiânia']);
  });

  if (backend === 'memory') return;

  const database = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase);
  const writeAround = (title: string) =>
    database()
      .knex('deals')
      .insert(plainDealRow(team.teamId, uuid(++teamSeq + 100_000), title, '2026-03-01T00:00:00.000Z'));

  it('give a page again until a write through the repository moves the version', async () => {
    expect(await titles()).to.deep.equal(['Implantação Goiânia']);
    expect(await titles(G, q({ search: 'goiania' }))).to.deep.equal(['Implantação Goiânia']);
    // Out of step on purpose: a row written around the repository leaves the version, and the pages read before stand.
    await writeAround('Goiânia fora do repositório');
    expect(await titles()).to.deep.equal(['Implantação Goiânia']);
    expect(await titles(G, q({ search: 'goiania' }))).to.deep.equal(['Implantação Goiânia']);
    await repo.insert(DealRecordMother.global({ teamId: team.teamId, title: 'Outro', createdAt: '2026-01-01T00:00:00.000Z' }));
    expect(await titles()).to.deep.equal(['Goiânia fora do repositório', 'Implantação Goiânia', 'Outro']);
    expect(await titles(G, q({ search: 'goiania' }))).to.deep.equal(['Goiânia fora do repositório', 'Implantação Goiânia']);
  });

  it("see another process's write: the version is the database's, not the process's", async () => {
    expect(await titles()).to.deep.equal(['Implantação Goiânia']);
    // Another node's repository over the same database, with its own memory.
    const elsewhere = new KnexDealRepository(database());
    await elsewhere.insert(DealRecordMother.global({ teamId: team.teamId, title: 'De outro nó', createdAt: '2026-02-05T00:00:00.000Z' }));
    expect(await titles()).to.deep.equal(['De outro nó', 'Implantação Goiânia']);
  });

  it("follow a client's new name without its writer moving the deals' version: a deal page declares it shows clients", async () => {
    const client = ClientMother.create({ teamId: team.teamId, name: 'Padaria São João' });
    await env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository).insert(client);
    const deal = DealRecordMother.global({
      teamId: team.teamId,
      title: 'Pães',
      clientId: client.id,
      createdAt: '2026-02-02T10:00:00.000Z',
    });
    await repo.insert(deal);
    const clientOnPage = async () => (await repo.list(team, G, q())).items.find((v) => v.deal.id === deal.id)?.client;
    const dealVersion = async () =>
      Number(((await database().knex('deal_versions').where({ team_id: team.teamId }).sum({ v: 'version' }).first()) as { v: unknown }).v);
    expect(await clientOnPage()).to.deep.equal({ id: client.id, name: 'Padaria São João' });
    const before = await dealVersion();
    // Renamed on another node, by a client repository with its own memory: the versions are the database's.
    await new KnexClientRepository(database()).update({ ...client, name: 'Panificadora São João Ltda' });
    expect(await dealVersion(), "the deals' version stays").to.equal(before);
    expect(await clientOnPage()).to.deep.equal({ id: client.id, name: 'Panificadora São João Ltda' });
  });

  it('read a page again inside a unit of work rather than give it again', async () => {
    expect(await titles()).to.deep.equal(['Implantação Goiânia']);
    await writeAround('Goiânia fora do repositório');
    await env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(async () => expect(await titles()).to.deep.equal(['Goiânia fora do repositório', 'Implantação Goiânia']));
  });

  it('give a page that its reader cannot change for the next one', async () => {
    const page = await repo.list(team, G, q());
    expect(() => (page.items as unknown[]).push('x')).to.throw(TypeError);
    expect(() => Object.assign(page.items[0].deal, { title: 'changed' })).to.throw(TypeError);
    expect(await titles()).to.deep.equal(['Implantação Goiânia']);
  });
});
