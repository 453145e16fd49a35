// Seeds the benchmark database. A template row of each kind is written through the real use cases (so
// every column is what the product writes), then cloned through plain SQL in batches with a realistic
// spread of titles, values, phases, statuses, clients and dates: a million deals in well under two
// minutes, where one HTTP call per deal would take an hour.
import { Knex } from 'knex';
import { CreateDeal } from '../application/deals/create-deal';
import { CreateProjectDeal } from '../application/deals/create-project-deal';
import { IdGenerator } from '../application/shared/id-generator';
import { UnitOfWork } from '../application/shared/unit-of-work';
import { CreateProject } from '../application/projects/create-project';
import { CreateTeam } from '../application/teams/create-team';
import { Client } from '../domain/clients/client';
import { ClientRepository } from '../domain/clients/client-repository';
import { searchTextOf } from '../domain/shared/search-text';
import { createKnex } from '../adapters/persistence/knex/shared/connection';
import { loadConfig } from '../bootstrap/config';
import { buildRuntime } from '../bootstrap/container';
import { CLIENT_TOKENS } from '../bootstrap/contexts/clients';
import { TOKENS } from '../bootstrap/tokens';

export interface Seeded {
  key: string;
  dealId: string;
  /** Global deals of the team to update (`PUT /deals/:id`), the first of them `dealId`. */
  dealIds: string[];
  projectId: string;
  /** A word that a tenth of the titles contain. */
  searchWord: string;
}

const WORDS = [
  'Consultoria',
  'Implantação',
  'Manutenção',
  'Licença',
  'Treinamento',
  'Expansão',
  'Renovação',
  'Auditoria',
  'Migração',
  'Suporte',
];
const PLACES = [
  'São Paulo',
  'Belo Horizonte',
  'Curitiba',
  'Porto Alegre',
  'Recife',
  'Goiânia',
  'Florianópolis',
  'Fortaleza',
  'Manaus',
  'Niterói',
];
const PHASES = ['lead', 'contato', 'proposta', 'negociacao', 'fechado'];
const BATCH = 500;
const DAY_MS = 86_400_000;

/** A small deterministic generator, so two runs seed the same data. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function cloneDeals(
  db: Knex,
  template: Record<string, unknown>,
  count: number,
  opts: {
    teamId: string;
    ids: IdGenerator;
    clientIds: string[];
    seed: number;
    projectDeals?: boolean;
  },
): Promise<void> {
  const next = random(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const now = Date.now();
  // Each batch is a statement committed on its own. In one transaction of many batches SQLite keeps, for
  // every statement, the pages it changes in a statement journal (so that the statement alone can be
  // undone): with a million rows spread in random order over the indexes, those pages outgrew the cache and
  // the seed wrote tens of gigabytes of journal for over twenty minutes.
  for (let start = 0; start < count; start += BATCH) {
    const rows: Record<string, unknown>[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) {
      const title = `${pick(WORDS)} ${pick(PLACES)} ${i}`;
      const created = new Date(now - Math.floor(next() * 730 * DAY_MS)).toISOString();
      const archived = !opts.projectDeals && next() < 0.1;
      rows.push({
        ...template,
        team_id: opts.teamId,
        id: opts.ids.next(),
        title,
        value: Math.round(next() * 100_000 * 100) / 100,
        phase: opts.projectDeals ? template.phase : pick(PHASES),
        status: archived ? 'arquivado' : template.status,
        archived_at: archived ? created : null,
        client_id: opts.projectDeals || next() < 0.3 ? null : pick(opts.clientIds),
        created_at: created,
        updated_at: created,
        search_text: searchTextOf([title, template.description as string | null]),
      });
    }
    await db('deals').insert(rows);
  }
}

export async function seed(databaseUrl: string, rows: number, log: (line: string) => void): Promise<Seeded> {
  const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }) });
  await runtime.migrate();
  const c = runtime.container;
  const ids = c.get<IdGenerator>(TOKENS.IdGenerator);
  const uow = c.get<UnitOfWork>(TOKENS.UnitOfWork);
  const clientsRepo = c.get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
  const started = Date.now();

  const teams = [];
  for (const name of ['Bench', 'Bench neighbour']) teams.push(await c.get(CreateTeam).execute({ name }));
  const [main, neighbour] = teams;
  const team = { teamId: main.team.id };

  // 200 clients, as a growing agency has: the client list scenario and the deals' client ids.
  const clientIds: string[] = [];
  await uow.run(async () => {
    for (let i = 0; i < 200; i++) {
      const client = Client.create(
        ids.next(),
        team.teamId,
        'PF',
        { name: `Cliente ${PLACES[i % PLACES.length]} ${i}`, email: `c${i}@example.com`, tags: ['bench'] },
        new Date(),
      );
      clientIds.push(client.id);
      await clientsRepo.insert(client.snapshot());
    }
  });

  const {
    deal: { deal },
  } = await c
    .get(CreateDeal)
    .execute(team, { deal: { title: 'Template', description: 'Proposta enviada por e-mail', value: 1, tags: ['bench'] } });
  const project = await c.get(CreateProject).execute(team, { name: 'Funil de vendas' });
  const { deal: projectDeal } = await c.get(CreateProjectDeal).execute(team, {
    projectId: project.id,
    contact: { fullName: 'Maria Conceição', phone: '(11) 98765-4321', email: 'maria@example.com' },
    deal: { title: 'Template do funil', value: 1 },
  });
  await runtime.close();

  const db = createKnex(databaseUrl);
  const dealIds: string[] = [];
  try {
    // A benchmark's database need not outlive a crash of the machine: a commit per batch then waits on no flush.
    if (!databaseUrl.startsWith('postgres')) await db.raw('pragma synchronous = off');
    const legacy = await db('deals').where({ team_id: team.teamId, id: deal.id }).first<Record<string, unknown>>();
    const board = await db('deals').where({ team_id: team.teamId, id: projectDeal.id }).first<Record<string, unknown>>();
    await cloneDeals(db, legacy, rows - 1, { teamId: team.teamId, ids, clientIds, seed: 1 });
    await cloneDeals(db, legacy, Math.ceil(rows / 10), { teamId: neighbour.team.id, ids, clientIds: [], seed: 2 });
    await cloneDeals(db, board, Math.min(rows, 2000), { teamId: team.teamId, ids, clientIds, seed: 3, projectDeals: true });
    // The clones bypassed the repository, which keeps the counts of the lists: count them once here.
    // (An older version, measured for a before/after table, has no kept counts.)
    if (await db.schema.hasTable('deal_counts')) {
      const key = (column: string) => `coalesce(lower(cast(${column} as varchar(64))), '')`;
      await db('deal_counts').del();
      await db.raw(`insert into deal_counts (team_id, scope, project_key, pipeline_key, status, n)
        select team_id, scope, ${key('project_id')}, ${key('pipeline_id')}, status, count(*) from deals
        group by team_id, scope, ${key('project_id')}, ${key('pipeline_id')}, status`);
    }
    if (await db.schema.hasTable('deal_day_counts')) {
      const day = databaseUrl.startsWith('postgres') ? `to_char(created_at at time zone 'UTC', 'YYYY-MM-DD')` : 'substr(created_at, 1, 10)';
      await db('deal_day_counts').del();
      await db.raw(`insert into deal_day_counts (team_id, scope, day, n)
        select team_id, scope, ${day}, count(*) from deals group by team_id, scope, ${day}`);
    }
    // As autovacuum leaves a table at rest: statistics, and the visibility map that lets a deep page be
    // read from the index alone.
    if (databaseUrl.startsWith('postgres')) await db.raw('vacuum (analyze)');
    else await db.raw('analyze');
    const others: { id: string }[] = await db('deals')
      .where({ team_id: team.teamId, scope: 'global' })
      .whereNot({ id: deal.id })
      .orderBy('id')
      .limit(49)
      .select('id');
    dealIds.push(deal.id, ...others.map((r) => r.id));
  } finally {
    await db.destroy();
  }
  log(`seeded ${rows} deals (and ${Math.ceil(rows / 10)} in a second team) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { key: main.apiKey.key, dealId: deal.id, dealIds, projectId: project.id, searchWord: 'Implantação' };
}
