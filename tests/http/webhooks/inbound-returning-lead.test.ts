import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

forEachHttpBackend(
  'Inbound receiver: a returning lead',
  (env) => {
    for (const action of ['create_lead', 'create_deal'] as const) {
      it(`appends the new notes with a dated source line and records the UTM as the last touch (${action})`, async () => {
        const f = await createEndpointFixture(env(), { action_type: action, slug: 'site-form' });
        const post = (body: object) => env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(body);
        const first = await post({
          full_name: 'Ana',
          phone: '11 98765-4321',
          notes: 'Quero um site',
          utm_source: 'google',
          utm_campaign: 'bf',
        });
        expect(first.body).to.include({ success: true });
        const again = await post({
          full_name: 'Ana S.',
          email: 'ana@example.com',
          phone: '(11) 98765-4321',
          notes: 'Agora também SEO',
          utm_source: 'instagram',
          utm_medium: 'stories',
        });
        expect(again.body).to.include({ success: true });
        const third = await post({ full_name: 'Ana', phone: '+55 11 98765-4321' });
        expect(third.body).to.include({ success: true });

        const { leads, deals } = await storedLeadsAndDeals(env(), f);
        expect(leads).to.have.length(1);
        const lead = leads[0];
        // The lead keeps what it was created with; what came later is added, not lost.
        expect(lead).to.include({ full_name: 'Ana', utm_source: 'google', utm_campaign: 'bf', email: null });
        expect(lead.notes).to.match(/^Quero um site\n\n\[\d{4}-\d\d-\d\d \d\d:\d\d UTC · webhook site-form\]\nAgora também SEO$/);
        expect(lead.attribution.first).to.deep.equal({
          utm_source: 'google',
          utm_medium: null,
          utm_campaign: 'bf',
          utm_term: null,
          utm_content: null,
        });
        expect(lead.attribution.last).to.include({
          utm_source: 'instagram',
          utm_medium: 'stories',
          utm_campaign: null,
          via: 'webhook site-form',
        });
        expect(lead.attribution.last.at).to.match(/Z$/);
        if (action === 'create_deal') {
          expect(deals).to.have.length(3);
          expect(new Set(deals.map((d) => d.lead_id))).to.deep.equal(new Set([lead.id]));
          expect(deals[1]).to.include({ utm_source: 'instagram' });
        } else {
          expect(deals).to.deep.equal([]);
          expect([first.body.entity_id, again.body.entity_id, third.body.entity_id]).to.deep.equal([lead.id, lead.id, lead.id]);
        }
      });
    }

    for (const action of ['create_lead', 'create_deal'] as const) {
      it(`lets a post to an endpoint without authentication add notes, never rewrite the lead's attribution (${action})`, async () => {
        const f = await createEndpointFixture(env(), { action_type: action });
        const open = await webhookCli(env().runtime, [
          'webhook',
          'create',
          '--team',
          f.teamId,
          '--name',
          'Lead Ads',
          '--action',
          action,
          '--project',
          f.projectId,
          '--no-secret',
        ]);
        expect(open.code, open.err).to.equal(0);
        // The lead came in through the authenticated endpoint, first without UTM, then with it.
        const signed = (body: object) => env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(body);
        expect((await signed({ full_name: 'Ana', email: 'ana@example.com', notes: 'Quero um site' })).body).to.include({ success: true });
        const before = (await storedLeadsAndDeals(env(), f)).leads[0];
        expect(before.attribution).to.equal(null);

        // Anyone may post to the open endpoint, reusing the lead's e-mail.
        const forged = await env()
          .request.post(`/api/v1/webhooks/inbound/${open.json.endpoint_id}`)
          .send({ full_name: 'Mallory', email: 'ana@example.com', notes: 'Cancelem tudo', utm_source: 'evil', utm_campaign: 'x' });
        expect(forged.body).to.include({ success: true });

        const lead = (await storedLeadsAndDeals(env(), f)).leads[0];
        expect(lead).to.include({ id: before.id, full_name: 'Ana', utm_source: null, utm_medium: null, utm_campaign: null });
        expect(lead.attribution).to.equal(null);
        // Added, never lost, and marked as unauthenticated; its UTM is kept in the note only.
        expect(lead.notes).to.match(
          /^Quero um site\n\n\[\d{4}-\d\d-\d\d \d\d:\d\d UTC · webhook lead-ads, unauthenticated\]\nCancelem tudo\nutm_source=evil utm_campaign=x$/,
        );

        // A later authenticated touch still writes the attribution.
        expect((await signed({ full_name: 'Ana', email: 'ana@example.com', utm_source: 'google' })).body).to.include({ success: true });
        const after = (await storedLeadsAndDeals(env(), f)).leads[0];
        expect(after.attribution.first).to.include({ utm_source: 'google' });
        expect(after.attribution.last).to.include({ utm_source: 'google' });
      });
    }

    it('keeps the notes of every one of several concurrent deliveries for one lead', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const post = (body: object) => env().request.post(f.url).set('X-Webhook-Secret', f.secret).send(body);
      expect((await post({ full_name: 'Bia', phone: '11 3333-0001' })).body).to.include({ success: true });
      const results = await Promise.all([1, 2, 3, 4, 5].map((n) => post({ full_name: 'Bia', phone: '11 3333-0001', notes: `nota ${n}` })));
      for (const r of results) expect(r.body, JSON.stringify(r.body)).to.include({ success: true });
      const [lead] = (await storedLeadsAndDeals(env(), f)).leads;
      for (const n of [1, 2, 3, 4, 5]) expect(lead.notes).to.include(`nota ${n}`);
    });
  },
  backendNames(),
);
