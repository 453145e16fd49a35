// Meta's `timestamp` is Unix seconds as text. One too large for a date (a generated request sent
// `1e308`) made an Invalid Date, and storing it failed with 500; such a message is skipped, as anything
// else unexpected in a delivery is, and Meta gets its 200.
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { CreateInbox } from '../../../application/whatsapp/create-inbox';
import { backendNames, startRuntime } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';
import { metaTextMessage } from '../../support/meta-payloads';

const APP_SECRET = 'app-secret-for-times';
const sign = (raw: string) => `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`;

const delivery = (phoneNumberId: string, id: string, timestamp: unknown) =>
  JSON.stringify(metaTextMessage(phoneNumberId, '16505551234', id, { body: 'Oi', timestamp }));

for (const backend of backendNames()) {
  describe(`Cloud API deliveries with times that are not dates [${backend}]`, () => {
    let runtime: Awaited<ReturnType<typeof startRuntime>>;
    let env: HttpEnv;
    before(async function () {
      this.timeout(60000);
      runtime = await startRuntime(backend, { whatsapp: { cloudApiUrl: 'http://127.0.0.1:9/v23.0', appSecret: APP_SECRET } });
      env = httpEnvOf(runtime);
    });
    after(async () => runtime?.dispose());

    it('skips a message whose timestamp no date can hold, and stores the next one', async () => {
      const team = await env.team();
      const phoneNumberId = `1065403522${backend.length}7`;
      await runtime.container
        .get(CreateInbox)
        .execute(team, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG-test' });
      for (const [i, timestamp] of ['1e308', '1e20', '8640000000001', 1e300].entries()) {
        const raw = delivery(phoneNumberId, `wamid.FAR${i}`, timestamp);
        const res = await env.request
          .post('/api/v1/whatsapp/cloud/webhook')
          .set('content-type', 'application/json')
          .set('x-hub-signature-256', sign(raw))
          .send(raw);
        expect(res.status, `${timestamp}: ${res.text}`).to.equal(200);
        expect(res.body.data, String(timestamp)).to.deep.include({ messages: 0 });
      }
      const raw = delivery(phoneNumberId, 'wamid.NOW', String(Math.floor(Date.now() / 1000)));
      const ok = await env.request
        .post('/api/v1/whatsapp/cloud/webhook')
        .set('content-type', 'application/json')
        .set('x-hub-signature-256', sign(raw))
        .send(raw);
      expect(ok.body.data).to.deep.include({ messages: 1 });
    });
  });
}
