import { expect } from 'chai';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { TOKENS } from '../../../bootstrap/tokens';
import { BatchKeyRepository } from '../../../domain/shared/batch-key-repository';
import { newBatchKeyRecord } from '../../../domain/shared/batch-keys';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, TestTeam } from '../../support/http';
import { eventsAbout, expectEvent, teamEvents } from '../events/event-log';

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';

forEachHttpBackend(
  'Client batch upsert',
  (env) => {
    const batch = (t: TestTeam, body: unknown, headers: Record<string, string> = {}) =>
      env()
        .request.post('/api/v1/clients/batch')
        .set(t.auth)
        .set(headers)
        .send(body as object);
    const get = async (t: TestTeam, id: string) => (await env().request.get(`/api/v1/clients/${id}`).set(t.auth).expect(200)).body.data;
    const active = async (t: TestTeam) => (await env().request.get('/api/v1/clients?limit=100').set(t.auth).expect(200)).body.data;

    it('answers 207 for a mixed batch, one result per item in order, and writes the good items', async () => {
      const t = await env().team();
      const res = await batch(t, {
        items: [
          { type: 'PF', name: 'João Conceição', cpf: CPF },
          { type: 'PF', name: 'Sem CPF válido', cpf: '123.456.789-00' },
          { type: 'PJ', name: 'Padaria Pão de Açúcar Ltda', cnpj: CNPJ },
          { type: 'XX', name: 'Tipo errado' },
        ],
      });
      expect(res.status).to.equal(207);
      expect(res.body.success).to.equal(true);
      const { results, totals } = res.body.data;
      expect(results.map((r: { index: number; status: string }) => [r.index, r.status])).to.deep.equal([
        [0, 'created'],
        [1, 'error'],
        [2, 'created'],
        [3, 'error'],
      ]);
      expect(results[1].error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'cpf' });
      expect(results[3].error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'type' });
      expect(results[1]).to.not.have.property('id');
      expect(totals).to.deep.equal({ created: 2, updated: 0, unchanged: 0, skipped: 0, failed: 2 });
      expect(await get(t, results[0].id)).to.include({ name: 'João Conceição', cpf: '52998224725', type: 'PF' });
      expect(await get(t, results[2].id)).to.include({ name: 'Padaria Pão de Açúcar Ltda', cnpj: '11222333000181' });
    });

    it('answers 200 when every item succeeded, and logs client.created for each client written', async () => {
      const t = await env().team();
      const res = await batch(t, {
        items: [
          { type: 'PF', name: 'Maria' },
          { type: 'PF', name: 'José' },
        ],
      });
      expect(res.status).to.equal(200);
      expect(res.body.data.totals).to.deep.equal({ created: 2, updated: 0, unchanged: 0, skipped: 0, failed: 0 });
      for (const r of res.body.data.results) {
        const events = await eventsAbout(env(), t.teamId, r.id);
        expect(events).to.have.length(1);
        expectEvent(events[0], 'client.created', await get(t, r.id));
      }
    });

    it('takes a CPF with and without punctuation in one batch as one client, the second skipped', async () => {
      const t = await env().team();
      const res = await batch(t, {
        items: [
          { type: 'PF', name: 'Maria', cpf: CPF },
          { type: 'PF', name: 'Maria Silva', cpf: '52998224725' },
        ],
      });
      expect(res.status).to.equal(200);
      const [first, second] = res.body.data.results;
      expect(first.status).to.equal('created');
      expect(second).to.deep.equal({ index: 1, status: 'skipped', id: first.id });
      expect((await active(t)).map((c: { name: string }) => c.name)).to.deep.equal(['Maria']);
    });

    it('matches an existing client by CNPJ in any punctuation, by e-mail in capitals, inactive ones too, and writes nothing when skipping', async () => {
      const t = await env().team();
      const pj = (await env().request.post('/api/v1/clients').set(t.auth).send({ type: 'PJ', name: 'Acme', cnpj: CNPJ })).body.data;
      const pf = (await env().request.post('/api/v1/clients').set(t.auth).send({ type: 'PF', name: 'Ana', email: 'ana@example.com' })).body
        .data;
      await env().request.delete(`/api/v1/clients/${pf.id}`).set(t.auth).expect(200);
      const before = (await teamEvents(env(), t.teamId)).length;
      const res = await batch(t, {
        items: [
          { type: 'PJ', name: 'Acme Ltda', cnpj: '11222333000181' },
          { type: 'PF', name: 'Ana Maria', email: '  ANA@Example.COM ' },
        ],
        on_duplicate: 'skip',
      });
      expect(res.status).to.equal(200);
      expect(res.body.data.results).to.deep.equal([
        { index: 0, status: 'skipped', id: pj.id },
        { index: 1, status: 'skipped', id: pf.id },
      ]);
      expect(await get(t, pj.id)).to.include({ name: 'Acme' });
      expect((await teamEvents(env(), t.teamId)).length).to.equal(before);
    });

    it('with on_duplicate update, updates the client with the fields present and logs client.updated, then answers unchanged on a repeat', async () => {
      const t = await env().team();
      const created = (
        await env()
          .request.post('/api/v1/clients')
          .set(t.auth)
          .send({ type: 'PF', name: 'Maria', cpf: CPF, phone: '1111', address: { city: 'Recife' } })
      ).body.data;
      const body = {
        items: [{ type: 'PF', name: 'Maria Conceição', cpf: '52998224725', address: { state: 'PE' } }],
        on_duplicate: 'update',
      };
      const res = await batch(t, body);
      expect(res.status).to.equal(200);
      expect(res.body.data.results).to.deep.equal([{ index: 0, status: 'updated', id: created.id }]);
      const read = await get(t, created.id);
      expect(read).to.include({ name: 'Maria Conceição', phone: '1111' });
      expect(read.address).to.include({ city: 'Recife', state: 'PE' });
      const events = await eventsAbout(env(), t.teamId, created.id);
      expect(events.map((e) => e.type)).to.deep.equal(['client.created', 'client.updated']);
      expectEvent(events[1], 'client.updated', read, { name: 'Maria', address: created.address });

      const again = await batch(t, body);
      expect(again.status).to.equal(200);
      expect(again.body.data.results).to.deep.equal([{ index: 0, status: 'unchanged', id: created.id }]);
      expect(again.body.data.totals).to.deep.equal({ created: 0, updated: 0, unchanged: 1, skipped: 0, failed: 0 });
      expect(await eventsAbout(env(), t.teamId, created.id)).to.have.length(2);
      expect((await get(t, created.id)).updated_at).to.equal(read.updated_at);
    });

    it('refuses an item of another type than the client it names, on `type`', async () => {
      const t = await env().team();
      await env().request.post('/api/v1/clients').set(t.auth).send({ type: 'PJ', name: 'Acme', email: 'contato@acme.com.br' }).expect(201);
      const res = await batch(t, { items: [{ type: 'PF', name: 'Acme', email: 'contato@acme.com.br' }], on_duplicate: 'update' });
      expect(res.status).to.equal(207);
      expect(res.body.data.results[0]).to.nested.include({
        status: 'error',
        'error.code': 'VALIDATION_ERROR',
        'error.details.field': 'type',
      });
    });

    it('creates up to the plan quota, and answers PLAN_LIMIT_REACHED for the items beyond it', async () => {
      const t = await env().team({ clientQuota: 2 });
      await env().request.post('/api/v1/clients').set(t.auth).send({ type: 'PF', name: 'Existente' }).expect(201);
      const res = await batch(t, {
        items: [
          { type: 'PF', name: 'A' },
          { type: 'PF', name: 'B' },
          { type: 'PF', name: 'C' },
        ],
      });
      expect(res.status).to.equal(207);
      expect(res.body.data.results.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'error', 'error']);
      expect(res.body.data.results[1].error.code).to.equal('PLAN_LIMIT_REACHED');
      expect((await active(t)).length).to.equal(2);
    });

    it('answers 400 on `items` for an empty batch, one of 101 items, or items that are not objects', async () => {
      const t = await env().team();
      const item = { type: 'PF', name: 'X' };
      for (const body of [{ items: [] }, { items: Array.from({ length: 101 }, () => item) }, { items: [1] }, {}]) {
        const res = await batch(t, body);
        expect(res.status).to.equal(400);
        expect(res.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'items' });
      }
      const bad = await batch(t, { items: [item], on_duplicate: 'merge' });
      expect(bad.status).to.equal(400);
      expect(bad.body.error.details.field).to.equal('on_duplicate');
      expect(await active(t)).to.have.length(0);
      const hundred = await batch(t, { items: Array.from({ length: 100 }, (_, i) => ({ type: 'PF', name: `Cliente ${i}` })) });
      expect(hundred.status).to.equal(200);
      expect(hundred.body.data.totals.created).to.equal(100);
    });

    it("never matches another team's clients", async () => {
      const a = await env().team();
      const b = await env().team();
      await env().request.post('/api/v1/clients').set(a.auth).send({ type: 'PF', name: 'Maria', cpf: CPF, email: 'm@x.com' }).expect(201);
      const res = await batch(b, {
        items: [
          { type: 'PF', name: 'Maria', cpf: CPF },
          { type: 'PF', name: 'Maria 2', email: 'M@X.COM' },
        ],
      });
      expect(res.body.data.results.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'created']);
    });

    it('replays the first answer for the same Idempotency-Key and payload, and refuses the key with another payload', async () => {
      const t = await env().team();
      const key = { 'Idempotency-Key': 'lote-2026-12-02' };
      const body = {
        items: [
          { type: 'PF', name: 'Maria' },
          { type: 'PF', name: 'X', cpf: '1' },
        ],
      };
      const first = await batch(t, body, key);
      expect(first.status).to.equal(207);
      expect(first.headers).to.not.have.property('idempotent-replayed');
      const replay = await batch(t, { on_duplicate: 'skip', items: body.items }, key);
      expect(replay.status).to.equal(207);
      expect(replay.headers['idempotent-replayed']).to.equal('true');
      expect(replay.body).to.deep.equal(first.body);
      expect(await active(t)).to.have.length(1);
      const other = await batch(t, { items: [{ type: 'PF', name: 'Outra' }] }, key);
      expect(other.status).to.equal(409);
      expect(other.body.error).to.nested.include({ code: 'CONFLICT', 'details.field': 'Idempotency-Key' });
      const elsewhere = await batch(await env().team(), body, key);
      expect(elsewhere.status).to.equal(207);
      expect(elsewhere.headers).to.not.have.property('idempotent-replayed');
      const long = await batch(t, body, { 'Idempotency-Key': 'k'.repeat(513) });
      expect(long.status).to.equal(400);
    });

    it('answers 409 CONFLICT for a key whose first request is still running', async () => {
      const t = await env().team();
      const keys = env().runtime.container.get<BatchKeyRepository>(TOKENS.BatchKeyRepository);
      const now = new Date();
      await env()
        .runtime.container.get<UnitOfWork>(TOKENS.UnitOfWork)
        .run(() => keys.claim(newBatchKeyRecord(t.teamId, 'clients', 'em-curso', 'f', now), now));
      const res = await batch(t, { items: [{ type: 'PF', name: 'Maria' }] }, { 'Idempotency-Key': 'em-curso' });
      expect(res.status).to.equal(409);
      expect(res.body.error).to.nested.include({ code: 'CONFLICT', 'details.field': 'Idempotency-Key' });
      expect(res.body.error.message).to.match(/still in progress/);
      expect(await active(t)).to.have.length(0);
    });
  },
  backendNames(),
);
