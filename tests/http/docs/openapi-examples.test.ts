import { expect } from 'chai';
import { EventUrlGuard } from '../../../adapters/events/event-url-guard';
import { RouteModule } from '../../../adapters/http/app';
import { DEMO_IDS } from '../../../adapters/http/shared/demo-ids';
import { createDemoTeam } from '../../../bootstrap/demo';
import { TOKENS } from '../../../bootstrap/tokens';
import { BackendName, backendNames, startRuntime } from '../../support/backends';
import { HttpEnv, httpEnvOf } from '../../support/http';

// Every request example of the OpenAPI document is what the reference page's "Test Request" sends: built
// from the document alone (the path with its parameters' examples, the query's examples, each body
// example), it must succeed on a fresh demo team, with the operation's declared success status.

/**
 * Operations (by operationId) and named examples (`operationId (name)`) that cannot succeed on a fresh demo
 * team, and why. Each must still be in the document.
 */
const EXEMPT: Record<string, string> = {
  deleteProject: 'the spec answers 405: projects are archived by an operator, not through the API',
  deleteCampaign: 'the spec answers 500 for an existing campaign: campaigns cannot be deleted',
  verifyWhatsAppCloudWebhook: 'needs the verify token Meta was given, a secret the document cannot hold',
  receiveWhatsAppCloudEvents: "needs Meta's X-Hub-Signature-256 over the body, made with the app's secret",
  receiveWhatsAppEvolutionEvents: "needs an Evolution inbox and its apikey; the demo's inbox is a sandbox",
  'sendWhatsAppMessage (template)': "approved templates go through a Cloud API inbox; the demo's inbox is a sandbox",
  createImport: 'a multipart file upload: the document describes its parts, not a file to send',
  getImport: 'the demo holds no import (POST /imports makes one)',
  listImportRows: 'the demo holds no import (POST /imports makes one)',
  getPrivacyErasure: 'the demo holds no erasure (POST /privacy/erasures makes one)',
  getEventSubscription: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  updateEventSubscription: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  deleteEventSubscription: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  rotateEventSubscriptionSecret: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  testEventSubscription: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  recoverEventDeliveries: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  listEventDeliveries: 'the demo subscribes no URL: it would send its events to an address that is not yours',
  retryEventDelivery: 'the demo subscribes no URL: it would send its events to an address that is not yours',
};

type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  /** A path or query example: a string or a number. */
  example?: string | number;
}

interface Example {
  /** `createClient`, or `sendWhatsAppMessage (template)` for a named example. */
  title: string;
  operationId: string;
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  body?: unknown;
}

const PREFIX = '/api/v1';

/**
 * Public DNS, as far as the examples need it: a subscription's host is resolved when it is created, and this
 * machine may have no resolver. Any other host is unknown, as `crm.example.com` is in the real one.
 */
const publicDns = async (host: string): Promise<string[]> => {
  if (host === 'example.com') return ['93.184.216.34'];
  throw new Error(`${host} does not resolve`);
};

/**
 * The requests the document's examples make, in the document's order, but for the exempted ones; what a
 * request would lack (a path parameter's or a body's example) is a problem. `names` are every operationId
 * and named example of the document.
 */
function examplesOf(document: Json): { examples: Example[]; problems: string[]; names: string[] } {
  const examples: Example[] = [];
  const problems: string[] = [];
  const names: string[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const operationId = op.operationId as string;
      const content = (op.requestBody as { content?: Record<string, Json> } | undefined)?.content;
      const json = content?.['application/json'];
      const named = Object.entries((json?.examples ?? {}) as Record<string, { value: unknown }>);
      names.push(operationId, ...named.map(([name]) => `${operationId} (${name})`));
      if (EXEMPT[operationId] !== undefined) continue;
      let url = path;
      const query = new URLSearchParams();
      for (const p of (op.parameters ?? []) as Parameter[]) {
        if (p.in === 'path') {
          if (p.example === undefined) problems.push(`${operationId}: no example for the path parameter ${p.name}`);
          else url = url.replace(`{${p.name}}`, encodeURIComponent(String(p.example)));
        } else if (p.in === 'query' && p.example !== undefined) query.set(p.name, String(p.example));
        else if (p.required) problems.push(`${operationId}: no example for the required ${p.in} parameter ${p.name}`);
      }
      if (query.size > 0) url = `${url}?${query.toString()}`;
      const base = { operationId, method: method as Example['method'], url: `${PREFIX}${url}` };
      if (content && !json) problems.push(`${operationId}: a body that is not JSON`);
      else if (!json) examples.push({ ...base, title: operationId });
      else if (named.length > 0) {
        for (const [name, example] of named) {
          const title = `${operationId} (${name})`;
          if (EXEMPT[title] === undefined) examples.push({ ...base, title, body: example.value });
        }
      } else if (json.example !== undefined) examples.push({ ...base, title: operationId, body: json.example });
      else problems.push(`${operationId}: a JSON body without an example`);
    }
  }
  return { examples, problems, names };
}

/**
 * The order examples run in on a shared demo (PostgreSQL, where a fresh schema per example is slow): reads
 * first, then creations, then changes (one deactivates the inbound endpoint), then what erases or removes records.
 */
const rank = (e: Example): number =>
  e.method === 'delete' ? 4 : e.operationId === 'erasePerson' ? 3 : ['get', 'post', 'put'].indexOf(e.method);

describe('The examples of the OpenAPI document', function () {
  this.timeout(240_000);
  let document: Json;
  let declared: Map<string, number>;

  before(async () => {
    const runtime = await startRuntime('memory');
    try {
      const env = httpEnvOf(runtime);
      document = (await env.request.get(`${PREFIX}/openapi.json`)).body as Json;
      const routes = runtime.container.getAll<RouteModule>(TOKENS.RouteModule);
      declared = new Map(routes.flatMap((m) => m.operations).map((op) => [op.id, op.success.status]));
    } finally {
      await runtime.dispose();
    }
  });

  it('gives every operation its examples, and exempts only operations that exist', () => {
    const { problems, names } = examplesOf(document);
    expect(problems).to.deep.equal([]);
    expect(Object.keys(EXEMPT).filter((name) => !names.includes(name))).to.deep.equal([]);
  });

  for (const backend of backendNames()) {
    it(`run against a fresh demo team, each with its documented success status [${backend}]`, async () => {
      const failures = await runExamples(backend, examplesOf(document).examples, declared);
      expect(failures).to.deep.equal([]);
    });
  }
});

async function runExamples(backend: BackendName, examples: Example[], declared: Map<string, number>): Promise<string[]> {
  const failures: string[] = [];
  const send = async (env: HttpEnv, key: string, e: Example) => {
    const sent = env.request[e.method](e.url).set({ Authorization: `Bearer ${key}` });
    const res = await (e.body !== undefined ? sent.send(e.body as object) : sent);
    const expected = declared.get(e.operationId);
    // The inbound receiver answers 200 with `success: false` when it refused the payload.
    if (res.status !== expected || (res.body as { success?: unknown }).success === false)
      failures.push(
        `${e.title}: ${e.method.toUpperCase()} ${e.url} answered ${res.status}, not ${expected}: ${JSON.stringify(res.body).slice(0, 300)}`,
      );
  };
  const fresh = async <T>(work: (env: HttpEnv, key: string) => Promise<T>): Promise<T> => {
    const runtime = await startRuntime(backend);
    try {
      runtime.container
        .rebindSync(EventUrlGuard)
        .toConstantValue(new EventUrlGuard({ allowPrivateNetworks: false, selfOrigins: [], resolve: publicDns }));
      const { team, apiKey } = await createDemoTeam(runtime);
      expect(team.id).to.equal(DEMO_IDS.team);
      return await work(httpEnvOf(runtime), apiKey.key);
    } finally {
      await runtime.dispose();
    }
  };
  if (backend === 'postgres') {
    // A schema per example would take minutes: one demo, in an order where no example undoes another's record.
    const ordered = [...examples].sort((a, b) => rank(a) - rank(b));
    await fresh(async (env, key) => {
      for (const e of ordered) await send(env, key, e);
    });
  } else {
    for (const e of examples) await fresh((env, key) => send(env, key, e));
  }
  return failures;
}
