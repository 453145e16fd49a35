import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { addPipeline, createProjectFixture, webhookCli } from './fixtures';

forEachHttpBackend(
  'workspace-admin webhook commands',
  (env) => {
    const setUp = async () => {
      const team = await env().team();
      return { ...team, ...(await createProjectFixture(env().runtime, team.teamId)) };
    };
    const cli = (...argv: string[]) => webhookCli(env().runtime, argv);

    it('creates an endpoint and prints { id, endpoint_id, inbound_url, secret }; the secret admits payloads', async () => {
      const { teamId, auth, projectId, pipeline } = await setUp();
      const res = await cli(
        'webhook',
        'create',
        '--team',
        teamId,
        '--name',
        'Landing',
        '--action',
        'create_deal',
        '--project',
        projectId,
        '--pipeline',
        pipeline.id,
        '--column',
        'proposta',
        '--mapping',
        '{"full_name":"lead.nome","metadata.origem":"origem"}',
      );
      expect(res.code, res.err).to.equal(0);
      expect(Object.keys(res.json).sort()).to.deep.equal(['endpoint_id', 'id', 'inbound_url', 'secret']);
      expect(res.json.secret).to.match(/^whsec_/);
      const read = (await env().request.get(`/api/v1/webhooks/${res.json.id}`).set(auth)).body.data;
      expect(read).to.include({ endpoint_id: res.json.endpoint_id, target_column_id: 'proposta', action_type: 'create_deal' });
      expect(read.field_mapping).to.deep.equal({ full_name: 'lead.nome', 'metadata.origem': 'origem' });
      const posted = await env()
        .request.post(`/api/v1/webhooks/inbound/${res.json.endpoint_id}`)
        .set('X-Webhook-Secret', res.json.secret)
        .send({ lead: { nome: 'Carla' }, email: 'carla@example.com', origem: 'lp' });
      expect(posted.body).to.include({ success: true, entity_type: 'deal' });
      const deal = (await env().request.get(`/api/v1/deals/${posted.body.entity_id}?project_id=${projectId}`).set(auth)).body.data;
      expect(deal).to.include({ title: 'Carla', phase: 'proposta' });
      expect(deal.metadata).to.deep.equal({ origem: 'lp' });
    });

    it('with --no-secret prints secret null, and the endpoint takes payloads without a header', async () => {
      const { teamId, projectId } = await setUp();
      const res = await cli(
        'webhook',
        'create',
        '--team',
        teamId,
        '--name',
        'Open',
        '--action',
        'create_lead',
        '--project',
        projectId,
        '--no-secret',
      );
      expect(res.code, res.err).to.equal(0);
      expect(res.json.secret).to.equal(null);
      const posted = await env()
        .request.post(`/api/v1/webhooks/inbound/${res.json.endpoint_id}`)
        .send({ full_name: 'Dora', phone: '11 3333-4444' });
      expect(posted.status).to.equal(200);
      expect(posted.body).to.include({ success: true, action: 'create_lead', entity_type: 'lead' });
    });

    it('refuses a column that is not open, a bad action, mapping or id, with exit 1 and a message', async () => {
      const { teamId, projectId, pipeline } = await setUp();
      const board = await addPipeline(env().runtime, teamId, projectId, [
        { slug: 'entrada', title: 'Entrada', outcome: 'open' },
        { slug: 'fechado', title: 'Fechado', outcome: 'won' },
      ]);
      const base = ['webhook', 'create', '--team', teamId, '--name', 'X', '--project', projectId];
      const refused: string[][] = [
        [...base, '--action', 'create_deal', '--column', 'ganho'],
        [...base, '--action', 'create_deal', '--column', 'perdido'],
        [...base, '--action', 'create_deal', '--pipeline', board.id, '--column', 'fechado'],
        [...base, '--action', 'create_deal', '--pipeline', board.id, '--column', 'novo'],
        [...base, '--action', 'send_sms'],
        [...base, '--action', 'create_deal', '--mapping', '{not json'],
        [...base, '--action', 'create_deal', '--mapping', '{"password":"x"}'],
        ['webhook', 'create', '--team', teamId, '--name', 'X', '--action', 'create_deal', '--project', 'nope'],
        ['webhook', 'create', '--team', teamId, '--name', 'X', '--action', 'create_deal', '--project', pipeline.id],
      ];
      for (const argv of refused) {
        const res = await cli(...argv);
        expect(res.code, argv.join(' ')).to.equal(1);
        expect(res.json).to.equal(null);
        expect(res.err).to.match(/^error: /);
      }
      const ok = await cli(...base, '--action', 'create_deal', '--pipeline', board.id, '--column', 'entrada');
      expect(ok.code, ok.err).to.equal(0);
    });

    it('refuses a path longer than the domain allows, or one built to make a parser backtrack, on create and update', async () => {
      const { teamId, projectId } = await setUp();
      const base = ['webhook', 'create', '--team', teamId, '--name', 'X', '--action', 'create_lead', '--project', projectId];
      const long = 'a'.repeat(40000);
      const odd = `["${'\\'.repeat(480)}`;
      const created = await cli(...base);
      expect(created.code, created.err).to.equal(0);
      const update = ['webhook', 'update', '--endpoint', created.json.id];
      const refused: [string[], RegExp][] = [
        [[...base, '--idempotency-path', long], /idempotency_path.*512 characters/],
        [[...base, '--mapping', JSON.stringify({ full_name: long })], /field_mapping\.full_name.*512 characters/],
        [[...update, '--idempotency-path', long], /idempotency_path.*512 characters/],
        [[...update, '--mapping', JSON.stringify({ email: ['a', long] })], /field_mapping\.email.*512 characters/],
        [[...base, '--idempotency-path', odd], /idempotency_path.*unclosed/],
        [[...update, '--mapping', JSON.stringify({ email: odd })], /field_mapping\.email.*unclosed/],
      ];
      for (const [argv, message] of refused) {
        const res = await cli(...argv);
        expect(res.code, argv.join(' ').slice(0, 200)).to.equal(1);
        expect(res.err).to.match(message);
        // The refusal quotes the start of a path longer than allowed, not all 40 000 characters.
        if (message.source.includes('512')) expect(res.err.length).to.be.below(300);
      }
      const kept = await cli(...update, '--idempotency-path', `a${'.a'.repeat(31)}`);
      expect(kept.code, kept.err).to.equal(0);
    });

    it('lists deliveries newest first and refuses an unknown endpoint or delivery', async () => {
      const { teamId, projectId } = await setUp();
      const created = (
        await cli('webhook', 'create', '--team', teamId, '--name', 'L', '--action', 'create_lead', '--project', projectId, '--no-secret')
      ).json;
      const url = `/api/v1/webhooks/inbound/${created.endpoint_id}`;
      await env().request.post(url).send({ full_name: 'First', email: 'first@example.com' }).expect(200);
      await env().request.post(url).send({ nothing: true }).expect(200);
      const list = await cli('webhook', 'deliveries', '--endpoint', created.id);
      expect(list.code).to.equal(0);
      expect(list.json.data.map((d: { status: string }) => d.status)).to.deep.equal(['failed', 'succeeded']);
      expect(list.json.data[1]).to.include({
        webhook_id: created.id,
        action: 'create_lead',
        entity_type: 'lead',
        attempts: 1,
        error: null,
      });
      expect(list.json.data[1].payload).to.deep.equal({ full_name: 'First', email: 'first@example.com' });
      expect(list.json.data[1].received_at).to.match(/Z$/);
      const unknown = '0190a000-0000-7000-8000-000000000000';
      expect((await cli('webhook', 'deliveries', '--endpoint', unknown)).code).to.equal(1);
      expect((await cli('webhook', 'deliveries', '--endpoint', created.endpoint_id)).json).to.deep.equal(list.json);
      expect((await cli('webhook', 'replay', '--id', unknown)).code).to.equal(1);
      // A refused payload replays to the same refusal, recorded as a new attempt: printed, and exit status 1.
      const replay = await cli('webhook', 'replay', '--id', list.json.data[0].id);
      expect(replay.code).to.equal(1);
      expect(replay.json).to.include({ status: 'failed', attempts: 2 });
    });
  },
  backendNames(),
);
