// Every text a request may store has a length limit (docs/api.md "Limits"): one tenant's 1 MB note
// must not make every list page of the team 100 MB. A value one over the limit is 400 VALIDATION_ERROR
// naming the field; a value at the limit is stored. Limits count characters, not bytes: a Brazilian
// name of 200 accented letters is 200 characters.
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend, HttpEnv, TestTeam } from '../../support/http';

/** The limits, as docs/api.md and the OpenAPI document state them. */
const NAME = 200;
const EMAIL = 254;
const PHONE = 40;
const CODE = 50;
const LONG = 10_000;
const TAG = 50;
const TAGS = 50;
const WHATSAPP_TEXT = 4096;
const QUERY = 200;

/** `n` characters of accented text (one UTF-16 unit each, two UTF-8 bytes each). */
const accented = (n: number) => 'Ç'.repeat(n);
const emailOf = (n: number) => `${'a'.repeat(n - '@example.com'.length)}@example.com`;
/** A Brazilian mobile as typed, padded with spaces inside to `n` characters. */
const phoneOf = (n: number) => `(11)${' '.repeat(n - '(11)98765-4321'.length)}98765-4321`;
const tagsOf = (n: number) => Array.from({ length: n }, (_, i) => `t${i}`);

interface Ids {
  project: string;
  client: string;
  deal: string;
  task: string;
  campaign: string;
  activity: string;
  webhook: string;
  contact: string;
}

interface Case {
  /** `POST /clients`; `:project` and `:id` are filled in from the fixtures. */
  route: string;
  /** The body around the value under test. */
  body: (value: unknown, ids: Ids) => Record<string, unknown>;
  field: string;
  limit: number;
  /** A value of `n` characters (or items, for a list) the route stores; plain letters when absent. */
  value?: (n: number) => unknown;
  /** Also run on PostgreSQL (one representative route keeps that run short). */
  postgres?: boolean;
}

const text = (field: string, limit: number, value?: (n: number) => unknown) => ({ field, limit, value });

/** One case per text field of every body: over the limit is 400 on the field, at the limit is stored. */
const CASES: Case[] = [
  // Clients: names, contacts, documents and the address.
  ...[
    { ...text('name', NAME, accented), postgres: true },
    text('display_name', NAME),
    text('email', EMAIL, emailOf),
    text('phone', PHONE, phoneOf),
    text('mobile_phone', PHONE, phoneOf),
    text('whatsapp', PHONE, phoneOf),
    text('rg', CODE),
    text('gender', CODE),
    text('marital_status', CODE),
    text('nationality', CODE),
    text('legal_name', NAME),
    text('trade_name', NAME),
    text('state_registration', CODE),
    text('municipal_registration', CODE),
    text('source', NAME),
    { ...text('notes', LONG, accented), postgres: true },
  ].map((c): Case => ({ route: 'POST /clients', body: (v) => ({ type: 'PF', name: 'Ana', [c.field]: v }), ...c })),
  { route: 'POST /clients', body: (v) => ({ type: 'PF', name: 'Ana', tags: [v] }), field: 'tags', limit: TAG },
  {
    route: 'POST /clients',
    body: (v) => ({ type: 'PF', name: 'Ana', tags: v }),
    field: 'tags',
    limit: TAGS,
    value: tagsOf,
    postgres: true,
  },
  ...['street', 'complement', 'neighborhood', 'city'].map((sub): Case => ({
    route: 'PUT /clients/:id',
    body: (v) => ({ address: { [sub]: v } }),
    field: 'address',
    limit: NAME,
  })),
  ...['number', 'state', 'zip_code', 'country'].map((sub): Case => ({
    route: 'PUT /clients/:id',
    body: (v) => ({ address: { [sub]: v } }),
    field: 'address',
    limit: CODE,
  })),
  { route: 'PUT /clients/:id', body: (v) => ({ name: v }), field: 'name', limit: NAME, value: accented },
  // Deals.
  { route: 'POST /deals', body: (v) => ({ title: v }), field: 'title', limit: NAME, value: accented },
  { route: 'POST /deals', body: (v) => ({ title: 'a', description: v }), field: 'description', limit: LONG },
  { route: 'POST /deals', body: (v) => ({ title: 'a', phase: v }), field: 'phase', limit: NAME },
  { route: 'POST /deals', body: (v) => ({ title: 'a', source: v }), field: 'source', limit: NAME },
  { route: 'POST /deals', body: (v) => ({ title: 'a', tags: [v] }), field: 'tags', limit: TAG },
  { route: 'POST /deals', body: (v) => ({ title: 'a', tags: v }), field: 'tags', limit: TAGS, value: tagsOf },
  { route: 'PUT /deals/:id', body: (v) => ({ status: v }), field: 'status', limit: NAME },
  { route: 'PUT /deals/:id', body: (v) => ({ loss_reason: v }), field: 'loss_reason', limit: LONG },
  // Projects and their leads.
  { route: 'POST /projects', body: (v) => ({ name: v }), field: 'name', limit: NAME, value: accented },
  { route: 'POST /projects', body: (v) => ({ name: 'a', slug: v }), field: 'slug', limit: NAME },
  { route: 'POST /projects', body: (v) => ({ name: 'a', description: v }), field: 'description', limit: LONG },
  { route: 'POST /projects', body: (v) => ({ name: 'a', briefing: v }), field: 'briefing', limit: LONG },
  { route: 'POST /projects', body: (v) => ({ name: 'a', color: v }), field: 'color', limit: CODE },
  { route: 'PUT /projects/:id', body: (v) => ({ description: v }), field: 'description', limit: LONG },
  { route: 'POST /projects/:project/leads', body: (v) => ({ full_name: v }), field: 'full_name', limit: NAME, value: accented },
  { route: 'POST /projects/:project/leads', body: (v) => ({ full_name: 'Ana', email: v }), field: 'email', limit: EMAIL, value: emailOf },
  { route: 'POST /projects/:project/leads', body: (v) => ({ full_name: 'Ana', phone: v }), field: 'phone', limit: PHONE, value: phoneOf },
  { route: 'POST /projects/:project/leads', body: (v) => ({ full_name: 'Ana', notes: v }), field: 'notes', limit: LONG },
  {
    route: 'POST /projects/:project/leads',
    body: (v) => ({ full_name: 'Ana', customer_source: v }),
    field: 'customer_source',
    limit: NAME,
  },
  { route: 'POST /projects/:project/leads', body: (v) => ({ full_name: 'Ana', tags: [v] }), field: 'tags', limit: TAG },
  // Tasks.
  { route: 'POST /tasks', body: (v, ids) => ({ title: v, project_id: ids.project }), field: 'title', limit: NAME, value: accented },
  { route: 'POST /tasks', body: (v, ids) => ({ title: 'a', project_id: ids.project, description: v }), field: 'description', limit: LONG },
  {
    route: 'POST /tasks',
    body: (v, ids) => ({ title: 'a', project_id: ids.project, checklist_markdown: v }),
    field: 'checklist_markdown',
    limit: LONG,
  },
  { route: 'POST /tasks', body: (v, ids) => ({ title: 'a', project_id: ids.project, tags: v }), field: 'tags', limit: TAGS, value: tagsOf },
  { route: 'PUT /tasks/:id', body: (v) => ({ column: v }), field: 'column', limit: NAME, value: () => undefined },
  // Campaigns.
  { route: 'POST /campaigns', body: (v, ids) => ({ name: v, project_id: ids.project }), field: 'name', limit: NAME, value: accented },
  {
    route: 'POST /campaigns',
    body: (v, ids) => ({ name: 'a', project_id: ids.project, description: v }),
    field: 'description',
    limit: LONG,
  },
  { route: 'PUT /campaigns/:id', body: (v) => ({ content_pillars: v }), field: 'content_pillars', limit: TAGS, value: tagsOf },
  { route: 'PUT /campaigns/:id', body: (v) => ({ target_platforms: v }), field: 'target_platforms', limit: TAGS, value: tagsOf },
  // Activities.
  { route: 'POST /activities', body: (v) => ({ title: v }), field: 'title', limit: NAME, value: accented },
  { route: 'POST /activities', body: (v) => ({ title: 'a', description: v }), field: 'description', limit: LONG },
  { route: 'PUT /activities/:id', body: (v) => ({ tags: [v] }), field: 'tags', limit: TAG },
  // Webhook endpoints.
  { route: 'POST /webhooks', body: (v) => ({ name: v }), field: 'name', limit: NAME, value: accented },
  { route: 'PUT /webhooks/:id', body: (v) => ({ name: v }), field: 'name', limit: NAME },
  // WhatsApp contacts and messages.
  { route: 'POST /whatsapp/contacts', body: (v) => ({ phone: v }), field: 'phone', limit: PHONE, value: phoneOf },
  { route: 'PUT /whatsapp/contacts/:id', body: (v) => ({ custom_name: v }), field: 'custom_name', limit: NAME, value: accented },
  { route: 'PUT /whatsapp/contacts/:id', body: (v) => ({ notes: v }), field: 'notes', limit: LONG },
  { route: 'PUT /whatsapp/contacts/:id', body: (v) => ({ tags: [v] }), field: 'tags', limit: TAG },
  // The message is refused over the limit before any inbox is looked up.
  {
    route: 'POST /whatsapp/messages',
    body: (v) => ({ content: v, conversation_id: '0190b000-0000-7000-8000-000000000001' }),
    field: 'content',
    limit: WHATSAPP_TEXT,
    value: () => undefined,
  },
];

const fixtures = async (env: HttpEnv, team: TestTeam): Promise<Ids> => {
  const post = async (path: string, body: object) => {
    const res = await env.request.post(`/api/v1${path}`).set(team.auth).send(body);
    expect(res.status, `${path} ${JSON.stringify(res.body)}`).to.be.within(200, 201);
    return res.body.data.id as string;
  };
  const project = await post('/projects', { name: 'Limites' });
  return {
    project,
    client: await post('/clients', { type: 'PF', name: 'Ana' }),
    deal: await post('/deals', { title: 'Site' }),
    task: await post('/tasks', { title: 'Revisar', project_id: project }),
    campaign: await post('/campaigns', { name: 'Natal', project_id: project }),
    activity: await post('/activities', { title: 'Ligar' }),
    webhook: await post('/webhooks', { name: 'Formulário' }),
    contact: await post('/whatsapp/contacts', { phone: '(11) 98765-4321' }),
  };
};

const ID_OF: Record<string, keyof Ids> = {
  clients: 'client',
  deals: 'deal',
  projects: 'project',
  tasks: 'task',
  campaigns: 'campaign',
  activities: 'activity',
  webhooks: 'webhook',
  whatsapp: 'contact',
};

const send = (env: HttpEnv, team: TestTeam, ids: Ids, c: Case, value: unknown) => {
  const [method, template] = c.route.split(' ');
  const path = template.replace(':project', ids.project).replace(':id', ids[ID_OF[template.split('/')[1]]]);
  return (env.request as any)[method.toLowerCase()](`/api/v1${path}`).set(team.auth).send(c.body(value, ids));
};

const over = (c: Case): unknown => c.value?.(c.limit + 1) ?? 'a'.repeat(c.limit + 1);

forEachHttpBackend(
  'Length limits',
  (env, backend) => {
    const cases = backend === 'postgres' ? CASES.filter((c) => c.postgres) : CASES;

    it('refuses a text one over its limit with 400 VALIDATION_ERROR naming the field, and says the limit', async () => {
      const team = await env().team();
      const ids = await fixtures(env(), team);
      for (const c of cases) {
        const res = await send(env(), team, ids, c, over(c));
        const label = `${c.route} ${c.field} at ${c.limit + 1}`;
        expect(res.status, `${label}: ${JSON.stringify(res.body).slice(0, 300)}`).to.equal(400);
        expect(res.body.error.code, label).to.equal('VALIDATION_ERROR');
        expect(res.body.error.details.field, label).to.equal(c.field);
        expect(res.body.error.message, label).to.match(new RegExp(`at most ${c.limit} (characters|items)`));
      }
    });

    it('stores a text exactly at its limit, counting characters and not bytes', async () => {
      const team = await env().team();
      const ids = await fixtures(env(), team);
      for (const c of cases) {
        const value = c.value ? c.value(c.limit) : 'a'.repeat(c.limit);
        if (value === undefined) continue;
        const res = await send(env(), team, ids, c, value);
        expect(res.status, `${c.route} ${c.field} at ${c.limit}: ${JSON.stringify(res.body).slice(0, 300)}`).to.be.within(200, 201);
      }
    });

    it('says the limit in the OpenAPI document', async () => {
      const doc = (await env().request.get('/api/v1/openapi.json')).body;
      const schema = (path: string, method: string) => doc.paths[path][method].requestBody.content['application/json'].schema;
      const client = schema('/clients', 'post');
      expect(client.properties.name).to.include({ maxLength: NAME });
      expect(client.properties.email.anyOf[0]).to.include({ maxLength: EMAIL });
      expect(client.properties.tags).to.include({ maxItems: TAGS });
      expect(client.properties.tags.items).to.include({ maxLength: TAG });
      expect(schema('/whatsapp/messages', 'post').properties.content).to.include({ maxLength: WHATSAPP_TEXT });
      const search = doc.paths['/clients'].get.parameters.find((p: { name: string }) => p.name === 'search');
      expect(search.schema).to.include({ maxLength: QUERY });
    });

    it('gives every text, list and free-form object of every request body a limit', async () => {
      const doc = (await env().request.get('/api/v1/openapi.json')).body;
      const unbounded: string[] = [];
      const walk = (node: any, at: string): void => {
        if (!node || typeof node !== 'object') return;
        const types = [].concat(node.type ?? []);
        const free = !node.enum && !node.format && node.const === undefined;
        if (types.includes('string' as never) && free && node.maxLength === undefined) unbounded.push(`${at}: text`);
        if (types.includes('array' as never) && node.maxItems === undefined) unbounded.push(`${at}: list`);
        const freeForm = types.includes('object' as never) && (!node.properties || typeof node.additionalProperties === 'object');
        if (freeForm && node.maxProperties === undefined) unbounded.push(`${at}: object`);
        for (const key of ['items', 'additionalProperties']) walk(node[key], `${at}.${key}`);
        for (const key of ['anyOf', 'oneOf', 'allOf']) (node[key] ?? []).forEach((s: unknown, i: number) => walk(s, `${at}.${key}[${i}]`));
        for (const [name, s] of Object.entries(node.properties ?? {})) walk(s, `${at}.${name}`);
      };
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) {
          walk(op.requestBody?.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} body`);
        }
      }
      expect(unbounded).to.deep.equal([]);
    });

    it('bounds the text of list filters and search', async () => {
      const team = await env().team();
      const long = 'a'.repeat(QUERY + 1);
      const lists: [string, string][] = [
        ['/clients', 'search'],
        ['/deals', 'search'],
        ['/deals', 'phase'],
        ['/deals', 'source'],
        ['/deals', 'status'],
        ['/tasks', 'column'],
        ['/whatsapp/contacts', 'tag'],
        ['/projects', 'search'],
        ['/activities', 'search'],
      ];
      for (const [path, name] of lists) {
        const res = await env()
          .request.get(`/api/v1${path}`)
          .query({ [name]: long })
          .set(team.auth);
        expect(res.status, `${path}?${name}`).to.equal(400);
        expect(res.body.error.details.field, `${path}?${name}`).to.equal(name);
        expect(res.body.error.message).to.equal(`${name} must be at most ${QUERY} characters long`);
        const at = await env()
          .request.get(`/api/v1${path}`)
          .query({ [name]: accented(QUERY) })
          .set(team.auth);
        expect(at.status, `${path}?${name} at the limit`).to.equal(200);
      }
    });
  },
  backendNames(),
);
