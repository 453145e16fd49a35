import { expect } from 'chai';
import { Deal, EMPTY_PROJECT_FIELDS } from '../../../../domain/deals/deal';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { DealMother, LATER, NOW, TEAM_ID } from './deal-mother';

const CLIENT = '0190a000-0000-7000-8000-00000000c11e';

describe('Deal (global scope)', () => {
  describe('createGlobal', () => {
    it('applies the spec defaults when only a title is given', () => {
      const d = DealMother.data({});
      expect(d).to.include({
        scope: 'global',
        teamId: TEAM_ID,
        title: 'Website redesign',
        phase: 'lead',
        priority: 'media',
        status: 'ativo',
        currency: 'BRL',
        value: null,
        description: null,
        probability: null,
        expectedCloseDate: null,
        source: null,
        clientId: null,
        responsibleId: null,
        isStarred: false,
        projectId: null,
        pipelineId: null,
        lossReason: null,
        archivedAt: null,
      });
      expect(d.tags).to.deep.equal([]);
      expect(d.createdAt).to.equal(NOW.toISOString());
      expect(d.updatedAt).to.equal(NOW.toISOString());
    });

    it('leaves every project-scope field null', () => {
      const d = DealMother.data({});
      for (const k of Object.keys(EMPTY_PROJECT_FIELDS)) expect(d[k as keyof typeof d], k).to.equal(null);
      expect(d.aiSummary).to.equal(null);
      expect(d.aiWinProbability).to.equal(null);
    });

    it('turns a value of 0 into null on creation', () => {
      expect(DealMother.data({ value: 0 }).value).to.equal(null);
      expect(DealMother.data({ value: 1500.5 }).value).to.equal(1500.5);
    });

    it('keeps the fields sent', () => {
      const d = DealMother.data({
        title: '  Retainer  ',
        description: 'Monthly',
        value: 10,
        phase: 'proposta',
        priority: 'alta',
        expectedCloseDate: '2026-04-30',
        probability: 70,
        responsibleId: CLIENT,
        source: 'site',
        clientId: CLIENT,
        tags: ['vip', 'q2'],
      });
      expect(d).to.include({
        title: 'Retainer',
        description: 'Monthly',
        value: 10,
        phase: 'proposta',
        priority: 'alta',
        expectedCloseDate: '2026-04-30',
        probability: 70,
        responsibleId: CLIENT,
        source: 'site',
        clientId: CLIENT,
      });
      expect(d.tags).to.deep.equal(['vip', 'q2']);
    });

    it('requires a non-empty title', () => {
      expect(() => DealMother.create({ title: '   ' }))
        .to.throw(ValidationFailed)
        .with.property('details')
        .that.deep.equals({ field: 'title' });
      expect(() => Deal.createGlobal('x', TEAM_ID, {} as never, NOW)).to.throw(ValidationFailed);
    });

    it('refuses a priority outside alta, media, baixa', () => {
      expect(() => DealMother.create({ priority: 'urgente' })).to.throw(ValidationFailed, /priority/);
      for (const p of ['alta', 'media', 'baixa']) expect(DealMother.data({ priority: p }).priority).to.equal(p);
    });

    it('accepts a probability from 0 to 100 only', () => {
      expect(DealMother.data({ probability: 0 }).probability).to.equal(0);
      expect(DealMother.data({ probability: 100 }).probability).to.equal(100);
      expect(() => DealMother.create({ probability: 101 })).to.throw(ValidationFailed, /probability/);
      expect(() => DealMother.create({ probability: -1 })).to.throw(ValidationFailed, /probability/);
    });

    it('refuses an expected_close_date that is not a calendar date', () => {
      for (const bad of ['2026-02-30', '30/04/2026', '2026-04-30T10:00:00Z']) {
        expect(() => DealMother.create({ expectedCloseDate: bad }), bad).to.throw(ValidationFailed, /expected_close_date/);
      }
    });

    it('refuses a malformed client_id or responsible_id', () => {
      expect(() => DealMother.create({ clientId: 'abc' })).to.throw(ValidationFailed, /client_id/);
      expect(() => DealMother.create({ responsibleId: 'abc' })).to.throw(ValidationFailed, /responsible_id/);
    });

    it('raises deal.created', () => {
      const deal = DealMother.create({ phase: 'proposta' });
      expect(deal.pullEvents()).to.deep.equal([{ type: 'deal.created', dealId: deal.id }]);
      expect(deal.pullEvents()).to.deep.equal([]);
    });
  });

  describe('update', () => {
    it('changes only the fields given and moves updated_at', () => {
      const deal = DealMother.create({ description: 'keep me', value: 50 });
      deal.update({ title: 'New title', isStarred: true, lossReason: 'price' }, LATER);
      const d = deal.snapshot();
      expect(d).to.include({ title: 'New title', isStarred: true, lossReason: 'price', description: 'keep me', value: 50 });
      expect(d.updatedAt).to.equal(LATER.toISOString());
      expect(d.createdAt).to.equal(NOW.toISOString());
    });

    it('keeps a value of 0 on update (the 0 → null rule is for creation)', () => {
      const deal = DealMother.create({ value: 10 });
      deal.update({ value: 0 }, LATER);
      expect(deal.snapshot().value).to.equal(0);
    });

    it('clears nullable fields sent as null', () => {
      const deal = DealMother.create({ description: 'x', value: 3, clientId: CLIENT, expectedCloseDate: '2026-01-01' });
      deal.update({ description: null, value: null, clientId: null, expectedCloseDate: null }, LATER);
      expect(deal.snapshot()).to.include({ description: null, value: null, clientId: null, expectedCloseDate: null });
    });

    it('refuses a body with no accepted field', () => {
      const deal = DealMother.create();
      expect(() => deal.update({}, LATER)).to.throw(ValidationFailed);
      expect(() => deal.update({ team_id: 'x' } as never, LATER)).to.throw(ValidationFailed);
    });

    it('raises deal.updated at every update, and deal.stage_changed when the phase changes, and only then', () => {
      const deal = DealMother.create();
      deal.pullEvents();
      deal.update({ phase: 'proposta' }, LATER);
      expect(deal.pullEvents()).to.deep.equal([
        { type: 'deal.updated', dealId: deal.id },
        { type: 'deal.stage_changed', dealId: deal.id },
      ]);
      deal.update({ phase: 'proposta', title: 'Same phase' }, LATER);
      deal.update({ title: 'No phase' }, LATER);
      expect(deal.pullEvents()).to.deep.equal([
        { type: 'deal.updated', dealId: deal.id },
        { type: 'deal.updated', dealId: deal.id },
      ]);
      expect(deal.phase).to.equal('proposta');
    });

    it('raises deal.archived when PUT archives it, and only when it was not archived already', () => {
      const deal = DealMother.create();
      deal.pullEvents();
      deal.update({ status: 'arquivado' }, LATER);
      expect(deal.pullEvents().map((e) => e.type)).to.deep.equal(['deal.updated', 'deal.archived']);
      deal.update({ status: 'arquivado', title: 'Still archived' }, LATER);
      deal.update({ status: 'ativo' }, LATER);
      expect(deal.pullEvents().map((e) => e.type)).to.deep.equal(['deal.updated', 'deal.updated']);
    });

    it('validates like creation', () => {
      const deal = DealMother.create();
      expect(() => deal.update({ priority: 'x' }, LATER)).to.throw(ValidationFailed, /priority/);
      expect(() => deal.update({ probability: 150 }, LATER)).to.throw(ValidationFailed, /probability/);
      expect(() => deal.update({ title: '' }, LATER)).to.throw(ValidationFailed, /title/);
      expect(() => deal.update({ phase: ' ' }, LATER)).to.throw(ValidationFailed, /phase/);
    });

    it('keeps archived_at in step with a status written by PUT', () => {
      const deal = DealMother.create();
      deal.update({ status: 'arquivado' }, LATER);
      expect(deal.snapshot()).to.include({ status: 'arquivado', archivedAt: LATER.toISOString() });
      deal.update({ status: 'ativo' }, LATER);
      expect(deal.snapshot()).to.include({ status: 'ativo', archivedAt: null });
    });

    it('treats a project deal as not found', () => {
      expect(() => DealMother.projectDeal().update({ title: 'x' }, LATER)).to.throw(NotFound);
    });
  });

  describe('archive', () => {
    it('archives the deal and keeps the record', () => {
      const deal = DealMother.create({ title: 'Keep me' });
      const out = deal.archive(LATER);
      expect(out).to.deep.equal({ id: deal.id, status: 'arquivado', archivedAt: LATER.toISOString() });
      expect(deal.snapshot()).to.include({ title: 'Keep me', status: 'arquivado', archivedAt: LATER.toISOString() });
    });

    it('answers the first archival when archived again, raising deal.archived the first time only', () => {
      const deal = DealMother.create();
      deal.pullEvents();
      deal.archive(NOW);
      expect(deal.pullEvents()).to.deep.equal([{ type: 'deal.archived', dealId: deal.id }]);
      expect(deal.archive(LATER).archivedAt).to.equal(NOW.toISOString());
      expect(deal.pullEvents()).to.deep.equal([]);
    });

    it('never archives a project deal', () => {
      const deal = DealMother.projectDeal();
      deal.pullEvents();
      expect(() => deal.archive(LATER)).to.throw(NotFound);
      expect(deal.snapshot().status).to.equal('ativo');
      expect(deal.pullEvents()).to.deep.equal([]);
    });
  });

  it('restores a snapshot that later changes cannot alter', () => {
    const deal = DealMother.create({ tags: ['a'] });
    const snap = deal.snapshot();
    deal.update({ tags: ['b'] }, LATER);
    expect(snap.tags).to.deep.equal(['a']);
    expect(Deal.restore(snap).snapshot()).to.deep.equal(snap);
  });
});
