// Bad requests for every operation of the served OpenAPI document, as fast-check arbitraries.
//
// What is generated is a *recipe*: small, printable, symbolic (`{ repeat: 'Ç', times: 10001 }`, `{ id:
// 'client', team: 'other' }`, `{ raw: '1e309' }`), so a failure prints a counterexample that reads like the
// request and replays with the same seed. `buildRequest` turns a recipe into the bytes sent, with the ids
// of the world the suite made (two teams, each with one record of every kind).
import fc from 'fast-check';
import { createHmac } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

type Json = Record<string, any>;
type Method = 'get' | 'post' | 'put' | 'delete';

/** One operation as the document declares it. */
export interface FuzzOperation {
  id: string;
  method: Method;
  /** The document's path template, `/clients/{id}`, under the API prefix. */
  path: string;
  isPublic: boolean;
  pathParams: string[];
  query: { name: string; schema: Json }[];
  headers: { name: string; schema: Json }[];
  /** The request body schema; absent for operations that take no body (or a free-form one). */
  body?: Json;
  /** Statuses the operation answers as `text/plain` (Meta's challenge echoed back). */
  textStatuses: string[];
}

export const API = '/api/v1';

export function operationsOf(doc: Json): FuzzOperation[] {
  const ops: FuzzOperation[] = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, op] of Object.entries<Json>(item)) {
      const params: Json[] = op.parameters ?? [];
      ops.push({
        id: op.operationId,
        method: method as Method,
        path,
        isPublic: (op.security ?? []).length === 0,
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        headers: params.filter((p) => p.in === 'header').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: op.requestBody?.content?.['application/json']?.schema,
        textStatuses: Object.entries<Json>(op.responses ?? {})
          .filter(([, r]) => r.content?.['text/plain'])
          .map(([s]) => s),
      });
    }
  }
  return ops;
}

// ---------------------------------------------------------------------------------------------------
// The world: what ids a recipe can name.

export const RESOURCES = [
  'client',
  'deal',
  'projectDeal',
  'project',
  'task',
  'campaign',
  'activity',
  'webhook',
  'endpoint',
  'contact',
  'conversation',
  'inbox',
  'pipeline',
  'stage',
  'lead',
  'lossReason',
  'eventSubscription',
  'privacyErasure',
] as const;
export type Resource = (typeof RESOURCES)[number];

export interface TeamWorld {
  key: string;
  ids: Record<Resource, string>;
  /** The inbound endpoint's shared secret. */
  secret: string;
  /** The Cloud API inbox's phone number id, which Meta's deliveries name. */
  phoneNumberId: string;
}

export interface World {
  own: TeamWorld;
  other: TeamWorld;
  /** The WhatsApp app secret the suite's runtime checks Meta's signatures with. */
  appSecret: string;
}

// ---------------------------------------------------------------------------------------------------
// Symbolic values.

/** A value of a request, written symbolically so that it prints short. */
export type V =
  | { json: unknown }
  /** JSON text written as is: `1e309`, `-0`, a duplicate key, `__proto__`. In a query or path: raw percent-encoding. */
  | { raw: string }
  | { repeat: string; times: number }
  | { deep: number; open: '[' | '{' }
  | { id: Resource; team: 'own' | 'other'; upper?: boolean }
  | { object: [string, V][] }
  | { array: V[] }
  | { many: V; times: number };

/** JSON text of a value. */
export function jsonOf(v: V, world: World): string {
  if ('json' in v) return JSON.stringify(v.json) ?? 'null';
  if ('raw' in v) return v.raw;
  if ('repeat' in v || 'id' in v) return JSON.stringify(textOf(v, world));
  if ('deep' in v) return v.open === '[' ? `${'['.repeat(v.deep)}${']'.repeat(v.deep)}` : `${'{"a":'.repeat(v.deep)}1${'}'.repeat(v.deep)}`;
  if ('object' in v) return `{${v.object.map(([k, x]) => `${JSON.stringify(k)}:${jsonOf(x, world)}`).join(',')}}`;
  if ('array' in v) return `[${v.array.map((x) => jsonOf(x, world)).join(',')}]`;
  return `[${Array.from({ length: v.times }, () => jsonOf(v.many, world)).join(',')}]`;
}

/** A value as text (a query value, a path segment, a header). */
export function textOf(v: V, world: World): string {
  if ('json' in v) return typeof v.json === 'string' ? v.json : (JSON.stringify(v.json) ?? '');
  if ('raw' in v) return v.raw;
  if ('repeat' in v) return v.repeat.repeat(v.times);
  if ('id' in v) {
    const id = world[v.team].ids[v.id];
    return v.upper ? id.toUpperCase() : id;
  }
  return jsonOf(v, world);
}

const json = (x: unknown): V => ({ json: x });

/** Text people (and bots) really send, and text that breaks naive code. */
export const ODD_TEXT = [
  '',
  ' ',
  '\t\n',
  'José Conceição',
  'São Paulo — Fase 2',
  'e\u0301e\u0301e\u0301',
  'Z\u0351\u0352\u0353a\u0354\u0355',
  '\u202eRTL\u202c',
  'مرحبا بالعالم',
  'שלום',
  '😀🇧🇷👩‍👩‍👧',
  '\u200b',
  '\u200d',
  '\ufeff',
  '\u00a0',
  '\u2028\u2029',
  '\ud800',
  'a\udc00b',
  '\udbff\udfff',
  '\u0000',
  'nul\u0000byte',
  '\uffff',
  "O'Brien",
  '"; drop table clients; --',
  "' or 1=1 --",
  '%',
  '%00',
  '${x}',
  '{{x}}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'null',
  'undefined',
  'true',
  '0',
  '-1',
  'NaN',
  'Infinity',
  '__proto__',
  'constructor',
  'toString',
  '\\',
  'İ',
  'ß',
  'ǅ',
  'ＡＢＣ',
  '١٢٣',
  '(11) 98765-4321',
  '+55 11 98765-4321',
  '11987654321',
  'ana@example.com',
  'a@b',
  '529.982.247-25',
  '11.222.333/0001-81',
  'ativo',
  'arquivado',
  'lead',
  'novo',
  'ganho',
  'perdido',
  'draft',
  'scheduled',
  'cancelled',
  'archived',
  'backlog',
  'done',
];

export const DATES = [
  '0000-01-01',
  '0001-01-01',
  '0099-12-31',
  '9999-12-31',
  '9999-12-31T23:59:59-14:00',
  '0001-01-01T00:00:00+14:00',
  '2024-02-30',
  '2024-02-29',
  '2023-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-01-01T24:00:00Z',
  '2024-01-01T10:00:00+99:99',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '2026-03-10T14:30:00-03:00',
  '2026-03-10',
  '10/03/2026',
  '2026-03-10T14:30',
  '2026-03-10 14:30:00',
  '2026-03-10T14:30:00.123456789Z',
  '20260310',
  '2026-W11',
  '2026-069',
  'now',
  'today',
];

export const NUMBERS = [
  '1e309',
  '-1e309',
  '-0',
  '9007199254740993',
  '1e-400',
  '5e-324',
  '0.1',
  '1.5',
  '-1',
  '0',
  '1e308',
  '-1e308',
  '1E2',
  '100',
  '101',
  '123456789012345678901234567890',
  '2147483648',
  '-2147483649',
  '0.30000000000000004',
  '1e21',
];

const RAW_OBJECTS = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"a":1,"a":2}',
  '{}',
  '[]',
  '{"":""}',
  '{"\\u0000":1}',
  '{"\\ud800":1}',
];

/** A uuid that names nothing, and strings that are not uuids at all. */
export const NOT_IDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0190a000-0000-7000-8000-000000000001',
  'x',
  '0',
  '123',
  '-1',
  'null',
  '0190a000-0000-7000-8000-00000000000',
  '0190a000-0000-7000-8000-0000000000012',
  '{0190a000-0000-7000-8000-000000000001}',
  ' 0190a000-0000-7000-8000-000000000001',
  '0190a000000070008000000000000001',
  'g190a000-0000-7000-8000-000000000001',
];

const ids = (): fc.Arbitrary<V> =>
  fc.oneof(
    { weight: 3, arbitrary: fc.record({ id: fc.constantFrom(...RESOURCES), team: fc.constantFrom('own' as const, 'other' as const) }) },
    { weight: 1, arbitrary: fc.record({ id: fc.constantFrom(...RESOURCES), team: fc.constant('own' as const), upper: fc.constant(true) }) },
    { weight: 2, arbitrary: fc.constantFrom(...NOT_IDS).map(json) },
    { weight: 1, arbitrary: fc.uuid().map(json) },
  );

const longText = (): fc.Arbitrary<V> =>
  fc.record({
    repeat: fc.constantFrom('a', 'Ç', '😀', 'e\u0301', ' ', '\u200b', '%'),
    times: fc.constantFrom(41, 51, 201, 255, 256, 4097, 10_001, 100_000),
  });

const oddText = (): fc.Arbitrary<V> =>
  fc.oneof(
    fc.constantFrom(...ODD_TEXT).map(json),
    fc.string({ unit: 'binary', maxLength: 12 }).map(json),
    fc.string({ unit: 'grapheme', maxLength: 12 }).map(json),
  );

/** A value that is wrong for most fields: another type, a number JSON cannot hold, odd text, a bad id, deep nesting. */
export const badValue = (): fc.Arbitrary<V> =>
  fc.letrec<{ value: V }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      {
        weight: 3,
        arbitrary: fc
          .constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, '', [], {}, [null], [1, 'a'], { a: 1 })
          .map(json),
      },
      { weight: 3, arbitrary: fc.constantFrom(...NUMBERS).map((raw) => ({ raw })) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_OBJECTS).map((raw) => ({ raw })) },
      { weight: 4, arbitrary: oddText() },
      { weight: 3, arbitrary: fc.constantFrom(...DATES).map(json) },
      { weight: 2, arbitrary: longText() },
      { weight: 1, arbitrary: fc.record({ deep: fc.constantFrom(33, 100, 3000), open: fc.constantFrom('[' as const, '{' as const) }) },
      { weight: 3, arbitrary: ids() },
      {
        weight: 1,
        arbitrary: fc.record({ many: fc.constantFrom<V>(json('t'), json(''), json(null), json({})), times: fc.constantFrom(51, 1000) }),
      },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }).map((array) => ({ array })) },
      {
        weight: 1,
        arbitrary: fc
          .array(fc.tuple(fc.constantFrom('a', 'name', '__proto__', ''), tie('value')), { maxLength: 2 })
          .map((object) => ({ object })),
      },
    ),
  })).value;

// ---------------------------------------------------------------------------------------------------
// Plausible values, from a schema and a field's name: so that a request goes past validation and one bad
// field is what the route has to deal with.

const REFERENCED: Record<string, Resource> = {
  client_id: 'client',
  deal_id: 'deal',
  project_id: 'project',
  pipeline_id: 'pipeline',
  target_pipeline_id: 'pipeline',
  stage_id: 'stage',
  lead_id: 'lead',
  company_id: 'lead',
  conversation_id: 'conversation',
  inbox_id: 'inbox',
  contact_id: 'contact',
  loss_reason_id: 'lossReason',
  id: 'client',
};

const typesOf = (schema: Json): string[] => [].concat(schema.type ?? []);

export function plausible(schema: Json, name: string): fc.Arbitrary<V> {
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((s: Json) => plausible(s, name)));
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum).map(json);
  const types = typesOf(schema);
  if (types.length > 1) return fc.oneof(...types.map((type) => plausible({ ...schema, type }, name)));
  switch (types[0]) {
    case 'string':
      return plausibleText(schema, name);
    case 'integer':
      return fc.oneof(fc.integer({ min: -2, max: 120 }), fc.constantFrom(schema.minimum ?? 0, schema.maximum ?? 100)).map(json);
    case 'number':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }).map(json), fc.double({ noNaN: true, noDefaultInfinity: true }).map(json));
    case 'boolean':
      return fc.boolean().map(json);
    case 'null':
      return fc.constant(json(null));
    case 'array': {
      const item =
        schema.items && typeof schema.items === 'object' && Object.keys(schema.items).length > 0
          ? plausible(schema.items, name)
          : fc.oneof(oddText(), fc.integer().map(json));
      return fc.array(item, { maxLength: 4 }).map((array) => ({ array }));
    }
    case 'object':
      return plausibleObject(schema, name);
    default:
      return fc.oneof(oddText(), fc.integer().map(json), fc.constant(json({ leads: 300 })));
  }
}

const PHONES = ['(11) 98765-4321', '+55 11 98765-4321', '5511987654321', '21 99876-5432', '+1 415 555 2671', '11 3333-4444'];
const TIMESTAMPS = ['2026-03-10T14:30:00-03:00', '2026-03-10T14:30:00Z', '2026-03-10', '9999-12-31T23:59:59Z', '0001-01-01T00:00:00Z'];

function plausibleText(schema: Json, name: string): fc.Arbitrary<V> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const words = fc.string({ unit: 'grapheme', minLength: schema.minLength ?? 0, maxLength: max }).map(json);
  const atLimit = schema.maxLength ? [fc.constant<V>({ repeat: 'Ç', times: schema.maxLength })] : [];
  switch (schema.format) {
    case 'uuid':
      return REFERENCED[name]
        ? fc.oneof({ weight: 4, arbitrary: fc.constant<V>({ id: REFERENCED[name], team: 'own' }) }, { weight: 1, arbitrary: ids() })
        : fc.oneof(fc.uuid().map(json), ids());
    case 'date':
      return fc.oneof(
        fc.constantFrom('2026-03-10', '2024-02-29', '0001-01-01', '9999-12-31').map(json),
        fc.constantFrom(...DATES).map(json),
      );
    case 'date-time':
      return fc.constantFrom(...TIMESTAMPS, ...DATES).map(json);
    default:
      break;
  }
  if (/phone|whatsapp/.test(name)) return fc.oneof(fc.constantFrom(...PHONES).map(json), words, ...atLimit);
  if (/email/.test(name)) return fc.oneof(fc.constantFrom('ana@example.com', 'Ana.Souza@Example.com.br', 'x@y').map(json), words);
  if (/_at$|since/.test(name)) return fc.constantFrom(...TIMESTAMPS, ...DATES).map(json);
  if (name === 'cpf') return fc.constantFrom('529.982.247-25', '52998224725', '111.111.111-11', '123').map(json);
  if (name === 'cnpj') return fc.constantFrom('11.222.333/0001-81', '11222333000181', '00.000.000/0000-00').map(json);
  if (/phase|column|status/.test(name))
    return fc.oneof(
      fc.constantFrom('novo', 'qualificado', 'proposta', 'ganho', 'perdido', 'lead', 'ativo', 'draft', 'scheduled').map(json),
      words,
    );
  return fc.oneof(
    { weight: 4, arbitrary: words },
    { weight: 1, arbitrary: oddText() },
    ...atLimit.map((arbitrary) => ({ weight: 1, arbitrary })),
  );
}

function plausibleObject(schema: Json, name: string): fc.Arbitrary<V> {
  const properties: Record<string, Json> = schema.properties ?? {};
  const names = Object.keys(properties);
  if (names.length === 0) {
    // A free-form object (a field mapping, goals): a few keys, plausible or not.
    const value = typeof schema.additionalProperties === 'object' ? plausible(schema.additionalProperties, name) : oddText();
    const key = fc.oneof(
      fc.constantFrom('full_name', 'email', 'phone', 'custom_fields.origem', 'metadata.x', 'utm_source', 'leads', 'nome'),
      fc.string({ maxLength: 8 }),
    );
    return fc.array(fc.tuple(key, value), { maxLength: 4 }).map((object) => ({ object }));
  }
  const required = new Set<string>(schema.required ?? []);
  const entries = names.map((n) => {
    const value = plausible(properties[n], n);
    return required.has(n)
      ? value.map((v): [string, V] | null => [n, v])
      : fc.option(
          value.map((v): [string, V] => [n, v]),
          { freq: 2 },
        );
  });
  return fc.tuple(...entries).map((fields) => ({ object: fields.filter((f): f is [string, V] => f !== null) }));
}

// ---------------------------------------------------------------------------------------------------
// Bodies: a plausible body with a few fields made bad, or something that is not that body at all.

export type Mutation = { set: string; value: V } | { drop: string } | { whole: V };

export interface BodyRecipe {
  base: V;
  mutations: Mutation[];
}

const applied = ({ base, mutations }: BodyRecipe): V => {
  let body = base;
  for (const m of mutations) {
    if ('whole' in m) body = m.whole;
    else if ('object' in body) {
      const rest = body.object.filter(([k]) => k !== ('set' in m ? m.set : m.drop));
      body = { object: 'set' in m ? [...rest, [m.set, m.value]] : rest };
    }
  }
  return body;
};

const bodyRecipe = (schema: Json): fc.Arbitrary<BodyRecipe> => {
  const names = Object.keys(schema.properties ?? {});
  const fieldName = fc.oneof(
    { weight: 6, arbitrary: names.length > 0 ? fc.constantFrom(...names) : fc.constant('name') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'team_id', 'id', 'created_at', 'unknown', '') },
  );
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 8, arbitrary: fc.record({ set: fieldName, value: badValue() }) },
    { weight: 2, arbitrary: fc.record({ drop: fieldName }) },
    { weight: 1, arbitrary: fc.record({ whole: badValue() }) },
  );
  // A third of the bodies are left plausible, so that requests reach the use cases and storage.
  const mutations = fc.oneof(
    { weight: 3, arbitrary: fc.constant<Mutation[]>([]) },
    { weight: 5, arbitrary: mutation.map((m) => [m]) },
    { weight: 2, arbitrary: fc.array(mutation, { minLength: 2, maxLength: 3 }) },
  );
  return fc.record({ base: plausible(schema, 'body'), mutations });
};

/** What the inbound receiver gets: a lead form, with odd values, in any shape. */
const formBody = (): fc.Arbitrary<BodyRecipe> =>
  fc.record({
    base: fc
      .array(
        fc.tuple(
          fc.constantFrom(
            'name',
            'full_name',
            'nome',
            'email',
            'phone',
            'telefone',
            'utm_source',
            'utm_campaign',
            'event_id',
            'custom',
            'data',
          ),
          fc.oneof(
            { weight: 2, arbitrary: fc.constantFrom(...PHONES, 'Ana Souza', 'ana@example.com').map(json) },
            { weight: 3, arbitrary: badValue() },
          ),
        ),
        { maxLength: 6 },
      )
      .map((object) => ({ object })),
    mutations: fc.array(fc.record({ whole: badValue() }), { maxLength: 1 }),
  });

/** Meta's webhook delivery shape, with odd values where Meta puts text, ids and times. */
const metaDelivery = (): fc.Arbitrary<BodyRecipe> => {
  const odd = () =>
    fc.oneof(
      {
        weight: 2,
        arbitrary: fc.constantFrom('5511987654321', 'wamid.HBgL', '1700000000', 'text', 'sent', 'failed', 'messages').map(json),
      },
      { weight: 3, arbitrary: badValue() },
      { weight: 1, arbitrary: fc.constantFrom('1e20', '253402300800', '-1', '1e308', '99999999999999', '0.5').map(json) },
    );
  const phoneNumberId = fc.oneof(fc.constant<V>({ raw: '"__own_phone_number_id__"' }), odd());
  const message = fc.record({ from: odd(), id: odd(), timestamp: odd(), type: odd(), text: odd() }).map((m): V => ({
    object: [
      ['from', m.from],
      ['id', m.id],
      ['timestamp', m.timestamp],
      ['type', m.type],
      ['text', { object: [['body', m.text]] }],
    ],
  }));
  const status = fc.record({ id: odd(), status: odd(), errors: odd() }).map((s): V => ({
    object: [
      ['id', s.id],
      ['status', s.status],
      ['errors', s.errors],
    ],
  }));
  const value = fc
    .record({
      pn: phoneNumberId,
      name: odd(),
      waId: odd(),
      messages: fc.array(message, { maxLength: 2 }),
      statuses: fc.array(status, { maxLength: 2 }),
    })
    .map((v): V => ({
      object: [
        ['messaging_product', json('whatsapp')],
        ['metadata', { object: [['phone_number_id', v.pn]] }],
        [
          'contacts',
          {
            array: [
              {
                object: [
                  ['profile', { object: [['name', v.name]] }],
                  ['wa_id', v.waId],
                ],
              },
            ],
          },
        ],
        ['messages', { array: v.messages }],
        ['statuses', { array: v.statuses }],
      ],
    }));
  const base = fc
    .record({
      field: fc.oneof(fc.constant(json('messages')), odd()),
      value: fc.oneof({ weight: 4, arbitrary: value }, { weight: 1, arbitrary: odd() }),
    })
    .map((c): V => ({
      object: [
        ['object', json('whatsapp_business_account')],
        [
          'entry',
          {
            array: [
              {
                object: [
                  ['id', json('1')],
                  [
                    'changes',
                    {
                      array: [
                        {
                          object: [
                            ['field', c.field],
                            ['value', c.value],
                          ],
                        },
                      ],
                    },
                  ],
                ],
              },
            ],
          },
        ],
      ],
    }));
  return fc.record({ base, mutations: fc.array(fc.record({ whole: badValue() }), { maxLength: 1 }) });
};

// ---------------------------------------------------------------------------------------------------
// The transport: who asks, in which content type and encoding, and bodies that are not JSON at all.

export type Auth = 'own' | 'other' | 'none' | 'garbage' | 'basic';

export type Payload = { json: BodyRecipe } | { text: string } | { truncated: BodyRecipe; keep: number } | { none: true };

export interface RequestRecipe {
  op: string;
  path: V[];
  query: [string, V][];
  headers: [string, V | 'sign' | 'secret' | 'otherSecret'][];
  auth: Auth;
  payload: Payload;
  contentType: string | null;
  encoding: { name: string; real: boolean } | null;
}

const NOT_JSON = [
  'not json',
  '{',
  '{"a":',
  '[1,2',
  '',
  ' ',
  '\ufeff{}',
  'null',
  '"text"',
  '1e309',
  '-0',
  'true',
  '<?xml version="1.0"?><a/>',
  'a=1&b=2',
  '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n',
  '{"a":1}garbage',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  "{'a':1}",
  '{a:1}',
  '[,]',
  '{"a":1,}',
  'NaN',
  'Infinity',
  '{"__proto__":{"x":1}}',
  '\u00ff\u00fe{',
  'name[a][b][c]=1&name[]=2',
  `a${'[b]'.repeat(3000)}=1`,
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`,
];

export const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  null,
  'application/vnd.api+json',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=nope',
  'application/xml',
  '*/*',
  'a',
  'application/json, text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded; charset=iso-8859-1',
];

const ENCODINGS = [
  { name: 'gzip', real: true },
  { name: 'gzip', real: false },
  { name: 'br', real: true },
  { name: 'br', real: false },
  { name: 'deflate', real: true },
  { name: 'deflate', real: false },
  { name: 'unknown', real: false },
  { name: 'gzip, br', real: false },
  { name: 'identity', real: false },
  { name: 'x-gzip', real: true },
  { name: 'GZIP', real: true },
];

const headerText = () =>
  fc.oneof(
    fc.stringMatching(/^[\x21-\x7e]{0,40}$/).map(json),
    fc.constantFrom<V>(
      { repeat: 'a', times: 513 },
      { repeat: 'k', times: 600 },
      { repeat: 'x', times: 4000 },
      json(''),
      json(' '),
      json('null'),
    ),
  );

/** Query text: plausible values, odd values, and percent-encoding that decodes to nothing valid. */
const queryText = (schema: Json, name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: plausible(schema, name) },
    // Node answers a request line and headers over 16 KB itself (431, before the app): kept well under that.
    {
      weight: 3,
      arbitrary: fc.oneof(
        fc.constantFrom(...NUMBERS, ...DATES, '[]', '{}', '[1]', 'null', 'true', 'false').map(json),
        oddText(),
        ids(),
        fc.constantFrom<V>(
          { repeat: 'a', times: 201 },
          { repeat: 'Ç', times: 201 },
          { repeat: '😀', times: 201 },
          { repeat: 'a', times: 4000 },
          { repeat: 'e\u0301', times: 150 },
        ),
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '%zz', '%00', '%ED%A0%80', '%C0%AF', '%FF', '%E2%80%AE', 'a%2Cb', '%20', '+', '%2B', '&', '=')
        .map((raw) => ({ raw })),
    },
  );

const UNKNOWN_PARAMS = ['foo', '__proto__', 'constructor', 'page[]', 'a[b]', 'team_id', 'sort[]', '', 'hasOwnProperty', 'limit ', 'PAGE'];
const LIST_PARAMS: [string, string[]][] = [
  ['page', ['0', '-1', '1.5', '1e3', '9007199254740991', '900719925474099', '99999999999999999999', 'NaN', ' 1', '1 ', '0x10', '１']],
  ['limit', ['0', '101', '100', '1', '-5', '1e2', '50.0', 'all', '']],
  ['sort', ['', '-', '--created_at', 'created_at', '-created_at', 'name', '-name', 'title', 'password', 'created_at;drop', 'CREATED_AT']],
];

export function requestRecipe(op: FuzzOperation): fc.Arbitrary<RequestRecipe> {
  const resourceOf = (param: string): Resource => {
    if (param === 'endpointId') return 'endpoint';
    if (param === 'dealId') return 'projectDeal';
    const base = op.path.split('/')[1];
    const map: Record<string, Resource> = {
      clients: 'client',
      deals: 'deal',
      projects: 'project',
      tasks: 'task',
      campaigns: 'campaign',
      activities: 'activity',
      webhooks: 'webhook',
      'event-subscriptions': 'eventSubscription',
      privacy: 'privacyErasure',
    };
    if (base === 'whatsapp') return op.path.includes('conversations') ? 'conversation' : 'contact';
    return op.id === 'moveDeal' ? 'projectDeal' : (map[base] ?? 'client');
  };
  const pathValue = (param: string): fc.Arbitrary<V> =>
    fc.oneof(
      { weight: 8, arbitrary: fc.constant<V>({ id: resourceOf(param), team: 'own' }) },
      { weight: 1, arbitrary: fc.constant<V>({ id: resourceOf(param), team: 'other' }) },
      { weight: 1, arbitrary: fc.constant<V>({ id: resourceOf(param), team: 'own', upper: true }) },
      { weight: 2, arbitrary: ids() },
      {
        weight: 1,
        arbitrary: fc.oneof(
          fc.constantFrom('%00', '%ZZ', '%2F', '..', '%C0%AF', '%ED%A0%80', '%E2%80%AE').map((raw) => ({ raw })),
          oddText(),
          fc.constantFrom<V>({ repeat: 'a', times: 300 }, { repeat: 'Ç', times: 1000 }, { repeat: '😀', times: 500 }),
        ),
      },
    );

  const declared = op.query.map((p) => {
    const listed = LIST_PARAMS.find(([name]) => name === p.name);
    const value = listed ? fc.oneof(queryText(p.schema, p.name), fc.constantFrom(...listed[1]).map(json)) : queryText(p.schema, p.name);
    // Each parameter is sent a quarter of the time (sometimes twice), so that a list still answers 200 often.
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.array(value, { minLength: 1, maxLength: 2 }).map((vs) => vs.map((v): [string, V] => [p.name, v])) },
    );
  });
  const unknown = fc.oneof(
    { weight: 3, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.tuple(fc.constantFrom(...UNKNOWN_PARAMS), queryText({ type: 'string' }, 'unknown')), {
        minLength: 1,
        maxLength: 2,
      }),
    },
  );
  const query = fc.tuple(fc.tuple(...declared), unknown).map(([d, u]) => [...d.filter((x) => x !== null).flat(), ...u] as [string, V][]);

  const headerValue = (name: string): fc.Arbitrary<V | 'sign' | 'secret' | 'otherSecret'> => {
    const lower = name.toLowerCase();
    if (lower === 'x-hub-signature-256')
      return fc.oneof({ weight: 6, arbitrary: fc.constant('sign' as const) }, { weight: 1, arbitrary: headerText() });
    if (lower === 'x-webhook-secret' || lower === 'x-service-webhook-secret') {
      return fc.oneof(
        { weight: 5, arbitrary: fc.constant('secret' as const) },
        { weight: 1, arbitrary: fc.constant('otherSecret' as const) },
        { weight: 1, arbitrary: headerText() },
      );
    }
    return headerText();
  };
  const headers = fc
    .tuple(
      ...op.headers.map((h) =>
        fc.option(
          headerValue(h.name).map((v): [string, V | 'sign' | 'secret' | 'otherSecret'] => [h.name, v]),
          { freq: 3 },
        ),
      ),
    )
    .map((hs) => hs.filter((h): h is RequestRecipe['headers'][number] => h !== null));

  const takesBody = op.method === 'post' || op.method === 'put';
  const recipe = op.body
    ? bodyRecipe(op.body)
    : op.id === 'receiveInboundWebhook'
      ? formBody()
      : op.path.includes('/whatsapp/cloud/')
        ? metaDelivery()
        : bodyRecipe({ type: 'object' });
  const payload: fc.Arbitrary<Payload> = fc.oneof(
    { weight: takesBody ? 14 : 1, arbitrary: recipe.map((r) => ({ json: r })) },
    { weight: takesBody ? 3 : 1, arbitrary: fc.constantFrom(...NOT_JSON).map((text) => ({ text })) },
    { weight: takesBody ? 1 : 0, arbitrary: fc.record({ truncated: recipe, keep: fc.integer({ min: 0, max: 200 }) }) },
    { weight: takesBody ? 1 : 12, arbitrary: fc.constant({ none: true as const }) },
  );
  const contentType = fc.oneof(
    { weight: 12, arbitrary: fc.constant('application/json') },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  );
  const encoding = fc.oneof({ weight: 14, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...ENCODINGS) });
  const auth = fc.oneof(
    { weight: 16, arbitrary: fc.constant<Auth>('own') },
    { weight: 1, arbitrary: fc.constantFrom<Auth>('other', 'none', 'garbage', 'basic') },
  );
  return fc.record({
    op: fc.constant(op.id),
    path: fc.tuple(...op.pathParams.map(pathValue)),
    query,
    headers,
    auth,
    payload,
    contentType,
    encoding,
  });
}

// ---------------------------------------------------------------------------------------------------
// From a recipe to the request sent.

export interface BuiltRequest {
  method: Method;
  url: string;
  headers: Record<string, string>;
  body: Buffer<ArrayBufferLike> | null;
}

/** Percent-encodes text as UTF-8 (a lone surrogate becomes U+FFFD, as any client would send it). */
const encode = (s: string): string =>
  [...Buffer.from(s, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

const compressed = (body: Buffer, encoding: string): Buffer => {
  switch (encoding.toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gzipSync(body);
    case 'br':
      return brotliCompressSync(body);
    case 'deflate':
      return deflateSync(body);
    default:
      return body;
  }
};

export function buildRequest(op: FuzzOperation, r: RequestRecipe, world: World): BuiltRequest {
  let path = op.path;
  op.pathParams.forEach((name, i) => {
    const v = r.path[i];
    path = path.replace(`{${name}}`, 'raw' in v ? v.raw : encode(textOf(v, world)));
  });
  const query = r.query.map(([k, v]) => `${encode(k)}=${'raw' in v ? v.raw : encode(textOf(v, world))}`).join('&');
  const url = `${API}${path}${query ? `?${query}` : ''}`;

  let text: string | null = null;
  const p = r.payload;
  if ('json' in p) text = jsonOf(applied(p.json), world);
  else if ('truncated' in p) text = jsonOf(applied(p.truncated), world).slice(0, p.keep);
  else if ('text' in p) text = p.text;
  if (text !== null) text = text.replace('"__own_phone_number_id__"', JSON.stringify(world.own.phoneNumberId));
  const plain = text === null ? null : Buffer.from(text, 'utf8');

  const headers: Record<string, string> = {};
  const key = { own: world.own.key, other: world.other.key }[r.auth as 'own' | 'other'];
  if (!op.isPublic || r.auth !== 'own') {
    if (key) headers.Authorization = `Bearer ${key}`;
    if (r.auth === 'garbage') headers.Authorization = 'Bearer not-a-key';
    if (r.auth === 'basic') headers.Authorization = 'Basic YTpi';
  }
  for (const [name, v] of r.headers) {
    if (v === 'sign')
      headers[name] = `sha256=${createHmac('sha256', world.appSecret)
        .update(plain ?? Buffer.alloc(0))
        .digest('hex')}`;
    else if (v === 'secret') headers[name] = world.own.secret;
    else if (v === 'otherSecret') headers[name] = world.other.secret;
    else headers[name] = textOf(v, world).replace(/[^\x20-\x7e]/g, '?');
  }
  let body: Buffer<ArrayBufferLike> | null = plain;
  if (body !== null) {
    if (r.contentType !== null) headers['Content-Type'] = r.contentType;
    if (r.encoding) {
      headers['Content-Encoding'] = r.encoding.name;
      if (r.encoding.real) body = compressed(body, r.encoding.name);
    }
  }
  return { method: op.method, url, headers, body };
}

/** The request, short enough to read in a failure. */
export function describeRequest(req: BuiltRequest): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} characters)` : s);
  const body = req.body === null ? '(no body)' : cut(JSON.stringify(req.body.toString('utf8')), 400);
  return `${req.method.toUpperCase()} ${cut(req.url, 300)}\n  headers ${cut(JSON.stringify(req.headers), 400)}\n  body ${body}`;
}
