import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { UnitOfWork } from '../../../application/shared/unit-of-work';
import { WEBHOOK_TOKENS } from '../../../bootstrap/contexts/webhooks';
import { WebhookEndpointRepository } from '../../../domain/webhooks/webhook-endpoint-repository';
import { DealDispatchScheduler } from '../../../application/deals/deal-dispatch-scheduler';
import { TOKENS } from '../../../bootstrap/tokens';
import { Logger } from '../../../application/shared/logger';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';
import { createEndpointFixture, webhookCli } from './fixtures';

/** How verify tokens were stored before they were salted. */
const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

forEachHttpBackend(
  'Inbound receiver: Meta subscription handshake',
  (env) => {
    const hub = (url: string, token: string, challenge = '1158201444', mode = 'subscribe') =>
      env().request.get(`${url}?hub.mode=${mode}&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=${challenge}`);

    it('echoes hub.challenge as text/plain when the verify token set by the operator matches, 401 otherwise', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      // Without a verify token the endpoint only says it is active, hub parameters or not.
      expect((await hub(f.url, 'anything')).body).to.deep.equal({ status: 'active' });

      const set = await webhookCli(env().runtime, ['webhook', 'verify-token', '--endpoint', f.webhook.id, '--token', 'meu token secreto']);
      expect(set.code, set.err).to.equal(0);
      expect(set.json).to.deep.equal({ id: f.webhook.id, endpoint_id: f.webhook.endpoint_id, has_verify_token: true });
      const read = (await env().request.get(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth)).body.data;
      expect(read.has_verify_token).to.equal(true);
      expect(JSON.stringify(read)).to.not.include('meu token');

      const ok = await hub(f.url, 'meu token secreto');
      expect(ok.status).to.equal(200);
      expect(ok.headers['content-type']).to.match(/^text\/plain/);
      expect(ok.text).to.equal('1158201444');

      for (const token of ['wrong', 'meu token secreto ', '']) {
        const res = await hub(f.url, token);
        expect(res.status, token).to.equal(401);
        expect(res.body.error.code).to.equal('UNAUTHORIZED');
      }
      const badMode = await hub(f.url, 'meu token secreto', '1', 'unsubscribe');
      expect(badMode.status).to.equal(400);
      expect(badMode.body.error.details.field).to.equal('hub.mode');
      const noChallenge = await env().request.get(`${f.url}?hub.mode=subscribe&hub.verify_token=meu%20token%20secreto`);
      expect(noChallenge.status).to.equal(400);
      expect(noChallenge.body.error.details.field).to.equal('hub.challenge');
      // Without hub parameters it still answers as the spec says.
      expect((await env().request.get(f.url)).body).to.deep.equal({ status: 'active' });

      const cleared = await webhookCli(env().runtime, ['webhook', 'verify-token', '--endpoint', f.webhook.id, '--clear']);
      expect(cleared.json.has_verify_token).to.equal(false);
      expect((await hub(f.url, 'meu token secreto')).body).to.deep.equal({ status: 'active' });
    });

    it('keeps the verify token salted: the same token set twice is stored twice differently, never as its plain SHA-256', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const endpoints = env().runtime.container.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository);
      const storedHash = async () => (await endpoints.findByEndpointId(f.webhook.endpoint_id))!.verifyTokenHash!;
      const hashes: string[] = [];
      for (let i = 0; i < 2; i++) {
        const set = await webhookCli(env().runtime, [
          'webhook',
          'verify-token',
          '--endpoint',
          f.webhook.id,
          '--token',
          'meu token secreto',
        ]);
        expect(set.code, set.err).to.equal(0);
        hashes.push(await storedHash());
      }
      expect(hashes[0]).to.not.equal(hashes[1]);
      for (const h of hashes) {
        expect(h).to.not.equal(sha256('meu token secreto')).and.not.include('meu token');
      }
      expect((await hub(f.url, 'meu token secreto')).text).to.equal('1158201444');
      expect((await hub(f.url, 'meu token secret')).status).to.equal(401);
    });

    it('still answers the handshake for a token stored as an unsalted SHA-256 before tokens were salted', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      const endpoints = env().runtime.container.get<WebhookEndpointRepository>(WEBHOOK_TOKENS.WebhookEndpointRepository);
      const found = (await endpoints.findByEndpointId(f.webhook.endpoint_id))!;
      await env()
        .runtime.container.get<UnitOfWork>(TOKENS.UnitOfWork)
        .run(() => endpoints.update({ ...found, verifyTokenHash: sha256('token de antes') }));

      const ok = await hub(f.url, 'token de antes');
      expect(ok.status).to.equal(200);
      expect(ok.text).to.equal('1158201444');
      for (const token of ['token de antes ', 'wrong', sha256('token de antes')]) {
        expect((await hub(f.url, token)).status, token).to.equal(401);
      }
    });

    it('answers 404 for an inactive or unknown endpoint, handshake or not', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      await webhookCli(env().runtime, ['webhook', 'verify-token', '--endpoint', f.webhook.id, '--token', 't']);
      await env().request.put(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth).send({ is_active: false }).expect(200);
      expect((await hub(f.url, 't')).status).to.equal(404);
      expect((await hub('/api/v1/webhooks/inbound/wh_unknown', 't')).status).to.equal(404);
    });

    it('refuses bad verify-token commands with exit 1', async () => {
      const f = await createEndpointFixture(env(), { action_type: 'create_lead' });
      for (const argv of [
        ['--endpoint', f.webhook.id],
        ['--endpoint', f.webhook.id, '--token', 't', '--clear'],
        ['--endpoint', f.webhook.id, '--token', ' '],
        ['--endpoint', '0190a000-0000-7000-8000-000000000999', '--token', 't'],
        ['--endpoint', 'nope', '--token', 't'],
      ]) {
        const res = await webhookCli(env().runtime, ['webhook', 'verify-token', ...argv]);
        expect(res.code, argv.join(' ')).to.equal(1);
      }
    });
  },
  backendNames(),
);

forEachHttpBackend(
  'Inbound receiver: deal events after create_deal',
  (env) => {
    it("wakes the dispatcher after the receiver's transaction commits, so the event is delivered without error", async () => {
      const scheduler = env().runtime.container.get(DealDispatchScheduler);
      const logger = env().runtime.container.get<Logger>(TOKENS.Logger);
      const errors: unknown[] = [];
      const error = logger.error;
      logger.error = (fields: Record<string, unknown>, message?: string) => {
        errors.push([message, fields.err]);
      };
      const stop = scheduler.start();
      try {
        const f = await createEndpointFixture(env());
        const res = await env().request.post(f.url).set('X-Webhook-Secret', f.secret).send({ full_name: 'Eva', phone: '11 3333-0101' });
        expect(res.body).to.include({ success: true });
        await new Promise((r) => setTimeout(r, 300));
      } finally {
        await stop();
        logger.error = error;
      }
      expect(errors).to.deep.equal([]);
    });
  },
  backendNames(),
);
