import { expect } from 'chai';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { FakeEventObjects } from './fakes';
import { CLIENT_ID, dealsWorld, OTHER_TEAM, TEAM } from './harness';

describe('UpdateDeal and ArchiveDeal', () => {
  const seed = async () => {
    const w = dealsWorld();
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    w.outbox.rows.clear();
    w.kicks.n = 0;
    return { w, id: deal.deal.id };
  };

  it('writes deal.updated and deal.stage_changed to the outbox when the phase changes, with the deal and its previous phase', async () => {
    const { w, id } = await seed();
    const view = await w.updateDeal.execute(TEAM, { id, changes: { phase: 'proposta' } });
    expect(view.deal.phase).to.equal('proposta');
    const events = [...w.outbox.rows.values()];
    const object = new FakeEventObjects().deal(view);
    expect(events.map((e) => [e.type, e.subjectId, e.data])).to.deep.equal([
      ['deal.updated', id, { object, previous: { phase: 'lead' } }],
      ['deal.stage_changed', id, { object, previous: { phase: 'lead' } }],
    ]);
    expect(w.kicks.n).to.equal(1);
  });

  it('writes only deal.updated when the phase stays, its previous values the fields that changed', async () => {
    const { w, id } = await seed();
    await w.updateDeal.execute(TEAM, { id, changes: { title: 'New', phase: 'lead' } });
    const events = [...w.outbox.rows.values()];
    expect(events.map((e) => [e.type, e.data.object.title, e.data.previous])).to.deep.equal([['deal.updated', 'New', { title: 'Site' }]]);
    expect(w.kicks.n).to.equal(1);
  });

  it('writes deal.archived beside deal.updated when PUT archives the deal', async () => {
    const { w, id } = await seed();
    w.clock.advance(1000);
    await w.updateDeal.execute(TEAM, { id, changes: { status: 'arquivado' } });
    const events = [...w.outbox.rows.values()];
    expect(events.map((e) => e.type)).to.deep.equal(['deal.updated', 'deal.archived']);
    expect(events[1].data.previous).to.deep.equal({ status: 'ativo', archived_at: null });
    expect(events[1].data.object).to.include({ status: 'arquivado', archived_at: w.clock.now().toISOString() });
  });

  it('embeds the new client and refuses an unknown one', async () => {
    const { w, id } = await seed();
    const view = await w.updateDeal.execute(TEAM, { id, changes: { clientId: CLIENT_ID } });
    expect(view.client).to.deep.equal({ id: CLIENT_ID, name: 'Acme' });
    const err = await w.updateDeal.execute(TEAM, { id, changes: { clientId: '0190b000-0000-7000-8000-0000000000ff' } }).catch((e) => e);
    expect(err).to.be.instanceOf(NotFound);
    expect(err.details).to.deep.equal({ field: 'client_id' });
    expect(w.deals.rows.get(id)?.clientId).to.equal(CLIENT_ID);
  });

  it('answers 404 for another team and 400 for an empty change', async () => {
    const { w, id } = await seed();
    expect(await w.updateDeal.execute(OTHER_TEAM, { id, changes: { title: 'x' } }).catch((e) => e)).to.be.instanceOf(NotFound);
    expect(await w.updateDeal.execute(TEAM, { id, changes: {} }).catch((e) => e)).to.be.instanceOf(ValidationFailed);
  });

  it('leaves the deal unchanged when its outbox write fails', async () => {
    const { w, id } = await seed();
    w.outbox.add = async () => {
      throw new Error('boom');
    };
    await w.updateDeal.execute(TEAM, { id, changes: { phase: 'ganho' } }).catch(() => undefined);
    expect(w.deals.rows.get(id)?.phase).to.equal('lead');
  });

  it('archives and keeps the record, writing deal.archived once; project deals are not found', async () => {
    const { w, id } = await seed();
    w.clock.advance(1000);
    const out = await w.archiveDeal.execute(TEAM, { id });
    expect(out).to.deep.equal({ id, status: 'arquivado', archivedAt: w.clock.now().toISOString() });
    expect(w.deals.rows.get(id)).to.include({ status: 'arquivado', title: 'Site' });
    const events = [...w.outbox.rows.values()];
    expect(events.map((e) => [e.type, e.subjectId, e.createdAt])).to.deep.equal([['deal.archived', id, w.clock.now().toISOString()]]);
    expect(events[0].data.object).to.include({ id, status: 'arquivado' });
    expect(events[0].data.previous).to.deep.equal({ status: 'ativo', archived_at: null });
    expect(w.kicks.n).to.equal(1);
    // Archived again: the first archival answers, and nothing new happened.
    w.clock.advance(1000);
    expect(await w.archiveDeal.execute(TEAM, { id })).to.deep.equal(out);
    expect(w.outbox.rows.size).to.equal(1);
    const row = w.deals.rows.get(id)!;
    w.deals.rows.set(id, { ...row, scope: 'project', status: 'ativo', archivedAt: null });
    expect(await w.archiveDeal.execute(TEAM, { id }).catch((e) => e)).to.be.instanceOf(NotFound);
    expect(await w.updateDeal.execute(TEAM, { id, changes: { title: 'x' } }).catch((e) => e)).to.be.instanceOf(NotFound);
    expect(w.deals.rows.get(id)).to.include({ status: 'ativo', title: 'Site' });
    expect(w.outbox.rows.size).to.equal(1);
  });

  it('leaves the deal unarchived when its outbox write fails', async () => {
    const { w, id } = await seed();
    w.outbox.add = async () => {
      throw new Error('boom');
    };
    expect((await w.archiveDeal.execute(TEAM, { id }).catch((e) => e)).message).to.equal('boom');
    expect(w.deals.rows.get(id)).to.include({ status: 'ativo', archivedAt: null });
  });
});
