import { expect } from 'chai';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { DeliverEvents } from '../../../application/events/deliver-events';
import { Logger } from '../../../application/shared/logger';
import { TOKENS } from '../../../bootstrap/tokens';
import { startRuntime, testConfig } from '../../support/backends';
import { httpEnvOf } from '../../support/http';

describe('Event subscription secrets and the logs', () => {
  it('never logs a signing secret: not on creation, rotation, a ping or a failing delivery', async () => {
    const lines: string[] = [];
    const at = (fields: Record<string, unknown>, message: string) => {
      lines.push(
        JSON.stringify({ fields, message }, (_k, v: unknown) => (v instanceof Error ? { message: v.message, stack: v.stack } : v)),
      );
    };
    const logger: Logger = { debug: at, info: at, warn: at, error: at };
    const events = { ...testConfig('memory').events, allowPrivateNetworks: true, retryScheduleMs: [1] };
    const runtime = await startRuntime('memory', { events });
    runtime.container.rebindSync(TOKENS.Logger).toConstantValue(logger);
    try {
      const env = httpEnvOf(runtime);
      const t = await env.team();
      // Nothing listens on this port: every attempt fails and is logged.
      const created = await env.request
        .post('/api/v1/event-subscriptions')
        .set(t.auth)
        .send({ url: 'http://127.0.0.1:9/hooks', events: ['*'] });
      expect(created.status).to.equal(201);
      const { id, secret } = created.body.data as { id: string; secret: string };
      const rotated = (await env.request.post(`/api/v1/event-subscriptions/${id}/rotate-secret`).set(t.auth)).body.data.secret as string;
      await env.request.post(`/api/v1/event-subscriptions/${id}/test`).set(t.auth).expect(200);
      await env.request.post('/api/v1/deals').set(t.auth).send({ title: 'Logado?' }).expect(201);
      await runtime.container.get(DispatchDealEvents).execute();
      await runtime.container.get(DeliverEvents).execute();
      expect(
        lines.some((l) => l.includes('event delivery attempt failed')),
        'the failed attempt was logged',
      ).to.equal(true);
      for (const s of [secret, rotated]) {
        const key = s.slice('whsec_'.length);
        expect(lines.filter((l) => l.includes(key))).to.deep.equal([]);
      }
    } finally {
      await runtime.dispose();
    }
  });
});
