import { expect } from 'chai';
import { Logger } from '../../../application/shared/logger';
import { TOKENS } from '../../../bootstrap/tokens';
import { startRuntime } from '../../support/backends';
import { httpEnvOf } from '../../support/http';

interface Line {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

const capture = (): { lines: Line[]; logger: Logger } => {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
};

describe('Access log', () => {
  const { lines, logger } = capture();
  let runtime: Awaited<ReturnType<typeof startRuntime>>;
  before(async () => {
    runtime = await startRuntime('sqlite');
    runtime.container.rebindSync(TOKENS.Logger).toConstantValue(logger);
  });
  after(() => runtime.dispose());
  beforeEach(() => {
    lines.length = 0;
  });

  const requestLines = () => lines.filter((l) => l.message === 'request');

  it('writes one info line per request: request id, method, route template, status, duration and the team', async () => {
    const env = httpEnvOf(runtime);
    const { auth, teamId } = await env.team();
    const created = await env.request.post('/api/v1/deals').set(auth).send({ title: 'Logged deal' });
    const id = created.body.data.id as string;
    lines.length = 0;
    const res = await env.request.get(`/api/v1/deals/${id}`).set(auth).set('X-Request-Id', 'req-log-1');
    expect(res.status).to.equal(200);
    expect(requestLines()).to.have.length(1);
    const [line] = requestLines();
    expect(line.level).to.equal('info');
    expect(line.fields).to.have.all.keys('requestId', 'method', 'route', 'status', 'durationMs', 'teamId', 'pid');
    expect(line.fields).to.include({
      requestId: 'req-log-1',
      method: 'GET',
      route: '/api/v1/deals/:id',
      status: 200,
      teamId,
      pid: process.pid,
    });
    expect(line.fields.durationMs).to.be.a('number').and.at.least(0);
    expect(JSON.stringify(line)).to.not.contain(id);
  });

  it('names the request id it answered when it made one, and leaves the team out when none authenticated', async () => {
    const env = httpEnvOf(runtime);
    const res = await env.request.get('/api/v1/clients').set('Authorization', 'Bearer wsk_not_a_real_key_123');
    expect(res.status).to.equal(401);
    const [line] = requestLines();
    expect(line.fields).to.include({ requestId: res.headers['x-request-id'], method: 'GET', route: '/api/v1/clients', status: 401 });
    expect(line.fields).to.not.have.property('teamId');
  });

  it('never writes a key, a secret, a query string or a body', async () => {
    const env = httpEnvOf(runtime);
    const { auth, key } = await env.team();
    await env.request.post('/api/v1/clients').set(auth).send({ type: 'PF', name: 'Body-only-name-0042', notes: 'private notes 0042' });
    const hook = await env.request.post('/api/v1/webhooks').set(auth).send({ name: 'Form' });
    const endpointId = hook.body.data.endpoint_id as string;
    const secret = hook.body.data.secret_token as string;
    await env.request.get(`/api/v1/webhooks/inbound/${endpointId}?hub.mode=subscribe&hub.verify_token=verify-0042&hub.challenge=c`);
    await env.request
      .post(`/api/v1/webhooks/inbound/${endpointId}`)
      .set('X-Webhook-Secret', secret)
      .send({ name: 'Ana Souza', phone: '+55 11 98765-4321' });
    await env.request.get('/api/v1/clients?search=searched-0042').set(auth);
    expect(requestLines()).to.have.length(5);
    const all = JSON.stringify(lines);
    for (const leaked of [
      key,
      secret,
      endpointId,
      'verify-0042',
      'searched-0042',
      'Body-only-name-0042',
      'private notes',
      'Ana Souza',
      'Bearer',
    ]) {
      expect(all).to.not.contain(leaked);
    }
    expect(requestLines().map((l) => l.fields.route)).to.deep.equal([
      '/api/v1/clients',
      '/api/v1/webhooks',
      '/api/v1/webhooks/inbound/:endpointId',
      '/api/v1/webhooks/inbound/:endpointId',
      '/api/v1/clients',
    ]);
  });

  it("never writes a url_token endpoint's token, whether it admits the request or not", async () => {
    const env = httpEnvOf(runtime);
    const { auth } = await env.team();
    const hook = await env.request.post('/api/v1/webhooks').set(auth).send({ name: 'Form', auth_mode: 'url_token' });
    const url = `/api/v1/webhooks/inbound/${hook.body.data.endpoint_id as string}`;
    const token = hook.body.data.secret_token as string;
    expect((await env.request.post(`${url}?token=${token}`).send({ name: 'Ana', phone: '11 3333-0001' })).status).to.equal(200);
    expect((await env.request.post(`${url}?token=wrong-token-0042`).send({ name: 'Ana', phone: '11 3333-0001' })).status).to.equal(401);
    const all = JSON.stringify(lines);
    expect(all).to.not.contain(token);
    expect(all).to.not.contain('wrong-token-0042');
    expect(
      requestLines()
        .slice(-2)
        .map((l) => l.fields.route),
    ).to.deep.equal(['/api/v1/webhooks/inbound/:endpointId', '/api/v1/webhooks/inbound/:endpointId']);
  });

  it('logs health, readiness and metrics requests at debug only', async () => {
    const env = httpEnvOf(runtime);
    for (const path of ['/healthz', '/readyz', '/metrics']) expect((await env.request.get(path)).status).to.equal(200);
    expect(lines.filter((l) => l.level !== 'debug')).to.deep.equal([]);
    expect(requestLines().map((l) => [l.level, l.fields.route, l.fields.status])).to.deep.equal([
      ['debug', '/healthz', 200],
      ['debug', '/readyz', 200],
      ['debug', '/metrics', 200],
    ]);
  });
});
