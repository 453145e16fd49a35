import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { HttpEnv, TestTeam, forEachHttpBackend } from '../../support/http';

/**
 * An update changes only what it names: updates of different fields sent at once all survive, on every
 * backend. On PostgreSQL each update read the row, changed its field and wrote the whole row back, so
 * concurrent ones overwrote each other's fields with what they had read.
 */
interface Resource {
  name: string;
  /** Creates the team's `n`th record; answers its path. */
  create(env: HttpEnv, team: TestTeam, n: number): Promise<string>;
  /** One body per update, each naming a field no other one names. */
  updates: Record<string, unknown>[];
}

const created = async (env: HttpEnv, team: TestTeam, path: string, body: object): Promise<string> => {
  const res = await env.request.post(`/api/v1${path}`).set(team.auth).send(body);
  expect(res.status, JSON.stringify(res.body)).to.equal(201);
  return `/api/v1${path}/${res.body.data.id}`;
};

const projectOf = async (env: HttpEnv, team: TestTeam): Promise<string> =>
  (await created(env, team, '/projects', { name: 'Site novo' })).split('/').pop()!;

const RESOURCES: Resource[] = [
  {
    name: 'deals',
    create: (env, team) => created(env, team, '/deals', { title: 'Proposta' }),
    updates: [
      { title: 'Proposta revisada' },
      { description: 'Orçamento enviado' },
      { value: 12500.5 },
      { probability: 60 },
      { source: 'indicação' },
      { tags: ['quente'] },
      { is_starred: true },
      { expected_close_date: '2026-12-31' },
    ],
  },
  {
    name: 'clients',
    create: (env, team) => created(env, team, '/clients', { name: 'JOÃO DA SILVA', type: 'PF' }),
    updates: [
      { name: 'João da Silva' },
      { display_name: 'João' },
      { email: 'joao@example.com.br' },
      { phone: '(11) 3456-7890' },
      { mobile_phone: '(11) 98765-4321' },
      { nationality: 'brasileira' },
      { tags: ['vip'] },
      { birth_date: '1990-12-31' },
    ],
  },
  {
    name: 'projects',
    create: (env, team) => created(env, team, '/projects', { name: 'Site institucional' }),
    updates: [
      { name: 'Site institucional v2' },
      { description: 'Novo layout' },
      { color: '#ff0000' },
      { briefing: 'Público: clínicas' },
      { start_date: '2026-12-01' },
      { due_date: '2027-01-31' },
    ],
  },
  {
    name: 'tasks',
    create: async (env, team) => created(env, team, '/tasks', { title: 'Revisar textos', project_id: await projectOf(env, team) }),
    updates: [
      { title: 'Revisar textos da home' },
      { description: 'Ver ortografia' },
      { estimated_hours: 3 },
      { actual_hours: 2 },
      { tags: ['texto'] },
      { checklist_markdown: '- [ ] home' },
    ],
  },
  {
    name: 'campaigns',
    create: async (env, team) => created(env, team, '/campaigns', { name: 'Black Friday', project_id: await projectOf(env, team) }),
    updates: [
      { name: 'Black Friday 2026' },
      { description: 'Descontos' },
      { start_date: '2026-11-20' },
      { end_date: '2026-11-30' },
      { content_pillars: ['oferta'] },
      { target_platforms: ['instagram'] },
    ],
  },
  {
    name: 'activities',
    create: (env, team) => created(env, team, '/activities', { title: 'Ligação', type: 'call' }),
    updates: [
      { title: 'Ligação de retorno' },
      { description: 'Pediu proposta' },
      { duration_minutes: 15 },
      { is_completed: true },
      { due_date: '2026-12-02' },
      { tags: ['retorno'] },
    ],
  },
  {
    name: 'WhatsApp contacts',
    create: (env, team, n) => created(env, team, '/whatsapp/contacts', { phone: `(11) 98765-432${n}` }),
    updates: [{ custom_name: 'Ana Souza' }, { notes: 'Ligar amanhã' }, { tags: ['lead'] }],
  },
];

forEachHttpBackend(
  'Concurrent updates of different fields',
  (env) => {
    for (const resource of RESOURCES) {
      it(`all survive on ${resource.name}`, async () => {
        const team = await env().team();
        for (let round = 0; round < 3; round++) {
          const path = await resource.create(env(), team, round);
          const answers = await Promise.all(resource.updates.map((body) => env().request.put(path).set(team.auth).send(body)));
          for (const res of answers) expect(res.status, JSON.stringify(res.body)).to.equal(200);
          const res = await env().request.get(path).set(team.auth);
          expect(res.status).to.equal(200);
          const kept = resource.updates.filter((body) => {
            const [field, value] = Object.entries(body)[0];
            const stored = (res.body.data as Record<string, unknown>)[field];
            return JSON.stringify(stored) === JSON.stringify(value) || (typeof value === 'string' && String(stored).startsWith(value));
          });
          expect(kept, `round ${round}: ${JSON.stringify(res.body.data)}`).to.deep.equal(resource.updates);
        }
      });
    }
  },
  backendNames(),
);
