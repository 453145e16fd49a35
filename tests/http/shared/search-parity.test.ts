import { expect } from 'chai';
import { backendNames } from '../../support/backends';
import { HttpEnv, TestTeam, forEachHttpBackend } from '../../support/http';
import { NAMES, QUERIES, expectedMatches } from '../../support/search-cases';

// docs/api.md "Search": the same answer on every backend, and the one the folding rule gives. The expected
// names come from the hand-folded table in tests/support/search-cases.ts, not from the implementation.

interface Lister {
  path: string;
  create: (name: string) => Record<string, unknown>;
  nameOf: (item: Record<string, unknown>) => string;
}

const LISTS: Record<string, Lister> = {
  deals: { path: '/api/v1/deals', create: (title) => ({ title }), nameOf: (d) => d.title as string },
  clients: { path: '/api/v1/clients', create: (name) => ({ name, type: 'PF' }), nameOf: (c) => c.name as string },
  activities: { path: '/api/v1/activities', create: (title) => ({ title }), nameOf: (a) => a.title as string },
};

/** Per backend and list, the names each query found: compared across backends at the end. */
const answers = new Map<string, Map<string, string[]>>();

async function search(env: HttpEnv, team: TestTeam, list: Lister, q: string): Promise<string[]> {
  const res = await env.request.get(list.path).set(team.auth).query({ search: q, limit: 100 });
  expect(res.status, `${list.path}?search=${JSON.stringify(q)}: ${JSON.stringify(res.body)}`).to.equal(200);
  return (res.body.data as Record<string, unknown>[]).map(list.nameOf).sort();
}

forEachHttpBackend(
  'Search parity',
  (env, backend) => {
    for (const [listName, list] of Object.entries(LISTS)) {
      it(`finds on ${listName} exactly what the folding rule says, for every query of the table`, async function () {
        this.timeout(60000);
        const team = await env().team();
        for (const n of NAMES) {
          const res = await env().request.post(list.path).set(team.auth).send(list.create(n.text));
          expect(res.status, JSON.stringify(res.body)).to.equal(201);
          expect(list.nameOf(res.body.data)).to.equal(n.text);
        }
        const found = new Map<string, string[]>();
        for (const q of QUERIES) {
          const names = await search(env(), team, list, q.text);
          found.set(q.text, names);
          expect(names, `search ${JSON.stringify(q.text)} on ${listName} [${backend}]`).to.deep.equal(expectedMatches(q));
        }
        answers.set(`${backend} ${listName}`, found);
      });
    }

    it('never matches a query across two fields of one record', async () => {
      const team = await env().team();
      const res = await env().request.post('/api/v1/deals').set(team.auth).send({ title: 'Alpha', description: 'Beta' });
      expect(res.status).to.equal(201);
      for (const q of ['alpha', 'BETA']) expect(await search(env(), team, LISTS.deals, q)).to.deep.equal(['Alpha']);
      for (const q of ['alphabeta', 'alpha beta', 'ha\nbe', 'ha\u001fbe', 'ha\u001ebe', 'a%b']) {
        expect(await search(env(), team, LISTS.deals, q), JSON.stringify(q)).to.deep.equal([]);
      }
    });
  },
  backendNames(),
);

describe('Search parity across backends', () => {
  it('gives the same names for every query on every backend', function () {
    const backends = backendNames();
    for (const listName of Object.keys(LISTS)) {
      const [first, ...rest] = backends.map((b) => answers.get(`${b} ${listName}`));
      if (!first) this.skip();
      for (const other of rest) expect(other && Object.fromEntries(other)).to.deep.equal(Object.fromEntries(first));
    }
  });
});
