// `updated_since` on every list of the document: each list route documents it, refuses a bad one with 400
// naming it, and the main lists (clients, deals, tasks, a project's leads) give only what changed at or
// after the instant, with its total. The list routes are read from the document, so a new list that
// forgets the parameter fails here.
import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { forEachHttpBackend } from '../../support/http';

type Json = any;

const UUID = '0190a000-0000-7000-8000-00000000abcd';

/** A parameter's name, its `$ref` resolved against the document. */
const nameOf = (doc: Json, p: Json): string => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()].name : p.name);

/** The GET operations of the document that answer a page: a `pagination` in their answer, or a `page` parameter. */
function listRoutes(doc: Json): { path: string; op: Json }[] {
  const routes: { path: string; op: Json }[] = [];
  for (const [path, ops] of Object.entries<Json>(doc.paths)) {
    const op = ops.get;
    if (!op) continue;
    const names = (op.parameters ?? []).map((p: Json) => nameOf(doc, p));
    if (JSON.stringify(op.responses?.['200'] ?? {}).includes('pagination') || names.includes('page')) routes.push({ path, op });
  }
  return routes;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The same instant at -03:00, as a client in Brazil would send it. */
const inBrazil = (iso: string) => new Date(Date.parse(iso) - 3 * 3600_000).toISOString().replace('Z', '-03:00');

forEachHttpBackend(
  'updated_since on every list',
  (env) => {
    it('is documented on every list route of the document, and a bad one is 400 naming it', async () => {
      const team = await env().team();
      const doc = (await env().request.get('/api/v1/openapi.json').expect(200)).body;
      const routes = listRoutes(doc);
      // Every list the API has: a new one joins this count and must take the parameter too.
      expect(routes.map((r) => r.op.operationId).sort()).to.include.members([
        'listActivities',
        'listCampaigns',
        'listClients',
        'listDeals',
        'listEventDeliveries',
        'listEventSubscriptions',
        'listProjectLeads',
        'listProjects',
        'listTasks',
        'listWebhookEndpoints',
        'listWhatsAppContacts',
        'listWhatsAppConversationMessages',
        'listWhatsAppConversations',
        'listWhatsAppInboxes',
      ]);
      for (const { path, op } of routes) {
        const parameter = (op.parameters ?? []).find((p: Json) => nameOf(doc, p) === 'updated_since');
        expect(parameter, `${op.operationId} documents updated_since`).to.not.equal(undefined);
        expect(parameter.in).to.equal('query');
        expect(parameter.schema.type, op.operationId).to.equal('string');
        expect(parameter.description, op.operationId).to.match(/updated_at/);
        const url = `/api/v1${path.replace(/\{[^}]+\}/g, UUID)}`;
        for (const bad of ['yesterday', '2026-13-45T00:00:00Z', '0000-01-01']) {
          const res = await env().request.get(url).query({ updated_since: bad }).set(team.auth);
          expect(res.status, `${op.operationId} ${bad}: ${JSON.stringify(res.body)}`).to.equal(400);
          expect(res.body.error.code).to.equal('VALIDATION_ERROR');
          expect(res.body.error.details.field, op.operationId).to.equal('updated_since');
        }
      }
    });

    /** A list whose records are made before an instant, and one of them changed after it. */
    interface MainList {
      path: (ctx: { project: string }) => string;
      create: (ctx: { project: string }, n: number) => [string, object];
      /** Changes a record (a PUT), or makes a new one after the instant where the list has no update route. */
      change: (ctx: { project: string }, id: string) => [method: 'put' | 'post', path: string, body: object];
      /** The changed record is a new one. */
      createsAfter?: boolean;
    }

    const MAIN: Record<string, MainList> = {
      clients: {
        path: () => '/clients',
        create: (_c, n) => ['/clients', { type: 'PF', name: `Cliente ${n}` }],
        change: (_c, id) => ['put', `/clients/${id}`, { notes: 'Mudou' }],
      },
      deals: {
        path: () => '/deals',
        create: (_c, n) => ['/deals', { title: `Negócio ${n}`, value: 10 }],
        change: (_c, id) => ['put', `/deals/${id}`, { title: 'Mudou' }],
      },
      tasks: {
        path: () => '/tasks',
        create: (c, n) => ['/tasks', { title: `Tarefa ${n}`, project_id: c.project }],
        change: (_c, id) => ['put', `/tasks/${id}`, { title: 'Mudou' }],
      },
      leads: {
        path: (c) => `/projects/${c.project}/leads`,
        create: (c, n) => [`/projects/${c.project}/leads`, { full_name: `Contato ${n}` }],
        change: (c) => ['post', `/projects/${c.project}/leads`, { full_name: 'Novo contato' }],
        createsAfter: true,
      },
    };

    for (const [name, list] of Object.entries(MAIN)) {
      it(`leaves out of ${name} what was not changed since the instant, and counts only what was`, async () => {
        const team = await env().team();
        const post = async (path: string, body: object) =>
          (await env().request.post(`/api/v1${path}`).set(team.auth).send(body).expect(201)).body.data.id as string;
        const ctx = { project: await post('/projects', { name: 'Sincronia' }) };
        const old = await post(...list.create(ctx, 1));
        const other = await post(...list.create(ctx, 2));
        await sleep(5);
        const instant = new Date().toISOString();
        await sleep(5);
        const [method, path, body] = list.change(ctx, other);
        const res = await env().request[method](`/api/v1${path}`).set(team.auth).send(body);
        expect(res.status, JSON.stringify(res.body)).to.be.oneOf([200, 201]);
        const changed = list.createsAfter ? res.body.data.id : other;

        const get = (since?: string) => {
          const r = env()
            .request.get(`/api/v1${list.path(ctx)}`)
            .set(team.auth);
          return since === undefined ? r : r.query({ updated_since: since });
        };
        const all = (await get().expect(200)).body;
        expect(all.data.map((x: Json) => x.id)).to.include.members([old, changed]);
        for (const since of [instant, inBrazil(instant)]) {
          const page = (await get(since).expect(200)).body;
          expect(
            page.data.map((x: Json) => x.id),
            `${name} since ${since}`,
          ).to.deep.equal([changed]);
          expect(page.pagination.total, `${name} since ${since}`).to.equal(1);
          for (const item of page.data) expect(Date.parse(item.updated_at)).to.be.at.least(Date.parse(instant));
        }
        // A date alone is its midnight in UTC.
        expect((await get('2000-01-01').expect(200)).body.pagination.total).to.equal(all.pagination.total);
        expect((await get('2999-01-01').expect(200)).body).to.deep.include({ data: [] });
      });
    }
  },
  backendNames(),
);
