import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { fixtures } from '../tasks/workspace-fixtures';
import { eventsAbout, expectEvent, teamEvents } from './event-log';

const UNKNOWN = '0190a0b0-0000-7000-8000-0000000000ff';

forEachHttpBackend(
  'Activity events',
  (env) => {
    const fx = fixtures(env);

    it('logs activity.created, activity.updated (with the previous values of what changed) and the completion as activity.updated', async () => {
      const team = await env().team();
      const clientId = await fx.client(team);
      const created = await env()
        .request.post('/api/v1/activities')
        .set(team.auth)
        .send({ title: 'Ligar', type: 'call', priority: 'high', client_id: clientId })
        .expect(201);
      const id = created.body.data.id;
      const get = async () => (await env().request.get(`/api/v1/activities/${id}`).set(team.auth).expect(200)).body.data;
      const first = await get();
      await env()
        .request.put(`/api/v1/activities/${id}`)
        .set(team.auth)
        .send({ title: 'Ligar de novo', priority: 'high', tags: ['x'] })
        .expect(200);
      const second = await get();
      await env().request.delete(`/api/v1/activities/${id}`).set(team.auth).expect(200);
      // Completing a completed activity changes nothing, and tells nothing.
      await env().request.delete(`/api/v1/activities/${id}`).set(team.auth).expect(200);
      const third = await get();
      const events = await eventsAbout(env(), team.teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['activity.created', 'activity.updated', 'activity.updated']);
      expectEvent(events[0], 'activity.created', first);
      expectEvent(events[1], 'activity.updated', second, { title: 'Ligar', tags: [] });
      expectEvent(events[2], 'activity.updated', third, { is_completed: false });
    });

    it('logs nothing for a write refused inside its transaction (an unknown client)', async () => {
      const team = await env().team();
      const id = (await env().request.post('/api/v1/activities').set(team.auth).send({ title: 'Ligar' }).expect(201)).body.data.id;
      const count = (await teamEvents(env(), team.teamId)).length;
      expect((await env().request.post('/api/v1/activities').set(team.auth).send({ title: 'X', client_id: UNKNOWN })).status).to.equal(404);
      expect((await env().request.put(`/api/v1/activities/${id}`).set(team.auth).send({ title: 'Y', client_id: UNKNOWN })).status).to.equal(
        404,
      );
      expect(await teamEvents(env(), team.teamId)).to.have.length(count);
    });
  },
  backendNames(),
);
