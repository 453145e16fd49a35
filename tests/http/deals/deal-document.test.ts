import { expect } from 'chai';
import { forEachHttpBackend } from '../../support/http';
import { dealApi } from './deal-api';

// The deal operations as the OpenAPI document declares them, and the answers the declaration adds.
forEachHttpBackend('Deals in the OpenAPI document', (env) => {
  const document = async () => (await env().request.get('/api/v1/openapi.json')).body;

  it('declares every deal route once, with its id, its statuses and the Deal schema', async () => {
    const doc = await document();
    const ops = {
      listDeals: doc.paths['/deals'].get,
      createDeal: doc.paths['/deals'].post,
      getDeal: doc.paths['/deals/{id}'].get,
      updateDeal: doc.paths['/deals/{id}'].put,
      archiveDeal: doc.paths['/deals/{id}'].delete,
      moveDeal: doc.paths['/deals/{id}/move'].post,
      createProjectDeal: doc.paths['/projects/{id}/deals'].post,
      updateProjectDeal: doc.paths['/projects/{id}/deals/{dealId}'].put,
    };
    for (const [id, op] of Object.entries(ops)) {
      expect(op.operationId).to.equal(id);
      expect(op.tags).to.deep.equal(['Deals']);
    }
    expect(Object.keys(ops.createDeal.responses)).to.include.members(['200', '201', '400', '404', '409']);
    expect(Object.keys(ops.moveDeal.responses)).to.include.members(['200', '400', '404', '409']);
    expect(Object.keys(ops.createProjectDeal.responses)).to.include.members(['200', '201', '400', '404', '409']);
    expect(Object.keys(ops.updateProjectDeal.responses)).to.include.members(['200', '400', '404', '409']);
    expect(ops.createProjectDeal.requestBody.content['application/json'].example.lead.phone).to.equal('(11) 97654-3210');
    expect(ops.listDeals.parameters.map((p: { name: string }) => p.name)).to.include.members([
      'page',
      'limit',
      'sort',
      'search',
      'status',
      'phase',
      'project_id',
      'pipeline_id',
      'client_id',
      'lead_id',
      'responsible_id',
      'source',
      'min_value',
      'max_value',
      'from',
      'to',
    ]);
    expect(ops.getDeal.parameters.map((p: { name: string }) => p.name)).to.include.members(['id', 'project_id', 'pipeline_id']);
    expect(doc.components.schemas.Deal.required).to.include.members(['scope', 'lead', 'contacts', 'client', 'archived_at']);
    expect(doc.components.schemas.ArchivedDeal.required).to.deep.equal(['id', 'status', 'archived_at']);
  });

  it('documents the Idempotency-Key header of the deal creations, and only there', async () => {
    const doc = await document();
    for (const op of [doc.paths['/deals'].post, doc.paths['/projects/{id}/deals'].post]) {
      const header = op.parameters.find((p: { name: string }) => p.name === 'Idempotency-Key');
      expect(header).to.deep.include({ in: 'header', required: false });
      expect(header.schema).to.deep.equal({ type: 'string', maxLength: 512 });
    }
    for (const op of [doc.paths['/deals/{id}'].put, doc.paths['/deals/{id}/move'].post, doc.paths['/projects/{id}/deals/{dealId}'].put]) {
      expect((op.parameters ?? []).map((p: { name: string }) => p.name)).to.not.include('Idempotency-Key');
    }
  });

  it('refuses a key over 512 characters before the body, and locates a created deal', async () => {
    const t = await env().team();
    const api = dealApi(env, t);
    const refused = await api.create({ description: 'sem título', value: 'não é número' }, 'k'.repeat(513));
    expect(refused.status).to.equal(400);
    expect(refused.body.error.code).to.equal('invalid_idempotency_key');

    const created = await api.create({ title: 'Consultoria — Café Açaí' }, 'pedido-77');
    expect(created.status).to.equal(201);
    expect(created.headers.location).to.equal(`/api/v1/deals/${created.body.data.id}`);
    const replayed = await api.create({ title: 'Consultoria — Café Açaí' }, 'pedido-77');
    expect(replayed.status).to.equal(200);
    expect(replayed.headers['idempotent-replayed']).to.equal('true');
    expect(created.headers).to.not.have.property('idempotent-replayed');
    expect(replayed.headers).to.not.have.property('location');
    expect(replayed.body.data.id).to.equal(created.body.data.id);
  });
});
