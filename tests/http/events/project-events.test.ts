import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { admin } from '../projects/project-cli';
import { eventsAbout, expectEvent, teamEvents } from './event-log';

forEachHttpBackend(
  'Project events',
  (env) => {
    it('logs project.created with the project as GET /projects/:id answers it, its stage and client included', async () => {
      const { teamId, auth } = await env().team();
      const client = await env().request.post('/api/v1/clients').set(auth).send({ name: 'Padaria', type: 'PJ' }).expect(201);
      const created = await env()
        .request.post('/api/v1/projects')
        .set(auth)
        .send({ name: 'Site', status: 'active', client_id: client.body.data.id })
        .expect(201);
      const id = created.body.data.id;
      const read = await env().request.get(`/api/v1/projects/${id}`).set(auth).expect(200);
      const events = await eventsAbout(env(), teamId, id);
      expect(events).to.have.length(1);
      expectEvent(events[0], 'project.created', read.body.data);
    });

    it('logs project.updated with the previous values of exactly the fields that changed, a stage move included', async () => {
      const { teamId, auth } = await env().team();
      const created = await env()
        .request.post('/api/v1/projects')
        .set(auth)
        .send({ name: 'Site', priority: 'high', color: '#3b82f6' })
        .expect(201);
      const before = created.body.data;
      await env()
        .request.put(`/api/v1/projects/${before.id}`)
        .set(auth)
        .send({ status: 'paused', priority: 'high', color: null })
        .expect(200);
      const read = await env().request.get(`/api/v1/projects/${before.id}`).set(auth).expect(200);
      const events = await eventsAbout(env(), teamId, before.id);
      expect(events.map((e) => e.type)).to.deep.equal(['project.created', 'project.updated']);
      expectEvent(events[1], 'project.updated', read.body.data, {
        status: before.status,
        stage_id: before.stage_id,
        stage: before.stage,
        color: '#3b82f6',
      });
    });

    it("logs the operator's archive as project.updated, once, and nothing for an update the archive then refuses", async () => {
      const { teamId, auth } = await env().team();
      const created = await env().request.post('/api/v1/projects').set(auth).send({ name: 'Site' }).expect(201);
      const id = created.body.data.id;
      expect((await admin(env(), 'project', 'archive', '--id', id)).code).to.equal(0);
      expect((await admin(env(), 'project', 'archive', '--id', id)).code).to.equal(0);
      expect((await env().request.put(`/api/v1/projects/${id}`).set(auth).send({ name: 'Other' })).status).to.equal(409);
      const read = await env().request.get(`/api/v1/projects/${id}`).set(auth).expect(200);
      const events = await eventsAbout(env(), teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['project.created', 'project.updated']);
      expectEvent(events[1], 'project.updated', read.body.data, { archived_at: null });
    });

    it('logs nothing for a create refused inside its transaction (a slug taken)', async () => {
      const { teamId, auth } = await env().team();
      await env().request.post('/api/v1/projects').set(auth).send({ name: 'Site', slug: 'site' }).expect(201);
      const count = (await teamEvents(env(), teamId)).length;
      expect((await env().request.post('/api/v1/projects').set(auth).send({ name: 'Other', slug: 'site' })).status).to.equal(422);
      expect(await teamEvents(env(), teamId)).to.have.length(count);
    });
  },
  backendNames(),
);
