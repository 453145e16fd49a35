// A server started without SECRETS_KEY cannot keep a signing secret: asking for a signature mode is the
// caller's request refused in the error envelope, naming the field, never a 500.
import { expect } from 'chai';
import { startRuntime } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';
import { createEndpointFixture } from './fixtures';

describe('Webhook administration without SECRETS_KEY', () => {
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  let env: HttpEnv;
  before(async () => {
    runtime = await startRuntime('memory', { secretsKey: undefined });
    env = httpEnvOf(runtime);
  });
  after(() => runtime.dispose());

  const expectRefused = (res: { status: number; body: any }) => {
    expect(res.status, JSON.stringify(res.body)).to.equal(422);
    expect(res.body.success).to.equal(false);
    expect(res.body.error).to.include({ code: 'VALIDATION_ERROR' });
    expect(res.body.error.message).to.contain('SECRETS_KEY');
    expect(res.body.error.details).to.deep.equal({ field: 'auth_mode' });
  };

  it('refuses to create an endpoint of a signature mode, and creates one of the other modes', async () => {
    const f = await createEndpointFixture(env, { action_type: 'create_lead' });
    for (const body of [
      { auth_mode: 'typeform_signature' },
      { auth_mode: 'standard_webhooks' },
      { auth_mode: 'meta_signature', signing_secret: 'meta-app-secret' },
    ]) {
      const res = await env.request
        .post('/api/v1/webhooks')
        .set(f.auth)
        .send({ name: 'Signed', project_id: f.projectId, action_type: 'create_lead', ...body });
      expectRefused(res);
    }
    const list = await env.request.get('/api/v1/webhooks').set(f.auth);
    expect(list.body.data.map((w: { id: string }) => w.id)).to.deep.equal([f.webhook.id]);
  });

  it('refuses to switch an endpoint to a signature mode and leaves it as it was', async () => {
    const f = await createEndpointFixture(env, { action_type: 'create_lead' });
    const res = await env.request.put(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth).send({ auth_mode: 'typeform_signature' });
    expectRefused(res);
    const got = await env.request.get(`/api/v1/webhooks/${f.webhook.id}`).set(f.auth);
    expect(got.body.data).to.include({ auth_mode: 'secret', updated_at: f.webhook.updated_at });
  });
});
