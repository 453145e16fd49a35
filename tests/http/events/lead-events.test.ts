import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, HttpEnv } from '../../support/http';
import { admin } from '../projects/project-cli';
import { createEndpointFixture } from '../webhooks/fixtures';
import { eventsAbout, expectEvent, teamEvents } from './event-log';

/** The project's lead as the API lists it: there is no GET of one lead. */
async function listedLead(env: HttpEnv, auth: { Authorization: string }, projectId: string, id: string): Promise<Record<string, unknown>> {
  const res = await env.request.get(`/api/v1/projects/${projectId}/leads?limit=100`).set(auth).expect(200);
  const lead = res.body.data.find((l: { id: string }) => l.id === id);
  expect(lead, `lead ${id} in the list`).to.not.equal(undefined);
  return lead;
}

forEachHttpBackend(
  'Lead events',
  (env) => {
    it('logs lead.created for a lead added through the API, as the lead list shows it', async () => {
      const { teamId, auth } = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(auth).send({ name: 'CRM' }).expect(201)).body.data;
      const created = await env()
        .request.post(`/api/v1/projects/${project.id}/leads`)
        .set(auth)
        .send({ full_name: 'João', phone: '(11) 98765-4321', email: 'joao@example.com', tags: ['site'], customer_source: 'site' })
        .expect(201);
      const id = created.body.data.id;
      const events = await eventsAbout(env(), teamId, id);
      expect(events).to.have.length(1);
      expectEvent(events[0], 'lead.created', await listedLead(env(), auth, project.id, id));
    });

    it("logs the operator's deactivation as lead.updated, once; a duplicate the API refuses logs nothing", async () => {
      const { teamId, auth } = await env().team();
      const project = (await env().request.post('/api/v1/projects').set(auth).send({ name: 'CRM' }).expect(201)).body.data;
      const id = (
        await env()
          .request.post(`/api/v1/projects/${project.id}/leads`)
          .set(auth)
          .send({ full_name: 'João', phone: '11 98765-4321' })
          .expect(201)
      ).body.data.id;
      const count = (await teamEvents(env(), teamId)).length;
      const dup = await env()
        .request.post(`/api/v1/projects/${project.id}/leads`)
        .set(auth)
        .send({ full_name: 'Outro', phone: '11 98765-4321' });
      expect(dup.status).to.equal(422);
      expect(await teamEvents(env(), teamId)).to.have.length(count);

      expect((await admin(env(), 'lead', 'deactivate', '--id', id)).code).to.equal(0);
      expect((await admin(env(), 'lead', 'deactivate', '--id', id)).code).to.equal(0);
      const events = await eventsAbout(env(), teamId, id);
      expect(events.map((e) => e.type)).to.deep.equal(['lead.created', 'lead.updated']);
      expectEvent(events[1], 'lead.updated', await listedLead(env(), auth, project.id, id), { is_active: true });
    });

    for (const action of ['create_lead', 'create_deal'] as const) {
      it(`logs lead.created for a new lead of the inbound receiver, and lead.updated for a returning one that adds to it (${action})`, async () => {
        const f = await createEndpointFixture(env(), { action_type: action, slug: 'site-form' });
        const post = (body: object) => env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(body);
        const first = await post({ full_name: 'Ana', phone: '11 98765-4321', notes: 'Quero um site', utm_source: 'google' });
        expect(first.body).to.include({ success: true });
        const leads = await env().request.get(`/api/v1/projects/${f.projectId}/leads`).set(f.auth).expect(200);
        expect(leads.body.data).to.have.length(1);
        const created = leads.body.data[0];
        let events = await eventsAbout(env(), f.teamId, created.id);
        expect(events).to.have.length(1);
        expectEvent(events[0], 'lead.created', created);

        // The same contact again, with nothing new: the lead does not change, and nothing is logged.
        expect((await post({ full_name: 'Ana', phone: '+55 11 98765-4321' })).body).to.include({ success: true });
        expect(await eventsAbout(env(), f.teamId, created.id)).to.have.length(1);

        // Again with a note and a UTM set: appended to the lead, logged as lead.updated.
        const again = await post({ full_name: 'Ana', phone: '(11) 98765-4321', notes: 'Agora também SEO', utm_source: 'instagram' });
        expect(again.body).to.include({ success: true });
        const updated = await listedLead(env(), f.auth, f.projectId, created.id);
        events = await eventsAbout(env(), f.teamId, created.id);
        expect(events.map((e) => e.type)).to.deep.equal(['lead.created', 'lead.updated']);
        expectEvent(events[1], 'lead.updated', updated, { notes: created.notes, attribution: created.attribution });
      });
    }
  },
  backendNames(),
);
