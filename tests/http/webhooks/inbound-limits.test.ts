import { expect } from 'chai';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { DealData } from '../../../domain/deals/deal';
import { DealRepository } from '../../../domain/deals/deal-repository';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, storedLeadsAndDeals, webhookCli } from './fixtures';

/** A lead of a spreadsheet export or a CRM sync: Brazilian names, phones as people type them. */
const lead = (i: number) => ({ nome: `Lead ${i} da Conceição`, telefone: `(11) 9${String(87650000 + i).padStart(8, '0')}` });

forEachHttpBackend(
  'Inbound receiver: what one delivery may hold',
  (env) => {
    const post = (url: string, secret: string, body: unknown) =>
      env()
        .request.post(url)
        .set('X-Webhook-Secret', secret)
        .set('Content-Type', 'application/json')
        .send(typeof body === 'string' ? body : JSON.stringify(body));
    const deliveries = async (webhookId: string) =>
      (await webhookCli(env().runtime, ['webhook', 'deliveries', '--endpoint', webhookId])).json.data;

    it('refuses a delivery of more records than the cap before processing any, and keeps it', async () => {
      const mapping = { field_mapping: { full_name: 'leads[*].nome', phone: 'leads[*].telefone' } };
      const f = await createEndpointFixture(env(), mapping);
      const res = await post(f.url, f.secret, { leads: Array.from({ length: 501 }, (_, i) => lead(i)) });
      expect(res.status).to.equal(400);
      expect(res.body.error.code).to.equal('VALIDATION_ERROR');
      expect(res.body.error.details.field).to.equal('body');
      expect(res.body.error.message).to.match(/501 records.*at most 500/);
      expect(await storedLeadsAndDeals(env(), f)).to.deep.equal({ leads: [], deals: [] });
      const kept = await deliveries(f.webhook.id);
      expect(kept).to.have.length(1);
      expect(kept[0]).to.include({ status: 'failed' });
      expect(kept[0].entity_ids).to.deep.equal([]);

      // A top-level array counts its elements the same way; 500 is within the cap.
      const plain = await createEndpointFixture(env());
      const over = await post(
        plain.url,
        plain.secret,
        Array.from({ length: 501 }, (_, i) => ({ full_name: `Ana ${i}` })),
      );
      expect(over.status).to.equal(400);
      expect((await storedLeadsAndDeals(env(), plain)).leads).to.deep.equal([]);
      const within = await post(
        plain.url,
        plain.secret,
        Array.from({ length: 3 }, (_, i) => ({ full_name: `Ana ${i}` })),
      );
      expect(within.status).to.equal(200);
      expect(within.body.entity_ids).to.have.length(3);
    });

    it('answers 1 MB of [0,0,…] with a small body, without a record read', async () => {
      const f = await createEndpointFixture(env());
      const raw = `[${'0,'.repeat(512 * 1024 - 10)}0]`;
      const res = await post(f.url, f.secret, raw);
      expect(res.status).to.equal(400);
      expect(JSON.stringify(res.body).length).to.be.below(2000);
      expect(await storedLeadsAndDeals(env(), f)).to.deep.equal({ leads: [], deals: [] });
    });

    it('keeps at most 100 warnings on a delivery, and says how many were left out', async () => {
      const f = await createEndpointFixture(env());
      // 400 records with an unreadable phone: a phone warning and a "skipped" warning each; one usable record.
      const records: unknown[] = [{ telefone: `(11) ${'9'.repeat(5000)}` }];
      records.push(...Array.from({ length: 399 }, () => ({ telefone: 'não tenho' })));
      records.push({ full_name: 'José da Silva', phone: '+55 (21) 99876-5432' });
      const res = await post(f.url, f.secret, records);
      expect(res.status).to.equal(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.entity_ids).to.have.length(1);
      expect(res.body.warnings).to.have.length(101);
      expect(res.body.warnings[100]).to.deep.include({ field: 'warnings', value: 700 });
      // A warning shows the beginning of a long value, not all of it.
      expect(res.body.warnings[0]).to.include({ field: 'phone', record: 0 });
      expect(res.body.warnings[0].value).to.have.length.below(300);
      const kept = await deliveries(f.webhook.id);
      expect(kept[0].warnings).to.have.length(101);
    });

    it('keeps the other records of a delivery when one fails at the storage level after a partial write', async () => {
      const f = await createEndpointFixture(env(), { field_mapping: { full_name: 'leads[*].nome', phone: 'leads[*].telefone' } });
      const deals = env().runtime.container.get<DealRepository>(DEAL_TOKENS.DealRepository);
      const insert = deals.insert.bind(deals);
      // The middle record's deal is written twice: the storage refuses the second (a duplicate key), after
      // its lead was written. Memory keeps no key, so it is refused by hand there.
      deals.insert = async (d: DealData) => {
        if (!d.title.startsWith('Bruno')) return insert(d);
        await insert(d);
        await insert(d);
        throw new Error('duplicate key value violates unique constraint');
      };
      let res;
      try {
        res = await post(f.url, f.secret, {
          leads: [
            { nome: 'Ana Conceição', telefone: '(11) 98765-4321' },
            { nome: 'Bruno Araújo', telefone: '(21) 99876-5432' },
            { nome: 'Cláudia Gonçalves', telefone: '(31) 3333-4444' },
          ],
        });
      } finally {
        deals.insert = insert;
      }
      expect(res.status).to.equal(200);
      expect(res.body.success).to.equal(true);
      expect(res.body.entity_ids).to.have.length(2);
      expect(res.body.warnings).to.have.length(1);
      expect(res.body.warnings[0]).to.include({ record: 1 });
      const stored = await storedLeadsAndDeals(env(), f);
      expect(stored.leads.map((l) => l.full_name)).to.deep.equal(['Ana Conceição', 'Cláudia Gonçalves']);
      expect(stored.deals.map((d) => d.id)).to.deep.equal(res.body.entity_ids);
      const kept = await deliveries(f.webhook.id);
      expect(kept[0]).to.include({ status: 'succeeded' });
      expect(kept[0].entity_ids).to.deep.equal(res.body.entity_ids);
    });
  },
  backendNames(),
);
