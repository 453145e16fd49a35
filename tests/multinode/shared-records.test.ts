import { expect } from 'chai';
import { createHmac, randomBytes } from 'node:crypto';
import { RevokeApiKey } from '../../application/teams/revoke-api-key';
import { CreateInbox } from '../../application/whatsapp/create-inbox';
import { metaEnvelope } from '../support/meta-payloads';
import { APP_SECRET, Answer, ApiNode, Cluster, requiredServices, sleep } from './nodes';

const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;
const count = async (query: PromiseLike<Array<Record<string, unknown>>>): Promise<number> => Number((await query)[0].n);

describe('Multi-node: one record per request id, whichever node gets it', function () {
  this.timeout(90000);
  let cluster: Cluster | undefined;
  let a: ApiNode;
  let b: ApiNode;
  /** `copies` requests to each node, all sent at once. */
  const onBoth = (copies: number, send: (node: ApiNode) => Promise<Answer>): Promise<Answer[]> =>
    Promise.all(Array.from({ length: copies * 2 }, (_, i) => send(i % 2 ? b : a)));

  /** A team with a project and an inbound endpoint that makes leads, idempotent on `event_id`; made through both nodes. */
  const leadEndpoint = async (team: string, projectName: string) => {
    const { teamId, key } = await cluster!.team(team);
    const project = await a.request('POST', '/api/v1/projects', { key, body: { name: projectName } });
    expect(project.status, JSON.stringify(project.body)).to.equal(201);
    const endpoint = await b.request('POST', '/api/v1/webhooks', {
      key,
      body: { name: 'Formulário', project_id: project.body.data.id, action_type: 'create_lead', idempotency_path: 'event_id' },
    });
    expect(endpoint.status, JSON.stringify(endpoint.body)).to.equal(201);
    const { id: webhookId, endpoint_id: endpointId, secret_token: secret } = endpoint.body.data as Record<string, string>;
    return { teamId, webhookId, endpointId, secret };
  };

  before(async function () {
    cluster = await Cluster.create(requiredServices(this));
    [a, b] = await cluster.start(2);
  });
  after(async () => cluster?.stop());

  it('refuses a revoked key on every node once `key revoke` has answered, though each node trusted it a moment before', async () => {
    const { teamId, key } = await cluster!.team('Revoked');
    // Each node reads the key active and trusts it for API_KEY_CACHE_MS (the default, as in the runtime below).
    for (const node of [a, b]) expect((await node.request('GET', '/api/v1/clients', { key })).status, node.name).to.equal(200);
    const { id } = await cluster!.knex()('api_keys').where({ team_id: teamId }).first('id');
    await cluster!.runtime().container.get(RevokeApiKey).execute({ id });
    for (const node of [a, b]) {
      const answer = await node.request('GET', '/api/v1/clients', { key });
      expect(answer.status, `${node.name}: ${JSON.stringify(answer.body)}`).to.equal(401);
    }
  });

  it('creates one deal for concurrent POST /deals with one Idempotency-Key; every answer is that deal or a 409 for one still in progress', async () => {
    const { teamId, key } = await cluster!.team('Idempotency');
    const body = { title: 'Site institucional', value: 18000, priority: 'alta' };
    const answers = await onBoth(8, (node) =>
      node.request('POST', '/api/v1/deals', { key, body, headers: { 'Idempotency-Key': 'order-7781' } }),
    );
    const created = answers.filter((r) => r.status === 201);
    expect(created, answers.map((r) => `${r.status} ${r.body?.data?.id ?? JSON.stringify(r.body)}`).join('\n')).to.have.length(1);
    const id = created[0].body.data.id;
    for (const r of answers) {
      if (r.status === 409) {
        expect(r.body).to.deep.include({ success: false });
        expect(r.body.error.code).to.equal('CONFLICT');
        continue;
      }
      expect(r.status, JSON.stringify(r.body)).to.be.oneOf([200, 201]);
      expect(r.body.data.id).to.equal(id);
      if (r.status === 200) expect(r.headers.get('idempotent-replayed')).to.equal('true');
    }
    const knex = cluster!.knex();
    expect(await count(knex('deals').where({ team_id: teamId }).count({ n: '*' }))).to.equal(1);
    expect(await count(knex('events').where({ team_id: teamId, type: 'deal.created' }).count({ n: '*' })), 'deal.created events').to.equal(
      1,
    );
    // Later, on either node: the same deal.
    for (const node of [a, b]) {
      const again = await node.request('POST', '/api/v1/deals', { key, body, headers: { 'Idempotency-Key': 'order-7781' } });
      expect(again.status).to.equal(200);
      expect(again.body.data.id).to.equal(id);
    }
  });

  it("stores a Cloud API message once, one contact and one conversation, when Meta's callbacks reach both nodes at once", async () => {
    const { teamId } = await cluster!.team('Cloud API');
    const phoneNumberId = `10${randomBytes(6).readUIntBE(0, 6)}`;
    await cluster!
      .runtime()
      .container.get(CreateInbox)
      .execute({ teamId }, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG' });
    const from = '5511987654321';
    const ids = ['wamid.MULTI1', 'wamid.MULTI2', 'wamid.MULTI3'];
    const bodies = ids.map((id) =>
      JSON.stringify(
        metaEnvelope(phoneNumberId, {
          contacts: [{ profile: { name: 'Ana Souza' }, wa_id: from }],
          messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: `mensagem ${id}` } }],
        }),
      ),
    );
    // Each message twice on each node, all at once; the first ones also race to create the contact.
    const answers = await Promise.all(
      bodies.flatMap((raw) =>
        [a, b, a, b].map((node) =>
          node.request('POST', '/api/v1/whatsapp/cloud/webhook', { body: raw, headers: { 'X-Hub-Signature-256': sign(raw) } }),
        ),
      ),
    );
    expect(
      answers.map((r) => r.status),
      answers.map((r) => JSON.stringify(r.body)).join('\n'),
    ).to.deep.equal(answers.map(() => 200));
    const knex = cluster!.knex();
    const stored = await knex('whatsapp_messages').where({ team_id: teamId }).select('provider_message_id');
    expect(stored.map((r: { provider_message_id: string }) => r.provider_message_id).sort()).to.deep.equal(ids);
    expect(await count(knex('whatsapp_contacts').where({ team_id: teamId }).count({ n: '*' })), 'contacts').to.equal(1);
    expect(await count(knex('whatsapp_conversations').where({ team_id: teamId }).count({ n: '*' })), 'conversations').to.equal(1);
  });

  it("stores one inbound delivery and creates one lead for one sender's id sent to both nodes at once", async () => {
    const { teamId, webhookId, endpointId, secret } = await leadEndpoint('Inbound', 'Landing pages');
    const payload = { event_id: 'evt-4411', full_name: 'Bia Lima', phone: '+55 11 97777-0001', email: 'bia@example.com' };
    const answers = await onBoth(6, (node) =>
      node.request('POST', `/api/v1/webhooks/inbound/${endpointId}`, { body: payload, headers: { 'X-Webhook-Secret': secret } }),
    );
    const report = answers.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('\n');
    const processed = answers.filter((r) => r.status === 200);
    expect(
      processed.filter((r) => !r.body.duplicate),
      report,
    ).to.have.length(1);
    const entity = processed[0].body.entity_id;
    for (const r of answers) {
      if (r.status === 409) {
        expect(r.body.error.code, report).to.equal('CONFLICT');
        continue;
      }
      expect(r.status, report).to.equal(200);
      expect(r.body, report).to.include({ success: true, entity_id: entity });
    }
    const knex = cluster!.knex();
    expect(
      await count(knex('webhook_deliveries').where({ team_id: teamId, webhook_id: webhookId }).count({ n: '*' })),
      'deliveries',
    ).to.equal(1);
    expect(await count(knex('project_leads').where({ team_id: teamId }).count({ n: '*' })), 'leads').to.equal(1);
  });

  it('answers every one of several deliveries of one person sent to both nodes at once, with one lead for them all', async () => {
    const { teamId, endpointId, secret } = await leadEndpoint('Same person', 'Campanha de inverno');
    // Different deliveries (a form submitted again, a retry with a new id) of the same person: the lead's unique
    // phone decides between them, and the losers must find that lead, not fail their transaction.
    let n = 0;
    const answers = await onBoth(3, (node) =>
      node.request('POST', `/api/v1/webhooks/inbound/${endpointId}`, {
        body: { event_id: `evt-${++n}`, full_name: 'João Araújo', phone: '(11) 98888-0002' },
        headers: { 'X-Webhook-Secret': secret },
      }),
    );
    const report = answers.map((r) => `${r.status} ${JSON.stringify(r.body)}`).join('\n');
    for (const r of answers) expect(r.status, report).to.equal(200);
    expect(
      answers.every((r) => r.body.success === true),
      report,
    ).to.equal(true);
    expect(new Set(answers.map((r) => r.body.entity_id)).size, report).to.equal(1);
    const knex = cluster!.knex();
    expect(await count(knex('project_leads').where({ team_id: teamId }).count({ n: '*' })), 'leads').to.equal(1);
  });

  it('keeps every create a node acknowledged before it was killed', async () => {
    const { key } = await cluster!.team('Durability');
    const acknowledged: Array<{ path: string; id: string }> = [];
    let cut = 0;
    let killed = false;
    const lane = async (lane: number) => {
      for (let i = 0; !killed || i === 0; i++) {
        const path = (lane + i) % 2 ? '/api/v1/clients' : '/api/v1/deals';
        const body =
          path === '/api/v1/clients' ? { type: 'PF', name: `Cliente ${lane}-${i}` } : { title: `Negócio ${lane}-${i}`, value: i };
        try {
          const r = await a.request('POST', path, { key, body, timeoutMs: 5000 });
          if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
          acknowledged.push({ path, id: r.body.data.id });
        } catch (err) {
          if (!killed) throw err;
          cut++;
          return;
        }
      }
    };
    let settled = false;
    const lanes = Promise.all(Array.from({ length: 6 }, (_, i) => lane(i))).finally(() => {
      settled = true;
    });
    const killing = (async () => {
      while (!settled && acknowledged.length < 60) await sleep(5);
      if (settled) return;
      killed = true;
      await a.kill();
    })();
    await Promise.all([lanes, killing]);
    expect(acknowledged.length).to.be.at.least(60);
    const missing: string[] = [];
    for (const { path, id } of acknowledged) {
      const r = await b.request('GET', `${path}/${id}`, { key });
      if (r.status !== 200) missing.push(`${path}/${id}: ${r.status}`);
    }
    expect(missing, `of ${acknowledged.length} acknowledged (${cut} requests cut by the kill)`).to.deep.equal([]);
  });
});
