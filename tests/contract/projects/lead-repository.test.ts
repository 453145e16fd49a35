import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { TOKENS } from '../../../bootstrap/tokens';
import { CompanyRepository } from '../../../domain/projects/company-repository';
import { ContactIdentityRepository } from '../../../domain/projects/contact-identity-repository';
import { ContactIdentityData } from '../../../domain/projects/contact-identity';
import { LeadContactTaken, LeadData } from '../../../domain/projects/lead';
import { LeadFilter, LeadRepository, LeadSortField } from '../../../domain/projects/lead-repository';
import { ListQuery } from '../../../domain/shared/list';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { CompanyMother, IdentityMother, LeadMother, uuid } from './mothers';

const newest = (over: Partial<ListQuery<LeadSortField>> = {}): ListQuery<LeadSortField> => ({
  page: 1,
  limit: 20,
  sort: { field: 'created_at', descending: true },
  ...over,
});

forEachBackend('LeadRepository, ContactIdentityRepository and CompanyRepository contract', (env) => {
  let leads: LeadRepository;
  let identities: ContactIdentityRepository;
  let companies: CompanyRepository;
  let team: { teamId: string };
  let projectId: string;
  let identity: ContactIdentityData;
  const lead = (over: Partial<LeadData> = {}) =>
    LeadMother.create({ teamId: team.teamId, projectId, contactIdentityId: identity.id, ...over });

  beforeEach(async () => {
    const c = env().container;
    const referenced = referencedRows(env());
    leads = referenced.leads(c.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
    identities = c.get(PROJECT_TOKENS.ContactIdentityRepository);
    companies = referenced.companies(c.get<CompanyRepository>(PROJECT_TOKENS.CompanyRepository));
    team = { teamId: uuid() };
    projectId = uuid();
    identity = IdentityMother.create({ teamId: team.teamId, customFields: { cpf: '123', vip: true } });
    await identities.insert(identity);
  });

  it('round-trips every lead field and reads it with its identity and company', async () => {
    const company = CompanyMother.create({ teamId: team.teamId, projectId, name: 'Acme' });
    await companies.insert(company);
    const l = lead({
      fullName: 'Ana',
      email: 'Ana@x.com',
      emailKey: 'ana@x.com',
      phone: '+5511987654321',
      phoneKey: '5511987654321',
      tags: ['a', 'b'],
      notes: 'n',
      customerSource: 'site',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'c1',
      attribution: { first: { utm_source: 'google', utm_term: 'x' } },
      metadata: { k: 1 },
      customFields: { plan: 'gold' },
      isActive: false,
      companyId: company.id,
      companyName: 'Acme SA',
      createdBy: uuid(),
    });
    await leads.insert(l);
    expect(await leads.findById(team, l.id)).to.deep.equal(l);
    const view = await leads.findViewById(team, l.id);
    expect(view!.identity).to.deep.equal(identity);
    expect(view!.company).to.deep.equal({ id: company.id, name: 'Acme' });
    expect(await leads.findById({ teamId: uuid() }, l.id)).to.equal(null);
    expect(await leads.findTeamOf(l.id)).to.deep.equal(team);
  });

  it("lists one project's leads newest first, filtered by activity and company, with an exact total", async () => {
    const companyId = uuid();
    const first = lead({ fullName: 'first', companyId });
    const second = lead({ fullName: 'second', isActive: false });
    const third = lead({ fullName: 'third', companyId });
    for (const l of [second, third, first]) await leads.insert(l);
    await leads.insert(LeadMother.create({ teamId: team.teamId, projectId: uuid(), contactIdentityId: identity.id }));
    const names = async (filter: object, q = newest()) => (await leads.list(team, projectId, filter, q)).items.map((l) => l.fullName);
    expect(await names({})).to.deep.equal(['third', 'second', 'first']);
    expect(await names({ isActive: false })).to.deep.equal(['second']);
    expect(await names({ isActive: true })).to.deep.equal(['third', 'first']);
    expect(await names({ companyId })).to.deep.equal(['third', 'first']);
    const page = await leads.list(team, projectId, {}, newest({ limit: 2, page: 2 }));
    expect(page.total).to.equal(3);
    expect(page.items.map((l) => l.fullName)).to.deep.equal(['first']);
    expect(page.items[0].identity.id).to.equal(identity.id);
  });

  it('searches name, email and phone, the phone also by its digits', async () => {
    await leads.insert(lead({ fullName: 'Joana Prado' }));
    await leads.insert(lead({ fullName: 'X', email: 'PRADO@mail.com' }));
    await leads.insert(lead({ fullName: 'Phone', phone: '+5511987654321' }));
    const search = async (term: string) =>
      (await leads.list(team, projectId, {}, newest({ search: term }))).items.map((l) => l.fullName).sort();
    expect(await search('prado')).to.deep.equal(['Joana Prado', 'X']);
    expect(await search('98765')).to.deep.equal(['Phone']);
    expect(await search('(11) 98765-4321')).to.deep.equal(['Phone']);
  });

  it('searches folded text, and finds an updated lead by its new name and phone, never by its old', async () => {
    const l = lead({ fullName: 'Antônio Gonçalves', phone: '+5511987654321' });
    await leads.insert(l);
    const search = async (term: string) => (await leads.list(team, projectId, {}, newest({ search: term }))).items.map((x) => x.fullName);
    expect(await search('ANTONIO GONCALVES')).to.deep.equal(['Antônio Gonçalves']);
    expect(await search('(11) 98765-4321')).to.deep.equal(['Antônio Gonçalves']);
    await leads.update({ ...l, fullName: 'Luíza Müller', phone: '+5521912345678' });
    expect(await search('antonio')).to.deep.equal([]);
    expect(await search('(11) 98765-4321')).to.deep.equal([]);
    expect(await search('luiza muller')).to.deep.equal(['Luíza Müller']);
    expect(await search('(21) 91234-5678')).to.deep.equal(['Luíza Müller']);
  });

  it("finds a project's lead by phone key first, then by email key", async () => {
    const byEmail = lead({ emailKey: 'ana@x.com', isActive: false });
    const byPhone = lead({ phoneKey: '5511987654321' });
    await leads.insert(byEmail);
    await leads.insert(byPhone);
    const both = await leads.findByContact(team, projectId, { phoneKey: '5511987654321', emailKey: 'ana@x.com' });
    expect(both!.lead.id).to.equal(byPhone.id);
    expect(both!.matchedBy).to.equal('phone');
    const email = await leads.findByContact(team, projectId, { phoneKey: '5500000000000', emailKey: 'ana@x.com' });
    expect(email!.lead).to.deep.equal(byEmail);
    expect(email!.matchedBy).to.equal('email');
    expect(await leads.findByContact(team, uuid(), { phoneKey: '5511987654321', emailKey: null })).to.equal(null);
    expect(await leads.findByContact(team, projectId, { phoneKey: null, emailKey: null })).to.equal(null);
  });

  it('refuses a second lead of the project with a phone or email key already taken, but not in another project', async () => {
    await leads.insert(lead({ phoneKey: '5511987654321', emailKey: 'ana@x.com' }));
    for (const keys of [{ phoneKey: '5511987654321' }, { emailKey: 'ana@x.com' }]) {
      let error: unknown;
      try {
        await leads.insert(lead(keys));
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(LeadContactTaken);
    }
    await leads.insert(lead({ projectId: uuid(), phoneKey: '5511987654321', emailKey: 'ana@x.com' }));
    await leads.insert(lead());
    await leads.insert(lead());
    expect((await leads.list(team, projectId, {}, newest())).total).to.equal(3);
  });

  it('knows the public ids taken in the team', async () => {
    const l = lead({ publicId: 'abcdefghjk' });
    await leads.insert(l);
    expect(await leads.publicIdExists(team, 'abcdefghjk')).to.equal(true);
    expect(await leads.publicIdExists({ teamId: uuid() }, 'abcdefghjk')).to.equal(false);
  });

  it('updates a lead', async () => {
    const l = lead();
    await leads.insert(l);
    const changed = { ...l, isActive: false, updatedAt: '2026-03-01T00:00:00.000Z' };
    await leads.update(changed);
    expect(await leads.findById(team, l.id)).to.deep.equal(changed);
  });

  it('finds identities across the team by phone key, then email key, and updates them', async () => {
    const byEmail = IdentityMother.create({ teamId: team.teamId, emailKey: 'ana@x.com', primaryEmail: 'Ana@x.com' });
    const byPhone = IdentityMother.create({ teamId: team.teamId, phoneKey: '5511987654321', primaryPhone: '+5511987654321' });
    await identities.insert(byEmail);
    await identities.insert(byPhone);
    expect(await identities.findById(team, byPhone.id)).to.deep.equal(byPhone);
    expect((await identities.findByContact(team, { phoneKey: '5511987654321', emailKey: 'ana@x.com' }))!.id).to.equal(byPhone.id);
    expect((await identities.findByContact(team, { phoneKey: '1', emailKey: 'ana@x.com' }))!.id).to.equal(byEmail.id);
    expect(await identities.findByContact({ teamId: uuid() }, { phoneKey: '5511987654321', emailKey: null })).to.equal(null);
    const changed = { ...byEmail, primaryPhone: '+5521999990000', phoneKey: '5521999990000', customFields: { a: 1 } };
    await identities.update(changed);
    expect(await identities.findById(team, byEmail.id)).to.deep.equal(changed);
  });

  it('stores companies and their deactivation', async () => {
    const company = CompanyMother.create({ teamId: team.teamId, projectId });
    await companies.insert(company);
    expect(await companies.findById(team, company.id)).to.deep.equal(company);
    expect(await companies.findById({ teamId: uuid() }, company.id)).to.equal(null);
    expect(await companies.findTeamOf(company.id)).to.deep.equal(team);
    const inactive = { ...company, isActive: false, updatedAt: '2026-03-01T00:00:00.000Z' };
    await companies.update(inactive);
    expect(await companies.findById(team, company.id)).to.deep.equal(inactive);
  });

  /** Every list total of each project, against the leads as they now are. */
  const expectTotals = async (made: LeadData[], projects: string[], companyId: string) => {
    const current = (await Promise.all(made.map((l) => leads.findById(team, l.id)))).filter((l): l is LeadData => l !== null);
    const filters: LeadFilter[] = [{}, { isActive: true }, { isActive: false }, { companyId }, { isActive: true, companyId }];
    for (const project of projects) {
      for (const f of filters) {
        const expected = current.filter(
          (l) =>
            l.projectId === project &&
            (f.isActive === undefined || l.isActive === f.isActive) &&
            (f.companyId === undefined || l.companyId === f.companyId),
        ).length;
        const page = await leads.list(team, project, f, newest({ limit: 2 }));
        expect(page.total, `${project} ${JSON.stringify(f)}`).to.equal(expected);
        expect(page.items.length).to.equal(Math.min(2, expected));
      }
    }
  };

  it('keeps every list total exact through inserts, deactivation, a move between projects, a refused write and a rolled-back unit', async () => {
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const other = uuid();
    const companyId = uuid();
    const made = [
      lead({ companyId, phoneKey: '5511987654321' }),
      lead(),
      lead({ isActive: false }),
      lead({ companyId }),
      lead({ projectId: other }),
      lead({ projectId: other, isActive: false }),
    ];
    for (const l of made) await leads.insert(l);
    await expectTotals(made, [projectId, other], companyId);
    const at = '2026-03-01T00:00:00.000Z';
    await uow.run(() => leads.update({ ...made[0], isActive: false, updatedAt: at }));
    await uow.run(() => leads.update({ ...made[0], isActive: false, notes: 'still inactive', updatedAt: at }));
    await uow.run(() => leads.update({ ...made[1], projectId: other, updatedAt: at }));
    await uow.run(() => leads.update({ ...made[5], isActive: true, projectId, updatedAt: at }));
    await expectTotals(made, [projectId, other], companyId);

    const refused = await leads.insert(lead({ phoneKey: '5511987654321' })).catch((e) => e);
    expect(refused).to.be.instanceOf(LeadContactTaken);
    const failed = await uow
      .run(async () => {
        await leads.insert(lead());
        await leads.update({ ...made[3], isActive: false, projectId: other, updatedAt: at });
        throw new Error('rollback');
      })
      .catch((e) => e);
    expect(failed).to.have.property('message', 'rollback');
    await expectTotals(made, [projectId, other], companyId);
  });

  it('keeps the totals exact when units deactivate one lead and add others to its project at the same time', async function () {
    this.timeout(30000);
    const uow = env().container.get<UnitOfWork>(TOKENS.UnitOfWork);
    const target = lead();
    await leads.insert(target);
    const added = [0, 1, 2, 3, 4, 5].map(() => lead());
    await Promise.all([
      ...added.map(() => uow.run(() => leads.update({ ...target, isActive: false, updatedAt: '2026-03-01T00:00:00.000Z' }))),
      ...added.map((l) => uow.run(() => leads.insert(l))),
    ]);
    await expectTotals([target, ...added], [projectId], uuid());
    expect((await leads.list(team, projectId, { isActive: true }, newest())).total).to.equal(6);
  });
});
