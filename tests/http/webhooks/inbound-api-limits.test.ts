import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

const chars = (s: string): number => [...s].length;

forEachHttpBackend(
  'Inbound receiver: the limits the API keeps',
  (env) => {
    const post = (url: string, secret: string, body: unknown) =>
      env()
        .request.post(url)
        .set('X-Webhook-Secret', secret)
        .send(body as object);

    it('cuts or leaves out what is over the limits of the API, with a warning naming the field, and keeps the lead', async () => {
      const f = await createEndpointFixture(env(), {
        field_mapping: { full_name: 'nome', phone: 'telefone', tags: 'etiquetas', 'custom_fields.origem': 'origem' },
      });
      const customFields = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`campo_${i}`, 'sim']));
      const res = await post(f.url, f.secret, {
        nome: `João ${'Ç'.repeat(250_000)}`,
        telefone: '(11) 98765-4321',
        etiquetas: Array.from({ length: 10_000 }, (_, i) => `etiqueta-${i}`),
        notes: 'Ligar à tarde. '.repeat(2000),
        origem: 'Instagram',
        custom_fields: customFields,
      });
      expect(res.status).to.equal(200);
      expect(res.body.success).to.equal(true);
      const fields = res.body.warnings.map((w: any) => w.field);
      expect(fields).to.include.members(['full_name', 'tags', 'notes', 'custom_fields']);
      const { leads, deals } = await storedLeadsAndDeals(env(), f);
      expect(leads).to.have.length(1);
      const lead = leads[0];
      expect(chars(lead.full_name)).to.equal(200);
      expect(lead.full_name.startsWith('João ÇÇ')).to.equal(true);
      expect(lead.tags).to.have.length(50);
      expect(chars(lead.notes)).to.be.at.most(10_000);
      expect(Object.keys(lead.custom_fields)).to.have.length.at.most(50);
      expect(lead.custom_fields.origem, 'a mapped key is kept first').to.equal('Instagram');
      expect(deals).to.have.length(1);
      expect(deals[0].tags).to.have.length(50);
      expect(chars(deals[0].title)).to.equal(200);
      // What the receiver stored goes back through the API as it was read.
      const again = await env()
        .request.post(`/api/v1/projects/${f.projectId}/leads`)
        .set(f.auth)
        .send({ full_name: `${lead.full_name.slice(0, -1)}a`, tags: lead.tags, notes: lead.notes, email: 'joao@example.com.br' });
      expect(again.status, JSON.stringify(again.body.error)).to.equal(201);
    });

    it('refuses a mapping target whose key is __proto__, constructor or prototype, naming the field, on the API and the CLI', async () => {
      const f = await createEndpointFixture(env());
      for (const target of ['custom_fields.__proto__', 'metadata.__proto__', 'custom_fields.constructor', 'metadata.prototype']) {
        const created = await env()
          .request.post('/api/v1/webhooks')
          .set(f.auth)
          .send({ name: 'Site', project_id: f.projectId, field_mapping: { full_name: 'nome', [target]: 'x' } });
        expect(created.status, target).to.equal(400);
        expect(created.body.error.details.field).to.equal('field_mapping');
        expect(created.body.error.message).to.contain(target);
        const updated = await env()
          .request.put(`/api/v1/webhooks/${f.webhook.id}`)
          .set(f.auth)
          .send({ field_mapping: { [target]: 'x' } });
        expect(updated.status, target).to.equal(400);
        expect(updated.body.error.message).to.contain(target);
      }
      const cli = await webhookCli(env().runtime, [
        'webhook',
        'create',
        '--team',
        f.teamId,
        '--name',
        'Formulário',
        '--action',
        'create_lead',
        '--project',
        f.projectId,
        '--mapping',
        '{"full_name":"nome","custom_fields.__proto__":"x"}',
      ]);
      expect(cli.code).to.equal(1);
      expect(cli.err).to.contain('custom_fields.__proto__');
      const still = await env().request.get(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth);
      expect(still.body.data.field_mapping).to.deep.equal({});
    });
  },
  backendNames(),
);
