import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { ClientData } from '../../../domain/clients/client';
import { ClientFilter, ClientRepository } from '../../../domain/clients/client-repository';
import { ListQuery } from '../../../domain/shared/list';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { TOKENS } from '../../../bootstrap/tokens';
import { forEachBackend } from '../../support/backends';
import { ClientMother } from '../../support/mothers';

const q = (over: Partial<ListQuery<any>> = {}): ListQuery<any> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});
let teamSeq = 1000;

forEachBackend('ClientRepository contract', (env) => {
  let repo: ClientRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = env().container.get(CLIENT_TOKENS.ClientRepository);
    team = { teamId: ClientMother.id(++teamSeq) };
  });

  it('round-trips every field identically', async () => {
    const c = ClientMother.create({
      teamId: team.teamId,
      cpf: '52998224725',
      birthDate: '1990-05-17',
      tags: ['a', 'b'],
      email: 'x@y.z',
      address: {
        street: 'Rua 1',
        number: '10',
        complement: null,
        neighborhood: null,
        city: 'Recife',
        state: 'PE',
        zipCode: null,
        country: 'BR',
      },
    });
    await repo.insert(c);
    expect(await repo.findById(team, c.id)).to.deep.equal(c);
  });

  it("never returns another team's client", async () => {
    const c = ClientMother.create({ teamId: team.teamId });
    await repo.insert(c);
    expect(await repo.findById({ teamId: ClientMother.id(999999) }, c.id)).to.equal(null);
    expect((await repo.list({ teamId: ClientMother.id(999999) }, { status: 'active' }, q())).total).to.equal(0);
  });

  it('lists by status and type, sorted, paginated with an exact total', async () => {
    const names = ['bruno', 'Ana', 'carla'];
    for (const name of names) await repo.insert(ClientMother.create({ teamId: team.teamId, name }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Zeca', status: 'inactive' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Empresa', type: 'PJ' }));
    const page = await repo.list(team, { status: 'active', type: 'PF' }, q({ sort: { field: 'full_name', descending: false }, limit: 2 }));
    expect(page.total).to.equal(3);
    expect(page.items.map((c) => c.name)).to.deep.equal(['Ana', 'bruno']);
    const second = await repo.list(
      team,
      { status: 'active', type: 'PF' },
      q({ sort: { field: 'full_name', descending: false }, limit: 2, page: 2 }),
    );
    expect(second.items.map((c) => c.name)).to.deep.equal(['carla']);
    const inactive = await repo.list(team, { status: 'inactive' }, q());
    expect(inactive.items.map((c) => c.name)).to.deep.equal(['Zeca']);
  });

  it('puts nulls last in both directions', async () => {
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'no-email' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'b', email: 'b@x.com' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'a', email: 'a@x.com' }));
    const asc = await repo.list(team, { status: 'active' }, q({ sort: { field: 'email', descending: false } }));
    const desc = await repo.list(team, { status: 'active' }, q({ sort: { field: 'email', descending: true } }));
    expect(asc.items.map((c) => c.name)).to.deep.equal(['a', 'b', 'no-email']);
    expect(desc.items.map((c) => c.name)).to.deep.equal(['b', 'a', 'no-email']);
  });

  it('searches name, email, CPF and CNPJ partially and case-insensitively', async () => {
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Joana Prado' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Other', email: 'PRADO@mail.com' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: 'Doc', cpf: '52998224725' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, name: '100%_literal' }));
    expect((await repo.list(team, { status: 'active' }, q({ search: 'prado' }))).total).to.equal(2);
    expect((await repo.list(team, { status: 'active' }, q({ search: '982.247' }))).items[0].name).to.equal('Doc');
    expect((await repo.list(team, { status: 'active' }, q({ search: '%_' }))).items.map((c) => c.name)).to.deep.equal(['100%_literal']);
  });

  it('searches folded text, and finds an updated client by its new name and CPF, never by its old', async () => {
    const c = ClientMother.create({ teamId: team.teamId, name: 'JOÃO ÇARÁ', cpf: '52998224725' });
    await repo.insert(c);
    const names = async (search: string) => (await repo.list(team, { status: 'active' }, q({ search }))).items.map((x) => x.name);
    expect(await names('joao cara')).to.deep.equal(['JOÃO ÇARÁ']);
    expect(await names('529.982.247-25')).to.deep.equal(['JOÃO ÇARÁ']);
    await repo.update({ ...c, name: 'Maria Conceição', cpf: '39053344705' });
    expect(await names('joao')).to.deep.equal([]);
    expect(await names('529.982')).to.deep.equal([]);
    expect(await names('CONCEICAO')).to.deep.equal(['Maria Conceição']);
    expect(await names('390.533.447-05')).to.deep.equal(['Maria Conceição']);
  });

  it('finds a document holder, excluding a given id, and counts active clients', async () => {
    const a = ClientMother.create({ teamId: team.teamId, cnpj: '12ABC34501DE35' });
    await repo.insert(a);
    await repo.insert(ClientMother.create({ teamId: team.teamId, status: 'inactive' }));
    expect((await repo.findByDocument(team, { cnpj: '12ABC34501DE35' }))?.id).to.equal(a.id);
    expect(await repo.findByDocument(team, { cnpj: '12ABC34501DE35' }, a.id)).to.equal(null);
    expect(await repo.countActive(team)).to.equal(1);
  });

  it('finds a client by e-mail in any case and with spaces around, active or not, only in its team, the oldest first', async () => {
    const inactive = ClientMother.create({ teamId: team.teamId, email: 'Conceição.Maria@Example.com', status: 'inactive' });
    const later = ClientMother.create({ teamId: team.teamId, email: 'conceição.maria@example.com' });
    await repo.insert(inactive);
    await repo.insert(later);
    await repo.insert(ClientMother.create({ teamId: ClientMother.id(++teamSeq), email: 'outra@example.com' }));
    await repo.insert(ClientMother.create({ teamId: team.teamId, email: 'maria@example.com' }));
    expect((await repo.findByEmail(team, '  CONCEIÇÃO.maria@example.com '))?.id).to.equal(inactive.id);
    expect((await repo.findByEmail(team, 'conceição.maria@example.com'))?.id).to.equal(inactive.id);
    expect(await repo.findByEmail(team, 'outra@example.com')).to.equal(null);
    expect(await repo.findByEmail(team, 'maria@example')).to.equal(null);
    expect(await repo.findByEmail(team, '')).to.equal(null);
  });

  it('finds the holders of any of several CPFs, CNPJs and e-mails at once, oldest first, only in its team', async () => {
    const byCpf = ClientMother.create({ teamId: team.teamId, cpf: '52998224725', status: 'inactive' });
    const byCnpj = ClientMother.create({ teamId: team.teamId, cnpj: '11222333000181' });
    const byEmail = ClientMother.create({ teamId: team.teamId, email: ' Ana.Conceicao@Example.com' });
    const unrelated = ClientMother.create({ teamId: team.teamId, cpf: '39053344705', email: 'outra@example.com' });
    const elsewhere = ClientMother.create({ teamId: ClientMother.id(++teamSeq), cpf: '52998224725', email: 'ana.conceicao@example.com' });
    for (const c of [byCpf, byCnpj, byEmail, unrelated, elsewhere]) await repo.insert(c);
    const found = await repo.findHolders(team, {
      cpfs: ['52998224725', '11144477735'],
      cnpjs: ['11222333000181'],
      emails: ['ana.conceicao@example.com'],
    });
    expect(found.map((c) => c.id)).to.deep.equal([byCpf.id, byCnpj.id, byEmail.id]);
    expect(found[0]).to.deep.equal(byCpf);
    expect(await repo.findHolders(team, { cpfs: [], cnpjs: [], emails: [] })).to.deep.equal([]);
  });

  it('inserts several clients together: each readable, found by search, and counted', async () => {
    const made = [
      ClientMother.create({ teamId: team.teamId, name: 'Conceição Araújo', type: 'PF' }),
      ClientMother.create({ teamId: team.teamId, name: 'Padaria Sá', type: 'PJ' }),
      ClientMother.create({ teamId: team.teamId, name: 'João Simões', type: 'PF', status: 'inactive' }),
    ];
    await env()
      .container.get<UnitOfWork>(TOKENS.UnitOfWork)
      .run(() => repo.insertMany(made));
    for (const c of made) expect(await repo.findById(team, c.id)).to.deep.equal(c);
    expect((await repo.list(team, { status: 'active' }, q({ search: 'conceicao' }))).items.map((c) => c.id)).to.deep.equal([made[0].id]);
    await expectTotals(made);
    await repo.insertMany([]);
  });

  it('updates a client', async () => {
    const c = ClientMother.create({ teamId: team.teamId });
    await repo.insert(c);
    const changed = { ...c, name: 'Renamed', status: 'inactive' as const, deactivatedAt: '2026-03-01T00:00:00.000Z', tags: ['x'] };
    await repo.update(changed);
    expect(await repo.findById(team, c.id)).to.deep.equal(changed);
  });

  /** Every list total and the active count, against the clients as they now are. */
  const expectTotals = async (clients: ClientData[]) => {
    const current = (await Promise.all(clients.map((c) => repo.findById(team, c.id)))).filter((c): c is ClientData => c !== null);
    const filters: ClientFilter[] = [
      { status: 'active' },
      { status: 'inactive' },
      { status: 'active', type: 'PF' },
      { status: 'active', type: 'PJ' },
      { status: 'inactive', type: 'PF' },
      { status: 'inactive', type: 'PJ' },
    ];
    for (const f of filters) {
      const expected = current.filter((c) => c.status === f.status && (!f.type || c.type === f.type)).length;
      const page = await repo.list(team, f, q({ limit: 2 }));
      expect(page.total, JSON.stringify(f)).to.equal(expected);
      expect(page.items.length).to.equal(Math.min(2, expected));
    }
    expect(await repo.countActive(team)).to.equal(current.filter((c) => c.status === 'active').length);
  };

  it('keeps every list total and the active count exact through inserts, updates, deactivation and a rolled-back unit', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const made = [0, 1, 2, 3, 4].map((i) =>
      ClientMother.create({
        teamId: team.teamId,
        type: i % 2 ? 'PJ' : 'PF',
        status: i === 4 ? 'inactive' : 'active',
      }),
    );
    for (const c of made) await repo.insert(c);
    await expectTotals(made);
    const at = '2026-03-01T00:00:00.000Z';
    await uow.run(() => repo.update({ ...made[0], status: 'inactive', deactivatedAt: at }));
    await uow.run(() => repo.update({ ...made[0], status: 'inactive', deactivatedAt: at, name: 'Still inactive' }));
    await uow.run(() => repo.update({ ...made[1], type: 'PF', name: 'Now a person' }));
    await uow.run(() => repo.update({ ...made[4], status: 'active', deactivatedAt: null }));
    await expectTotals(made);

    const failed = await uow
      .run(async () => {
        await repo.insert(ClientMother.create({ teamId: team.teamId }));
        await repo.update({ ...made[2], status: 'inactive', deactivatedAt: at });
        throw new Error('rollback');
      })
      .catch((e) => e);
    expect(failed).to.have.property('message', 'rollback');
    await expectTotals(made);
  });

  it('keeps the totals exact when units deactivate one client and add others at the same time', async function () {
    this.timeout(30000);
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const target = ClientMother.create({ teamId: team.teamId });
    await repo.insert(target);
    const deactivated: ClientData = { ...target, status: 'inactive', deactivatedAt: '2026-03-01T00:00:00.000Z' };
    const added = [0, 1, 2, 3, 4, 5].map(() => ClientMother.create({ teamId: team.teamId }));
    await Promise.all([...added.map(() => uow.run(() => repo.update(deactivated))), ...added.map((c) => uow.run(() => repo.insert(c)))]);
    await expectTotals([target, ...added]);
    expect(await repo.countActive(team)).to.equal(6);
  });
});
