import { expect } from 'chai';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { DealContactData, linkContact } from '../../../domain/deals/deal-contact';
import { DealContactRepository } from '../../../domain/deals/deal-contact-repository';
import { LeadData } from '../../../domain/projects/lead';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { forEachBackend } from '../../support/backends';
import { referencedRows } from '../../support/referenced-rows';
import { ClientMother } from '../../support/mothers';

let seq = 7000;
const id = () => ClientMother.id(++seq);
const now = new Date(Date.UTC(2026, 0, 2, 10, 0, 0, 123));

const lead = (teamId: string, over: Partial<LeadData> = {}): LeadData => {
  const n = ++seq;
  return {
    id: ClientMother.id(n),
    teamId,
    projectId: ClientMother.id(1),
    publicId: `p${String(n).padStart(9, '0')}`,
    fullName: `Lead ${n}`,
    email: `lead${n}@example.com`,
    phone: `+55119876${String(n).padStart(5, '0')}`,
    emailKey: `lead${n}@example.com`,
    phoneKey: null,
    tags: [],
    notes: null,
    customerSource: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    attribution: null,
    metadata: {},
    customFields: { plan: 'pro' },
    isActive: true,
    contactIdentityId: id(),
    companyId: null,
    companyName: null,
    createdBy: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    ...over,
  };
};

forEachBackend('DealContactRepository contract', (env) => {
  let repo: DealContactRepository;
  let leads: LeadRepository;
  let team: { teamId: string };
  beforeEach(() => {
    repo = referencedRows(env()).dealContacts(env().container.get<DealContactRepository>(DEAL_TOKENS.DealContactRepository));
    leads = referencedRows(env()).leads(env().container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository));
    team = { teamId: id() };
  });

  const link = async (dealId: string, l: LeadData, existing: DealContactData[]): Promise<DealContactData> => {
    const made = linkContact(id(), team.teamId, dealId, { id: l.id, contactIdentityId: l.contactIdentityId }, existing, now)!;
    await repo.insert(made);
    return made;
  };

  it('round-trips links, main contact first then by position', async () => {
    const dealId = id();
    const [a, b, c] = [lead(team.teamId), lead(team.teamId), lead(team.teamId)];
    for (const l of [a, b, c]) await leads.insert(l);
    const first = await link(dealId, a, []);
    const second = await link(dealId, b, [first]);
    const third = await link(dealId, c, [first, second]);
    expect(first).to.include({ isPrimary: true, position: 1 });
    expect(third).to.include({ isPrimary: false, position: 3 });
    expect(await repo.listByDeal(team, dealId)).to.deep.equal([first, second, third]);
    expect(await repo.listByDeal({ teamId: id() }, dealId)).to.deep.equal([]);
  });

  it("gives the contacts of a page of deals in one call, with each contact's current data", async () => {
    const [d1, d2, empty] = [id(), id(), id()];
    const [a, b] = [
      lead(team.teamId, { fullName: 'Ana', customFields: { plan: 'pro', seats: 3 } }),
      lead(team.teamId, { email: null, phone: null }),
    ];
    for (const l of [a, b]) await leads.insert(l);
    const l1 = await link(d1, a, []);
    const l2 = await link(d1, b, [l1]);
    const l3 = await link(d2, b, []);
    const views = await repo.viewsByDeals(team, [d1, d2, empty]);
    expect([...views.keys()].sort()).to.deep.equal([d1, d2, empty].sort());
    expect(views.get(empty)).to.deep.equal([]);
    expect(views.get(d1)!.map((v) => v.id)).to.deep.equal([l1.id, l2.id]);
    expect(views.get(d1)![0]).to.deep.equal({
      ...l1,
      contact: { id: a.id, fullName: 'Ana', email: a.email, phone: a.phone, customFields: { plan: 'pro', seats: 3 } },
    });
    expect(views.get(d2)![0].contact).to.deep.equal({
      id: b.id,
      fullName: b.fullName,
      email: null,
      phone: null,
      customFields: { plan: 'pro' },
    });
    expect((await repo.viewsByDeals({ teamId: id() }, [d1])).get(d1)).to.deep.equal([]);
    expect((await repo.viewsByDeals(team, [])).size).to.equal(0);
    void l3;
  });

  it('refuses linking the same lead twice to a deal', async () => {
    const dealId = id();
    const a = lead(team.teamId);
    await leads.insert(a);
    const first = await link(dealId, a, []);
    expect(linkContact(id(), team.teamId, dealId, { id: a.id, contactIdentityId: a.contactIdentityId }, [first], now)).to.equal(null);
    let error: unknown;
    try {
      await repo.insert({ ...first, id: id() });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(Error);
  });
});
