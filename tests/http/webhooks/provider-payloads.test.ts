// Every provider fixture sent as the provider sends it (raw body, content type) through the real
// receiver, and what was stored read back through the API: project leads and project deals.
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { PROVIDER_FIXTURES, ProviderFixture } from '../../support/provider-payloads';
import { createEndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

const hasContact = (e: ProviderFixture['expected'][number]): boolean => !!(e.full_name || e.email || e.phone);

forEachHttpBackend(
  'Inbound receiver with real provider payloads',
  (env) => {
    for (const fixture of PROVIDER_FIXTURES) {
      it(`stores and reads ${fixture.provider}`, async () => {
        const f = await createEndpointFixture(env(), {
          field_mapping: fixture.mapping,
          ...(fixture.idempotencyPath ? { idempotency_path: fixture.idempotencyPath } : {}),
        });
        const send = () =>
          env()
            .request.post(f.url)
            .set('X-Webhook-Secret', f.secret)
            .set('Content-Type', fixture.contentType)
            .serialize((b: unknown) => b as string)
            .send(fixture.body);
        const res = await send();
        expect(res.status).to.equal(200);

        const [delivery] = (await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', f.webhook.id])).json.data;
        expect(delivery).to.include({ raw_body: fixture.body, content_type: fixture.contentType, body_error: null });
        expect(delivery.payload, 'the body is read as the provider meant it').to.deep.equal(fixture.payload);

        const { leads, deals } = await storedLeadsAndDeals(env(), f);
        const usable = fixture.expected.filter(hasContact);
        if (usable.length === 0) {
          expect(res.body).to.include({ success: false, entity_id: null });
          expect(leads).to.deep.equal([]);
          return;
        }
        expect(res.body, JSON.stringify(res.body)).to.include({ success: true, entity_type: 'deal' });
        expect(res.body.entity_ids).to.have.length(usable.length);
        expect(res.body.entity_id).to.equal(res.body.entity_ids[0]);
        expect(deals.map((d) => d.id)).to.deep.equal(res.body.entity_ids);
        expect(leads).to.have.length(usable.length);
        usable.forEach((want, i) => {
          const lead = leads[i];
          const deal = deals[i];
          expect(deal.lead_id).to.equal(lead.id);
          expect(lead, `record ${i}`).to.include({
            full_name: want.full_name,
            email: want.email,
            phone: want.phone === null ? null : `+${want.phone}`,
          });
          if (want.company_name !== undefined) expect(lead.company_name, `record ${i} company`).to.equal(want.company_name);
          if (want.value !== undefined) expect(deal.value, `record ${i} value`).to.equal(want.value);
          for (const text of want.notes_include ?? []) expect(lead.notes ?? '', `record ${i} notes`).to.include(text);
        });

        if (fixture.idempotencyPath) {
          const again = await send();
          expect(again.body).to.deep.equal({ ...res.body, duplicate: true });
          const after = await storedLeadsAndDeals(env(), f);
          expect(after.deals).to.have.length(deals.length);
          expect(after.leads).to.have.length(leads.length);
        }
      });
    }
  },
  backendNames(),
);
