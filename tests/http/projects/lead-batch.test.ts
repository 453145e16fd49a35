import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, TestTeam } from '../../support/http';
import { eventsAbout, expectEvent, teamEvents } from '../events/event-log';
import { admin } from './project-cli';

const UNKNOWN = '0190b000-0000-7000-8000-ffffffffffff';

forEachHttpBackend(
  'Lead batch upsert',
  (env) => {
    const project = async (t: TestTeam, name = 'Lançamento') =>
      (await env().request.post('/api/v1/projects').set(t.auth).send({ name })).body.data.id as string;
    const batch = (t: TestTeam, projectId: string, body: unknown, headers: Record<string, string> = {}) =>
      env()
        .request.post(`/api/v1/projects/${projectId}/leads/batch`)
        .set(t.auth)
        .set(headers)
        .send(body as object);
    const leads = async (t: TestTeam, projectId: string) =>
      (await env().request.get(`/api/v1/projects/${projectId}/leads?limit=100`).set(t.auth).expect(200)).body.data;
    const leadOf = async (t: TestTeam, projectId: string, id: string) =>
      (await leads(t, projectId)).find((l: { id: string }) => l.id === id);

    it('answers 207 for a mixed batch, in order, and still writes the good items', async () => {
      const t = await env().team();
      const p = await project(t);
      const res = await batch(t, p, {
        items: [
          { full_name: 'João Conceição', phone: '(11) 98765-4321' },
          { full_name: 'Sem telefone válido', phone: '123' },
          { full_name: '' },
          { full_name: 'Luíza Araújo', email: 'luiza@example.com.br', tags: ['indicação'] },
        ],
      });
      expect(res.status).to.equal(207);
      const { results, totals } = res.body.data;
      expect(results.map((r: { status: string }) => r.status)).to.deep.equal(['created', 'error', 'error', 'created']);
      expect(results[1].error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'phone' });
      expect(results[2].error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'full_name' });
      expect(totals).to.deep.equal({ created: 2, updated: 0, unchanged: 0, skipped: 0, failed: 2 });
      expect((await leads(t, p)).map((l: { full_name: string }) => l.full_name).sort()).to.deep.equal(['João Conceição', 'Luíza Araújo']);
      const lead = await leadOf(t, p, results[0].id);
      expect(lead).to.include({ phone: '+5511987654321' });
      const events = await eventsAbout(env(), t.teamId, results[0].id);
      expect(events).to.have.length(1);
      expectEvent(events[0], 'lead.created', lead);
    });

    it("takes one person's phone written three ways, and an e-mail in capitals, as one lead", async () => {
      const t = await env().team();
      const p = await project(t);
      const res = await batch(t, p, {
        items: [
          { full_name: 'Ana Souza', phone: '(11) 98765-4321' },
          { full_name: 'Ana', phone: '11987654321' },
          { full_name: 'Ana S.', phone: '+55 11 8765-4321' },
          { full_name: 'Bia', email: 'bia@example.com' },
          { full_name: 'Bia Lima', email: 'BIA@EXAMPLE.COM' },
        ],
      });
      expect(res.status).to.equal(200);
      const [ana, ...rest] = res.body.data.results;
      expect(ana.status).to.equal('created');
      expect(rest.map((r: { status: string }) => r.status)).to.deep.equal(['skipped', 'skipped', 'created', 'skipped']);
      expect(rest[0].id).to.equal(ana.id);
      expect(rest[1].id).to.equal(ana.id);
      expect(rest[3].id).to.equal(rest[2].id);
      expect(await leads(t, p)).to.have.length(2);
    });

    it('with on_duplicate update, updates the lead and logs lead.updated with what it was, then answers unchanged on a repeat', async () => {
      const t = await env().team();
      const p = await project(t);
      const created = (
        await env().request.post(`/api/v1/projects/${p}/leads`).set(t.auth).send({ full_name: 'Ana', phone: '11987654321', notes: 'n' })
      ).body.data;
      const before = await leadOf(t, p, created.id);
      const body = {
        items: [{ full_name: 'Ana Conceição', phone: '(11) 98765-4321', email: 'ana@example.com', tags: ['vip'] }],
        on_duplicate: 'update',
      };
      const res = await batch(t, p, body);
      expect(res.status).to.equal(200);
      expect(res.body.data.results).to.deep.equal([{ index: 0, status: 'updated', id: created.id }]);
      const after = await leadOf(t, p, created.id);
      expect(after).to.include({ full_name: 'Ana Conceição', email: 'ana@example.com', phone: '+5511987654321', notes: 'n' });
      const events = await eventsAbout(env(), t.teamId, created.id);
      expect(events.map((e) => e.type)).to.deep.equal(['lead.created', 'lead.updated']);
      expectEvent(events[1], 'lead.updated', after, {
        full_name: before.full_name,
        name: before.name,
        email: null,
        tags: [],
      });
      expect(after.updated_at).to.not.equal(before.updated_at);

      const again = await batch(t, p, body);
      expect(again.body.data.results).to.deep.equal([{ index: 0, status: 'unchanged', id: created.id }]);
      expect(await eventsAbout(env(), t.teamId, created.id)).to.have.length(2);
    });

    it("refuses an update that gives a lead another lead's e-mail, with DUPLICATE_ENTRY", async () => {
      const t = await env().team();
      const p = await project(t);
      await env().request.post(`/api/v1/projects/${p}/leads`).set(t.auth).send({ full_name: 'Ana', phone: '11987654321' }).expect(201);
      await env().request.post(`/api/v1/projects/${p}/leads`).set(t.auth).send({ full_name: 'Bia', email: 'bia@example.com' }).expect(201);
      const res = await batch(t, p, {
        items: [{ full_name: 'Ana', phone: '11987654321', email: 'bia@example.com' }],
        on_duplicate: 'update',
      });
      expect(res.status).to.equal(207);
      expect(res.body.data.results[0]).to.nested.include({ status: 'error', 'error.code': 'DUPLICATE_ENTRY' });
    });

    it('answers 404 for an unknown project and 409 PROJECT_ARCHIVED for an archived one, for the whole request', async () => {
      const t = await env().team();
      const unknown = await batch(t, UNKNOWN, { items: [{ full_name: 'Ana' }] });
      expect(unknown.status).to.equal(404);
      const other = await batch(await env().team(), await project(t), { items: [{ full_name: 'Ana' }] });
      expect(other.status).to.equal(404);
      const p = await project(t);
      expect((await admin(env(), 'project', 'archive', '--id', p)).code).to.equal(0);
      const archived = await batch(t, p, { items: [{ full_name: 'Ana' }] });
      expect(archived.status).to.equal(409);
      expect(archived.body.error.code).to.equal('PROJECT_ARCHIVED');
    });

    it("answers 400 on `items` for 0 or 101 items, and never matches another team's or project's leads", async () => {
      const t = await env().team();
      const p = await project(t);
      for (const items of [[], Array.from({ length: 101 }, (_, i) => ({ full_name: `L${i}` }))]) {
        const res = await batch(t, p, { items });
        expect(res.status).to.equal(400);
        expect(res.body.error.details.field).to.equal('items');
      }
      const other = await env().team();
      const q = await project(other);
      await batch(other, q, { items: [{ full_name: 'Ana', phone: '11987654321' }] }).expect(200);
      await batch(t, await project(t, 'Outro'), { items: [{ full_name: 'Ana', phone: '11987654321' }] }).expect(200);
      const res = await batch(t, p, { items: [{ full_name: 'Ana', phone: '11987654321' }] });
      expect(res.body.data.results[0].status).to.equal('created');
    });

    it('replays the first answer for the same Idempotency-Key, project and payload, and refuses it for another project', async () => {
      const t = await env().team();
      const p = await project(t);
      const key = { 'Idempotency-Key': 'importacao-1' };
      const body = { items: [{ full_name: 'Ana', email: 'ana@example.com' }] };
      const first = await batch(t, p, body, key);
      expect(first.status).to.equal(200);
      const events = (await teamEvents(env(), t.teamId)).length;
      const replay = await batch(t, p, body, key);
      expect(replay.status).to.equal(200);
      expect(replay.headers['idempotent-replayed']).to.equal('true');
      expect(replay.body).to.deep.equal(first.body);
      expect((await teamEvents(env(), t.teamId)).length).to.equal(events);
      const elsewhere = await batch(t, await project(t, 'Outro'), body, key);
      expect(elsewhere.status).to.equal(409);
      expect(elsewhere.body.error.code).to.equal('CONFLICT');
    });
  },
  backendNames(),
);
