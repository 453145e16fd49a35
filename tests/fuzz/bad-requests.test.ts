// Generated bad requests for every operation of the OpenAPI document (CONTRIBUTING.md "Fuzzing"): wrong types,
// numbers JSON cannot hold, odd Unicode, long text, deep nesting, bad and foreign ids, repeated and
// unknown query parameters, odd dates, content types and encodings, bodies that are not JSON. Whatever
// is sent, the answer is a 2xx or a 4xx in the error envelope, in time: never a 5xx (but the 500s the
// spec names), never a hang, never an error that is not JSON, and always one the document describes.
//
// CI runs a fixed seed, so a failure replays; `npm run fuzz` runs many more requests with a new seed.
// FUZZ_RUNS (requests per operation and backend) and FUZZ_SEED (a number, or `random`) change both.
import fc from 'fast-check';
import { CreateInbox } from '../../application/whatsapp/create-inbox';
import { documentOfApp } from '../../adapters/http/app';
import { WHATSAPP_TOKENS } from '../../bootstrap/contexts/whatsapp';
import { buildRuntime, Runtime } from '../../bootstrap/container';
import { buildHttpApp } from '../../bootstrap/http';
import { backendNames, startRuntime, testConfig } from '../support/backends';
import { FakeWhatsAppProvider } from '../support/fake-whatsapp-provider';
import { HttpEnv, httpEnvOf } from '../support/http';
import { takeMismatches } from '../support/response-check';
import {
  BuiltRequest,
  FuzzOperation,
  RequestRecipe,
  Resource,
  TeamWorld,
  World,
  buildRequest,
  describeRequest,
  operationsOf,
  requestRecipe,
} from './bad-requests';

/** Requests per operation and backend: 40 in CI (about 4 000 in all, some 10 s), many more with `npm run fuzz`. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : Number(process.env.FUZZ_SEED ?? 20261124);
if (process.env.FUZZ_SEED === 'random')
  console.log(`Generated bad requests: ${RUNS} per operation and backend, seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
/** No answer within this time is a hang. */
const DEADLINE_MS = 5000;
const APP_SECRET = 'fuzz-app-secret';

/** The operations, from the document the app serves (built once here so that each gets its own test). */
const OPERATIONS: FuzzOperation[] = (() => {
  const runtime = buildRuntime(testConfig('memory'));
  const doc = documentOfApp(buildHttpApp(runtime))!;
  void runtime.close();
  return operationsOf(doc);
})();

/** The 500s the spec itself names (part 3): a campaign refused by storage. Nothing else may be a 5xx. */
const specifiedServerError = (op: FuzzOperation, status: number, body: any): boolean =>
  status === 500 &&
  ['createCampaign', 'updateCampaign', 'deleteCampaign'].includes(op.id) &&
  body?.error?.code === 'INTERNAL_ERROR' &&
  /rejected by storage/.test(body.error.message);

/** What is wrong with an answer, or null. */
function problemOf(op: FuzzOperation, res: { status: number; type: string; text: string }, mismatches: string[]): string | null {
  if (mismatches.length > 0) return `the answer is not what the document describes:\n${mismatches.join('\n')}`;
  if (res.status === 200 && res.type === 'text/plain' && op.textStatuses.includes('200')) return null;
  if (res.type !== 'application/json') return `answered ${res.status} as ${res.type || 'no content type'}, not JSON`;
  let body: any;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `answered ${res.status} with a body that is not JSON`;
  }
  if (res.status >= 500 && !specifiedServerError(op, res.status, body)) return `answered ${res.status}`;
  if (res.status >= 400) {
    const e = body?.error;
    if (body?.success !== false || typeof e?.code !== 'string' || !e.code || typeof e.message !== 'string')
      return `answered ${res.status} outside the error envelope`;
  } else if (res.status < 200 || res.status >= 300) {
    return `answered ${res.status}`;
  }
  return null;
}

async function send(env: HttpEnv, req: BuiltRequest) {
  let call = env.request[req.method](req.url)
    .timeout({ deadline: DEADLINE_MS })
    .buffer(true)
    .parse((r, done) => {
      let text = '';
      r.setEncoding('utf8');
      r.on('data', (chunk: string) => {
        text += chunk;
      });
      r.on('end', () => done(null, text));
    });
  for (const [name, value] of Object.entries(req.headers)) call = call.set(name, value);
  // Sent as the bytes built: superagent would serialize a Buffer sent as JSON (`{"type":"Buffer",…}`).
  const res = req.body === null ? await call : await call.serialize((b: unknown) => b as string).send(req.body);
  return { status: res.status, type: res.type, text: res.body as string };
}

/** Two teams with one record of every kind each: ids of the team asking, and of another team. */
async function teamWorld(env: HttpEnv, runtime: Runtime, n: number, providerUrl: string): Promise<TeamWorld> {
  const team = await env.team({ name: `Fuzz ${n}` });
  const call = async (method: 'get' | 'post', path: string, body?: object) => {
    const res = await env.request[method](`/api/v1${path}`).set(team.auth).send(body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const project = await call('post', '/projects', { name: `Projeto ${n}` });
  const [pipeline] = await call('get', `/projects/${project.id}/pipelines`);
  const webhook = await call('post', '/webhooks', { name: 'Site', project_id: project.id });
  const phoneNumberId = `10654035${n}${Date.now() % 100000}`;
  const inboxes = runtime.container.get(CreateInbox);
  const evolution = await inboxes.execute(team, {
    name: 'Loja',
    channel: 'evolution',
    baseUrl: providerUrl,
    instance: 'loja',
    apiKey: 'evo-key',
  });
  await inboxes.execute(team, { name: 'Cloud', channel: 'cloud_api', phoneNumberId, accessToken: 'EAAG-test' });
  const sent = await call('post', '/whatsapp/messages', { inbox_id: evolution.id, phone: '(11) 98765-4321', content: 'Olá' });
  const received = await env.request
    .post(`/api/v1/webhooks/inbound/${webhook.endpoint_id}`)
    .set('X-Webhook-Secret', webhook.secret_token)
    .send({ full_name: 'Ana Souza', email: `ana${n}@example.com`, phone: '(21) 99876-5432' });
  const ids: Record<Resource, string> = {
    project: project.id,
    stage: project.stage_id,
    pipeline: pipeline.id,
    lossReason: pipeline.loss_reasons[0]?.id ?? project.id,
    // With the CPF, e-mail and phone the generator tries, so that a privacy export finds someone.
    client: (
      await call('post', '/clients', { type: 'PF', name: 'Ana', cpf: '529.982.247-25', email: 'ana@example.com', phone: '(11) 98765-4321' })
    ).id,
    deal: (await call('post', '/deals', { title: 'Site' })).id,
    projectDeal: received.body.entity_type === 'deal' ? received.body.entity_id : project.id,
    task: (await call('post', '/tasks', { title: 'Revisar', project_id: project.id })).id,
    campaign: (await call('post', '/campaigns', { name: 'Natal', project_id: project.id })).id,
    activity: (await call('post', '/activities', { title: 'Ligar' })).id,
    webhook: webhook.id,
    endpoint: webhook.endpoint_id,
    contact: (await call('post', '/whatsapp/contacts', { phone: '(31) 98765-4321' })).id,
    conversation: sent.conversation_id,
    inbox: evolution.id,
    lead: (await call('post', `/projects/${project.id}/leads`, { full_name: 'João' })).id,
    // A public address written literally: judged without a DNS query.
    eventSubscription: (await call('post', '/event-subscriptions', { url: 'https://93.184.216.34/hook', events: ['*'] })).id,
    // An entry of the privacy log: an erasure of someone the team does not hold.
    privacyErasure: (await call('post', '/privacy/erasures', { email: `nobody${n}@example.com`, reason: 'Fuzz' })).id,
  };
  return { key: team.key, ids, secret: webhook.secret_token, phoneNumberId };
}

/** FUZZ_STATS=1: how often each operation answered each status (to see what the generator reaches). */
const STATS: Record<string, Record<string, number>> | null = process.env.FUZZ_STATS ? {} : null;
if (STATS) {
  after(() => {
    for (const [op, statuses] of Object.entries(STATS)) console.log(op.padEnd(36), JSON.stringify(statuses));
  });
}

const fuzzBackends = () => backendNames().filter((b) => b !== 'memory');

for (const backend of fuzzBackends()) {
  describe(`Generated bad requests [${backend}]`, function () {
    let runtime: (Runtime & { dispose(): Promise<void> }) | undefined;
    let fake: FakeWhatsAppProvider | undefined;
    let env: HttpEnv;
    let world: World;

    before(async function () {
      this.timeout(60000);
      fake = await FakeWhatsAppProvider.start();
      // The fake provider listens on loopback, where only an operator's setting lets provider calls go.
      runtime = await startRuntime(backend, {
        whatsapp: { cloudApiUrl: `${fake.url}/v23.0`, appSecret: APP_SECRET, verifyToken: 'fuzz-verify' },
        providerAllowPrivateNetworks: true,
      });
      runtime.container.rebindSync(WHATSAPP_TOKENS.ProviderOptions).toConstantValue({ timeoutMs: 400 });
      env = httpEnvOf(runtime);
      world = { own: await teamWorld(env, runtime, 1, fake.url), other: await teamWorld(env, runtime, 2, fake.url), appSecret: APP_SECRET };
      takeMismatches();
    });
    after(async () => {
      await runtime?.dispose();
      await fake?.close();
    });

    after('no `__proto__` or `constructor` key sent polluted the prototype of every object', () => {
      if (({} as Record<string, unknown>).polluted !== undefined) throw new Error('Object.prototype was polluted by a request body');
    });

    // Deletions last, and the endpoint's own changes after the receiver: each would leave the later operations 404s.
    // An erasure too: it anonymises the records the generator's CPF, e-mail and phone find.
    const destructive = (op: FuzzOperation) => op.method === 'delete' || op.id === 'updateWebhookEndpoint' || op.id === 'erasePerson';
    for (const op of [...OPERATIONS.filter((o) => !destructive(o)), ...OPERATIONS.filter(destructive)]) {
      it(`${op.method.toUpperCase()} ${op.path} (${op.id}) answers every generated request with a 2xx or a 4xx in the envelope`, async function () {
        this.timeout(Math.max(20000, RUNS * 1500));
        const details = await fc.check(
          fc.asyncProperty(requestRecipe(op), async (recipe: RequestRecipe) => {
            const req = buildRequest(op, recipe, world);
            takeMismatches();
            let res;
            try {
              res = await send(env, req);
            } catch (err) {
              throw new Error(`no answer (${(err as Error).message})\n${describeRequest(req)}`, { cause: err });
            }
            const mismatches = takeMismatches();
            if (STATS) (STATS[op.id] ??= {})[String(res.status)] = (STATS[op.id][String(res.status)] ?? 0) + 1;
            const problem = problemOf(op, res, mismatches);
            if (problem) throw new Error(`${problem}\n${describeRequest(req)}\n  answer ${res.status} ${res.text.slice(0, 600)}`);
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK === '0' },
        );
        if (details.failed) {
          const error = details.errorInstance as Error | undefined;
          throw new Error(
            `${fc.defaultReportMessage(details)}\n\nThe smallest failing request: ${error?.message ?? ''}\nReplay: FUZZ_SEED=${details.seed}`,
          );
        }
      });
    }
  });
}
