import { expect } from 'chai';
import { linkContact, orderContacts } from '../../../../domain/deals/deal-contact';
import { Deal, NewProjectDeal, ProjectDealMove, ProjectDealOutOfScope } from '../../../../domain/deals/deal';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { PipelineColumn } from '../../../../domain/projects/pipeline';

const ID = '0190a000-0000-7000-8000-000000000001';
const TEAM = '0190a000-0000-7000-8000-000000000002';
const now = new Date('2026-03-01T12:00:00.000Z');
const open: PipelineColumn = { slug: 'novo', title: 'Novo', position: 1, outcome: 'open', isTerminal: false };
const lead = { id: '0190a000-0000-7000-8000-000000000009', fullName: 'Ana Souza', email: 'ana@x.com', phone: '+5511987654321' };

/** The deal record and the one event its creation raised. */
const createProjectDeal = (input: NewProjectDeal) => {
  const deal = Deal.createInProject(ID, TEAM, input, now);
  const events = deal.pullEvents();
  expect(events).to.have.length(1);
  return { deal: deal.snapshot(), event: events[0] };
};

/** The moved record and the types of the events the move raised, in order. */
const moveProjectDeal = (current: Deal, move: ProjectDealMove, at: Date) => {
  current.pullEvents();
  current.moveInProject(move, at);
  const events = current.pullEvents();
  expect(events.every((e) => e.dealId === current.id)).to.equal(true);
  return { deal: current.snapshot(), events: events.map((e) => e.type) };
};

describe('Deal.createInProject', () => {
  it('starts a project deal in an open column for its lead, raising deal.created', () => {
    const { deal, event } = createProjectDeal({
      projectId: TEAM,
      pipelineId: ID,
      column: open,
      lead,
      value: 0,
      utm: { source: 'google', term: 'crm', content: 'ad' },
      attribution: { first: { utm_term: 'crm' } },
    });
    expect(deal).to.include({
      scope: 'project',
      phase: 'novo',
      title: 'Ana Souza',
      value: null,
      status: 'ativo',
      leadId: lead.id,
      utmTerm: 'crm',
      utmContent: 'ad',
      utmMedium: null,
      contactPhone: '+5511987654321',
      clientId: null,
      createdAt: now.toISOString(),
    });
    expect(deal.attribution).to.deep.equal({ first: { utm_term: 'crm' } });
    expect(deal.metadata).to.deep.equal({});
    expect(event).to.deep.equal({ type: 'deal.created', dealId: ID });
  });

  it('never starts in a won or lost column', () => {
    for (const outcome of ['won', 'lost'] as const) {
      expect(() =>
        Deal.createInProject(ID, TEAM, { projectId: TEAM, pipelineId: ID, column: { ...open, outcome, isTerminal: true }, lead }, now),
      )
        .to.throw(ValidationFailed)
        .with.nested.property('details.field', 'phase');
    }
  });
});

describe('Deal contacts', () => {
  it('makes the first linked lead the primary contact and puts the next ones after the last', () => {
    const a = linkContact('l1', TEAM, ID, { id: 'a', contactIdentityId: 'ia' }, [], now)!;
    const b = linkContact('l2', TEAM, ID, { id: 'b', contactIdentityId: 'ib' }, [a], now)!;
    expect(a).to.include({ isPrimary: true, position: 1, leadId: 'a', linkedAt: now.toISOString() });
    expect(b).to.include({ isPrimary: false, position: 2 });
    expect(linkContact('l3', TEAM, ID, { id: 'a', contactIdentityId: 'ia' }, [a, b], now)).to.equal(null);
    expect(orderContacts([{ ...b, position: 0 }, a]).map((l) => l.id)).to.deep.equal(['l1', 'l2']);
  });
});

describe('Deal.moveInProject', () => {
  const won: PipelineColumn = { slug: 'ganho', title: 'Ganho', position: 4, outcome: 'won', isTerminal: true };
  const lost: PipelineColumn = { slug: 'perdido', title: 'Perdido', position: 5, outcome: 'lost', isTerminal: true };
  const later = new Date('2026-03-02T08:00:00.000Z');
  const start = () => Deal.createInProject(ID, TEAM, { projectId: TEAM, pipelineId: ID, column: open, lead }, now);

  it('moves to a won column with its note and time, raising deal.stage_changed and deal.won', () => {
    const { deal, events } = moveProjectDeal(
      start(),
      { column: won, winNote: 'Fechou o plano anual', lossReason: null, position: 2 },
      later,
    );
    expect(deal).to.include({
      phase: 'ganho',
      winNote: 'Fechou o plano anual',
      wonAt: later.toISOString(),
      lostAt: null,
      position: 2,
      updatedAt: later.toISOString(),
    });
    expect(events).to.deep.equal(['deal.stage_changed', 'deal.won']);
  });

  it('moves to a lost column with its reason (deal.lost), and back to an open one clearing the outcome', () => {
    const reason = { id: '0190a000-0000-7000-8000-0000000000aa', name: 'Preço' };
    const lostDeal = start();
    const lostMove = moveProjectDeal(lostDeal, { column: lost, winNote: null, lossReason: reason }, later);
    expect(lostMove.deal).to.include({
      phase: 'perdido',
      lossReasonId: reason.id,
      lossReason: 'Preço',
      lostAt: later.toISOString(),
      wonAt: null,
    });
    expect(lostMove.events).to.deep.equal(['deal.stage_changed', 'deal.lost']);
    const reopened = moveProjectDeal(lostDeal, { column: open, winNote: null, lossReason: null }, later);
    expect(reopened.deal).to.include({ phase: 'novo', lossReasonId: null, lossReason: null, lostAt: null });
    expect(reopened.events).to.deep.equal(['deal.stage_changed']);
  });

  it('raises deal.updated, not a stage change, for a move within the same column, and refuses a global deal', () => {
    expect(moveProjectDeal(start(), { column: open, winNote: null, lossReason: null, position: 5 }, later).events).to.deep.equal([
      'deal.updated',
    ]);
    const global = Deal.restore({ ...start().snapshot(), scope: 'global' });
    expect(() => global.moveInProject({ column: open, winNote: null, lossReason: null }, later)).to.throw(NotFound);
  });
});

describe('Deal.assertInProject', () => {
  it('lets a project route reach only the deals of its project', () => {
    const deal = Deal.createInProject(ID, TEAM, { projectId: TEAM, pipelineId: ID, column: open, lead }, now);
    expect(() => deal.assertInProject(TEAM)).not.to.throw();
    expect(() => deal.assertInProject(ID)).to.throw(NotFound, 'Deal not found');
    expect(() => Deal.restore({ ...deal.snapshot(), scope: 'global' }).assertInProject(TEAM)).to.throw(NotFound, 'Deal not found');
  });
});

describe('Deal.createInProject, the fields of a request', () => {
  it('keeps the priority, probability, close date, responsible and currency it is given, in upper case', () => {
    const { deal } = createProjectDeal({
      projectId: TEAM,
      pipelineId: ID,
      column: open,
      lead,
      title: 'Cardápio digital',
      currency: ' usd ',
      priority: 'alta',
      probability: 40,
      expectedCloseDate: '2026-12-20',
      responsibleId: ID,
    });
    expect(deal).to.include({ currency: 'USD', priority: 'alta', probability: 40, expectedCloseDate: '2026-12-20', responsibleId: ID });
  });

  it('refuses a currency that is not three letters, and a priority out of the list, naming them', () => {
    const make = (extra: Partial<NewProjectDeal>) => () =>
      Deal.createInProject(ID, TEAM, { projectId: TEAM, pipelineId: ID, column: open, lead, ...extra }, now);
    expect(make({ currency: 'R$' }))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'currency');
    expect(make({ priority: 'urgente' }))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'priority');
  });
});

describe('Deal.updateInProject', () => {
  const created = () => {
    const deal = Deal.createInProject(
      ID,
      TEAM,
      { projectId: TEAM, pipelineId: ID, column: open, lead, title: 'Site', customFields: { a: 1 } },
      now,
    );
    deal.pullEvents();
    return deal;
  };
  const later = new Date('2026-03-02T12:00:00.000Z');

  it('changes only the fields given, never the column, and raises deal.updated', () => {
    const deal = created();
    deal.updateInProject({ value: 0, currency: 'eur', metadata: { origem: 'feira' }, attribution: null, isStarred: true }, later);
    expect(deal.snapshot()).to.include({ value: 0, currency: 'EUR', isStarred: true, attribution: null, phase: 'novo', title: 'Site' });
    expect(deal.snapshot().metadata).to.deep.equal({ origem: 'feira' });
    expect(deal.snapshot().customFields).to.deep.equal({ a: 1 });
    expect(deal.snapshot().updatedAt).to.equal(later.toISOString());
    expect(deal.pullEvents().map((e) => e.type)).to.deep.equal(['deal.updated']);
  });

  it('refuses a change with none of its fields, and an empty title', () => {
    expect(() => created().updateInProject({}, later)).to.throw(ValidationFailed, 'No updatable field given');
    expect(() => created().updateInProject({ title: '  ' }, later))
      .to.throw(ValidationFailed)
      .with.nested.property('details.field', 'title');
  });

  it('does not find a legacy deal', () => {
    const global = Deal.createGlobal(ID, TEAM, { title: 'Global' }, now);
    expect(() => global.updateInProject({ title: 'x' }, later)).to.throw(NotFound);
  });
});

describe('Deal.assertGlobal on a project deal', () => {
  it('is a 404 that says which project holds the deal and what to do', () => {
    const deal = Deal.createInProject(ID, TEAM, { projectId: TEAM, pipelineId: ID, column: open, lead }, now);
    expect(() => deal.assertGlobal((p) => `read it with ?project_id=${p}`))
      .to.throw(ProjectDealOutOfScope, `?project_id=${TEAM}`)
      .with.property('details')
      .that.deep.equals({ project_id: TEAM });
    expect(() => Deal.createGlobal(ID, TEAM, { title: 'Global' }, now).assertGlobal()).to.not.throw();
  });
});
