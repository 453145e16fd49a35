// A UUID is the same id in any letter case (RFC 9562), and PostgreSQL compares it so. Ids in bodies
// were kept as sent: on PostgreSQL two assignees differing only in case collided in storage (500, found
// by the generated requests), and an upper-case client_id was found there but not on SQLite or memory.
// Body ids are read in lower case, as path and query ids already are, the same on every backend.
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

const PERSON = '0190a000-0000-7000-8000-00000000000a';

forEachHttpBackend(
  'UUIDs in any letter case',
  (env) => {
    it('takes one assignee sent twice in different case as one, on create and update', async () => {
      const { auth } = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(auth).send({ name: 'Casos' }).expect(201)).body.data.id;
      const created = await env()
        .request.post('/api/v1/tasks')
        .set(auth)
        .send({ title: 'T', project_id: project.toUpperCase(), assignee_ids: [PERSON.toUpperCase(), PERSON] });
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      expect(created.body.data).to.deep.include({ assignee_ids: [PERSON], assignee_id: PERSON, project_id: project });
      const updated = await env()
        .request.put(`/api/v1/tasks/${created.body.data.id}`)
        .set(auth)
        .send({ assignee_ids: [PERSON, PERSON.toUpperCase()], reporter_id: PERSON.toUpperCase() });
      expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
      expect(updated.body.data).to.deep.include({ assignee_ids: [PERSON], reporter_id: PERSON });
    });

    it('finds a referenced record whatever the case of its id, and answers it in lower case', async () => {
      const { auth } = await env().team();
      const client = (await env().request.post('/api/v1/clients').set(auth).send({ type: 'PF', name: 'Ana' }).expect(201)).body.data.id;
      const activity = await env()
        .request.post('/api/v1/activities')
        .set(auth)
        .send({ title: 'Ligar', client_id: client.toUpperCase(), assigned_to: PERSON.toUpperCase() });
      expect(activity.status, JSON.stringify(activity.body)).to.equal(201);
      expect(activity.body.data).to.deep.include({ client_id: client, assigned_to: PERSON });
      const deal = await env()
        .request.post('/api/v1/deals')
        .set(auth)
        .send({ title: 'Site', client_id: client.toUpperCase(), responsible_id: PERSON.toUpperCase() });
      expect(deal.status, JSON.stringify(deal.body)).to.equal(201);
      expect(deal.body.data).to.deep.include({ client_id: client, responsible_id: PERSON });
    });
  },
  backendNames(),
);
