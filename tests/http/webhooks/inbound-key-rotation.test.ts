// Rotating SECRETS_KEY: nodes that share one database, started with the old key, then with the new one and
// the old as SECRETS_KEY_PREVIOUS, then with the new key alone once `secrets reseal` has run.
import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Runtime, buildRuntime } from '../../../bootstrap/container';
import { BackendName, TEST_SECRETS_KEY, backendNames, startRuntime, testConfig } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';
import { createEndpointFixture, webhookCli } from './fixtures';

const OLD = TEST_SECRETS_KEY;
const NEW = 'c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f80912';
const BODY = Buffer.from(JSON.stringify({ full_name: 'Rotação de Chave', email: 'rotacao@example.com' }), 'utf8');
const typeformSignature = (secret: string, body: Buffer): string => `sha256=${createHmac('sha256', secret).update(body).digest('base64')}`;

const backends: BackendName[] = backendNames().filter((name) => name !== 'memory');

for (const backend of backends) {
  describe(`Inbound receiver across a SECRETS_KEY rotation [${backend}]`, function () {
    this.timeout(30000);
    let dir: string;
    let first: Runtime & { dispose(): Promise<void> };
    const others: Runtime[] = [];
    /** Another node on the first one's database, with these keys. */
    const node = (secretsKey: string, secretsKeyPrevious?: string): HttpEnv => {
      const { databaseUrl, databaseSchema } = first.config;
      const started = buildRuntime({ ...testConfig(backend), databaseUrl, databaseSchema, secretsKey, secretsKeyPrevious });
      others.push(started);
      return httpEnvOf(started);
    };

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'rotation-'));
      first = await startRuntime(backend, backend === 'sqlite' ? { databaseUrl: `sqlite:${join(dir, 'db.sqlite')}` } : {});
    });
    after(async () => {
      for (const r of others) await r.close();
      await first.dispose();
      rmSync(dir, { recursive: true, force: true });
    });

    it('verifies a signature with a secret the old key sealed while it is the previous key, and with the new key alone after reseal', async () => {
      const f = await createEndpointFixture(httpEnvOf(first), { action_type: 'create_lead', auth_mode: 'typeform_signature' });
      const post = (env: HttpEnv) =>
        env.request
          .post(f.url)
          .set('Content-Type', 'application/json')
          .set('Typeform-Signature', typeformSignature(f.secret, BODY))
          .serialize((b: unknown) => b as string)
          .send(BODY as unknown as string);

      // A node given the new key without the old one cannot open the secret: the sender is refused (401, in
      // the envelope) and nothing is stored, never a 500.
      const early = await post(node(NEW));
      expect(early.status, JSON.stringify(early.body)).to.equal(401);
      expect(early.body.error.code).to.equal('UNAUTHORIZED');

      const rotating = node(NEW, OLD);
      const during = await post(rotating);
      expect(during.status, JSON.stringify(during.body)).to.equal(200);
      expect(during.body).to.include({ success: true });

      const reseal = await webhookCli(rotating.runtime, ['secrets', 'reseal']);
      expect(reseal.code, reseal.err).to.equal(0);
      expect(reseal.json.webhook_signing_secrets).to.deep.equal({
        resealed: 1,
        already_current: 0,
        unreadable: 0,
        unreadable_endpoint_ids: [],
      });

      const after = await post(node(NEW));
      expect(after.status, JSON.stringify(after.body)).to.equal(200);
      expect(after.body).to.include({ success: true });
    });
  });
}
