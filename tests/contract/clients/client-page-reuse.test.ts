// A page of the client list is read once and then given again while the team's clients stay as they were:
// the SQL adapters remember each page under the version of the team's clients (`client_versions`), which
// every write of a client moves in its own transaction. On every backend a page follows every write
// exactly; on the SQL ones a page is given again until a write moves the version, never inside a unit of
// work, and never to another team.
import { expect } from 'chai';
import { KnexClientRepository } from '../../../adapters/persistence/knex/clients/knex-client-repository';
import { KnexDatabase } from '../../../adapters/persistence/knex/shared/knex-database';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { TOKENS } from '../../../bootstrap/tokens';
import { ClientFilter, ClientRepository, ClientSortField } from '../../../domain/clients/client-repository';
import { ListQuery } from '../../../domain/shared/list';
import { searchTextOf } from '../../../domain/shared/search-text';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

const q = (over: Partial<ListQuery<ClientSortField>> = {}): ListQuery<ClientSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'full_name', descending: false },
  ...over,
});
const ACTIVE: ClientFilter = { status: 'active' };
let teamSeq = 9500;

forEachBackend('Client list pages given again', (env, backend) => {
  let repo: ClientRepository;
  let team: { teamId: string };
  const names = async (filter: ClientFilter = ACTIVE, query = q()) => (await repo.list(team, filter, query)).items.map((c) => c.name);

  beforeEach(async () => {
    repo = env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    team = { teamId: ClientMother.id(++teamSeq) };
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Padaria São João' }));
  });

  it('follow creations, updates and deactivations, page after page, and keep teams apart', async () => {
    expect(await names()).to.deep.equal(['Padaria São João']);
    const added = ClientMother.create({ teamId: team.teamId, name: 'Mercearia Avenida' });
    await repo.insert(added);
    expect(await names()).to.deep.equal(['Mercearia Avenida', 'Padaria São João']);
    await repo.update({ ...added, name: 'Armazém Avenida' });
    expect(await names()).to.deep.equal(['Armazém Avenida', 'Padaria São João']);
    expect(await names(ACTIVE, q({ search: 'AVENIDA' }))).to.deep.equal(['Armazém Avenida']);
    await repo.update({ ...added, name: 'Armazém Avenida', status: 'inactive', deactivatedAt: '2026-03-01T00:00:00.000Z' });
    expect(await names()).to.deep.equal(['Padaria São João']);
    expect(await names({ status: 'inactive' })).to.deep.equal(['Armazém Avenida']);
    expect(await names(ACTIVE, q({ search: 'AVENIDA' }))).to.deep.equal([]);

    const other = { teamId: ClientMother.id(++teamSeq) };
    expect((await repo.list(other, ACTIVE, q())).items).to.deep.equal([]);
    await repo.insert(ClientMother.create({ teamId: other.teamId, name: 'Outra equipe' }));
    expect((await repo.list(other, ACTIVE, q())).items.map((c) => c.name)).to.deep.equal(['Outra equipe']);
    expect(await names()).to.deep.equal(['Padaria São João']);
  });

  if (backend === 'memory') return;

  const database = () => env().container.get<KnexDatabase>(TOKENS.KnexDatabase);
  const writeAround = (name: string) => {
    const c = ClientMother.create({ teamId: team.teamId, name });
    return database()
      .knex('clients')
      .insert({
        team_id: c.teamId,
        id: c.id,
        type: c.type,
        name: c.name,
        status: 'active',
        tags: '[]',
        created_at: c.createdAt,
        updated_at: c.updatedAt,
        search_text: searchTextOf([c.name]),
      });
  };

  it('give a page again until a write through the repository moves the version', async () => {
    expect(await names()).to.deep.equal(['Padaria São João']);
    // Out of step on purpose: a row written around the repository leaves the version, and the page read before stands.
    await writeAround('Armarinho fora do repositório');
    expect(await names()).to.deep.equal(['Padaria São João']);
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Zé das Couves' }));
    expect(await names()).to.deep.equal(['Armarinho fora do repositório', 'Padaria São João', 'Zé das Couves']);
  });

  it("see another process's write: the version is the database's, not the process's", async () => {
    expect(await names()).to.deep.equal(['Padaria São João']);
    // Another node's repository over the same database, with its own memory.
    await new KnexClientRepository(database()).insert(ClientMother.create({ teamId: team.teamId, name: 'De outro nó' }));
    expect(await names()).to.deep.equal(['De outro nó', 'Padaria São João']);
  });

  it('read a page again inside a unit of work rather than give it again', async () => {
    expect(await names()).to.deep.equal(['Padaria São João']);
    await writeAround('Armarinho fora do repositório');
    await env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(async () => expect(await names()).to.deep.equal(['Armarinho fora do repositório', 'Padaria São João']));
  });

  it('give a page that its reader cannot change for the next one', async () => {
    const page = await repo.list(team, ACTIVE, q());
    expect(() => (page.items as unknown[]).push('x')).to.throw(TypeError);
    expect(() => Object.assign(page.items[0], { name: 'changed' })).to.throw(TypeError);
    expect(await names()).to.deep.equal(['Padaria São João']);
  });
});
