import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { eventsAbout, eventTypesAbout, expectEvent, teamEvents } from './event-log';

const CPF = '529.982.247-25';

forEachHttpBackend(
  'Client events',
  (env) => {
    it('logs client.created with the client as GET /clients/:id answers it', async () => {
      const { teamId, auth } = await env().team();
      const created = await env()
        .request.post('/api/v1/clients')
        .set(auth)
        .send({ name: 'Maria', type: 'PF', cpf: CPF, tags: ['vip'], address: { city: 'Recife' } })
        .expect(201);
      const id = created.body.data.id;
      const read = await env().request.get(`/api/v1/clients/${id}`).set(auth).expect(200);
      const events = await eventsAbout(env(), teamId, id);
      expect(events).to.have.length(1);
      expectEvent(events[0], 'client.created', read.body.data);
    });

    it('logs client.updated with the previous values of exactly the fields that changed', async () => {
      const { teamId, auth } = await env().team();
      const created = await env()
        .request.post('/api/v1/clients')
        .set(auth)
        .send({ name: 'Maria', type: 'PF', email: 'maria@example.com', address: { city: 'Recife', state: 'PE' } })
        .expect(201);
      const id = created.body.data.id;
      await env()
        .request.put(`/api/v1/clients/${id}`)
        .set(auth)
        .send({ name: 'Maria Silva', email: 'maria@example.com', address: { city: 'Olinda' } })
        .expect(200);
      const read = await env().request.get(`/api/v1/clients/${id}`).set(auth).expect(200);
      const events = await eventsAbout(env(), teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['client.created', 'client.updated']);
      expectEvent(events[1], 'client.updated', read.body.data, { name: 'Maria', address: created.body.data.address });
    });

    it('logs client.deactivated with the client as GET shows it after, once', async () => {
      const { teamId, auth } = await env().team();
      const created = await env().request.post('/api/v1/clients').set(auth).send({ name: 'Maria', type: 'PF' }).expect(201);
      const id = created.body.data.id;
      await env().request.delete(`/api/v1/clients/${id}`).set(auth).expect(200);
      // Deactivating an inactive client changes nothing, and tells nothing.
      await env().request.delete(`/api/v1/clients/${id}`).set(auth).expect(200);
      const read = await env().request.get(`/api/v1/clients/${id}`).set(auth).expect(200);
      expect(read.body.data.status).to.equal('inactive');
      const events = await eventsAbout(env(), teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['client.created', 'client.deactivated']);
      expectEvent(events[1], 'client.deactivated', read.body.data, { status: 'active' });
    });

    it('logs nothing for a write its transaction refuses: a duplicate CPF, the plan limit, a duplicate on update', async () => {
      const { teamId, auth } = await env().team({ clientQuota: 2 });
      const first = await env().request.post('/api/v1/clients').set(auth).send({ name: 'A', type: 'PF', cpf: CPF }).expect(201);
      const second = await env().request.post('/api/v1/clients').set(auth).send({ name: 'B', type: 'PF' }).expect(201);
      const events = () => teamEvents(env(), teamId);
      const before = (await events()).length;
      // The team is at its quota: the create is refused after the team's lock.
      expect((await env().request.post('/api/v1/clients').set(auth).send({ name: 'C', type: 'PF' })).status).to.equal(403);
      await env().request.delete(`/api/v1/clients/${second.body.data.id}`).set(auth).expect(200);
      const afterDeactivation = (await events()).length;
      expect(afterDeactivation).to.equal(before + 1);
      // A duplicate CPF is found inside the transaction, on create and on update.
      expect((await env().request.post('/api/v1/clients').set(auth).send({ name: 'D', type: 'PF', cpf: CPF })).status).to.equal(422);
      expect((await env().request.put(`/api/v1/clients/${second.body.data.id}`).set(auth).send({ cpf: CPF })).status).to.equal(422);
      expect((await events()).length).to.equal(afterDeactivation);
      expect(await eventTypesAbout(env(), teamId, first.body.data.id)).to.deep.equal(['client.created']);
    });
  },
  backendNames(),
);
