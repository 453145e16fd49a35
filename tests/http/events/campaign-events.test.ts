import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { fixtures } from '../tasks/workspace-fixtures';
import { eventsAbout, expectEvent, teamEvents } from './event-log';

forEachHttpBackend(
  'Campaign events',
  (env) => {
    const fx = fixtures(env);

    it('logs campaign.created and campaign.updated (with the previous values of what changed), each as GET answers', async () => {
      const team = await env().team();
      const project = await fx.project(team, 'Launch');
      const created = await env()
        .request.post('/api/v1/campaigns')
        .set(team.auth)
        .send({ name: 'Black Friday', project_id: project.id, goals: { leads: 100 }, target_platforms: ['instagram'] })
        .expect(201);
      const id = created.body.data.id;
      const get = async () => (await env().request.get(`/api/v1/campaigns/${id}`).set(team.auth).expect(200)).body.data;
      const first = await get();
      await env()
        .request.put(`/api/v1/campaigns/${id}`)
        .set(team.auth)
        .send({ status: 'active', goals: { leads: 200 }, name: 'Black Friday' })
        .expect(200);
      const second = await get();
      const events = await eventsAbout(env(), team.teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['campaign.created', 'campaign.updated']);
      expectEvent(events[0], 'campaign.created', first);
      expectEvent(events[1], 'campaign.updated', second, { status: first.status, goals: { leads: 100 } });
    });

    it('logs nothing for a refused write (a status the spec answers with 500) nor for a DELETE (500 by the spec)', async () => {
      const team = await env().team();
      const project = await fx.project(team, 'Launch');
      const id = (await env().request.post('/api/v1/campaigns').set(team.auth).send({ name: 'BF', project_id: project.id }).expect(201))
        .body.data.id;
      const count = (await teamEvents(env(), team.teamId)).length;
      expect((await env().request.put(`/api/v1/campaigns/${id}`).set(team.auth).send({ status: 'scheduled' })).status).to.equal(500);
      expect((await env().request.delete(`/api/v1/campaigns/${id}`).set(team.auth)).status).to.equal(500);
      expect(await teamEvents(env(), team.teamId)).to.have.length(count);
    });
  },
  backendNames(),
);
