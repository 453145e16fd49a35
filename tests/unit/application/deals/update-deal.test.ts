import { expect } from 'chai';
import { NotFound, ValidationFailed } from '../../../../domain/shared/errors';
import { CLIENT_ID, dealsWorld, OTHER_TEAM, TEAM } from './harness';

describe('UpdateDeal and ArchiveDeal', () => {
  const seed = async () => {
    const w = dealsWorld();
    const { deal } = await w.createDeal.execute(TEAM, { deal: { title: 'Site' } });
    w.outbox.rows.clear();
    w.kicks.n = 0;
    return { w, id: deal.deal.id };
  };

  it('writes deal_stage_changed to the outbox when the phase changes', async () => {
    const { w, id } = await seed();
    const view = await w.updateDeal.execute(TEAM, { id, changes: { phase: 'proposta' } });
    expect(view.deal.phase).to.equal('proposta');
    const events = [...w.outbox.rows.values()];
    expect(events.map((e) => [e.type, e.dealId, e.data])).to.deep.equal([
      ['deal_stage_changed', id, { from_phase: 'lead', to_phase: 'proposta' }],
    ]);
    expect(w.kicks.n).to.equal(1);
  });

  it('writes no event when the phase stays', async () => {
    const { w, id } = await seed();
    await w.updateDeal.execute(TEAM, { id, changes: { title: 'New', phase: 'lead' } });
    expect(w.outbox.rows.size).to.equal(0);
    expect(w.kicks.n).to.equal(0);
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

  it('archives and keeps the record; project deals are not found', async () => {
    const { w, id } = await seed();
    w.clock.advance(1000);
    const out = await w.archiveDeal.execute(TEAM, { id });
    expect(out).to.deep.equal({ id, status: 'arquivado', archivedAt: w.clock.now().toISOString() });
    expect(w.deals.rows.get(id)).to.include({ status: 'arquivado', title: 'Site' });
    const row = w.deals.rows.get(id)!;
    w.deals.rows.set(id, { ...row, scope: 'project', status: 'ativo', archivedAt: null });
    expect(await w.archiveDeal.execute(TEAM, { id }).catch((e) => e)).to.be.instanceOf(NotFound);
    expect(await w.updateDeal.execute(TEAM, { id, changes: { title: 'x' } }).catch((e) => e)).to.be.instanceOf(NotFound);
    expect(w.deals.rows.get(id)).to.include({ status: 'ativo', title: 'Site' });
  });
});
