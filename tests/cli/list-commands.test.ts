// The list commands of workspace-admin, run in-process against each backend as the binary runs them.
import { expect } from 'chai';
import { SecretHasher } from '../../application/shared/secret-hasher';
import { TOKENS } from '../../bootstrap/tokens';
import { backendNames } from '../support/backends';
import { Printed, adminOn } from '../support/cli';
import { HttpEnv, forEachHttpBackend } from '../support/http';
import { createProjectFixture } from '../http/webhooks/fixtures';

forEachHttpBackend(
  'workspace-admin list commands',
  (env) => {
    /** Everything the list commands of this suite printed, on stdout and stderr, to look for secrets in. */
    const listed: string[] = [];
    const LISTS = ['team list', 'key list', 'inbox list', 'webhook list', 'webhook deliveries', 'workflow runs'];
    const run = adminOn(() => env().runtime);
    const admin = async (...argv: string[]): Promise<Printed> => {
      const printed = await run(...argv);
      if (LISTS.includes(argv.slice(0, 2).join(' '))) listed.push(printed.out, printed.err);
      return printed;
    };
    const ok = async (...argv: string[]): Promise<any> => {
      const r = await admin(...argv);
      expect(r.code, `${argv.join(' ')}: ${r.err}`).to.equal(0);
      return r.json;
    };

    /** Every page of a list command, `limit` at a time: each page full but the last, every item once. */
    const walk = async (argv: string[], limit: number): Promise<any[]> => {
      const items: any[] = [];
      let cursor: string | null = null;
      for (let pages = 1; ; pages++) {
        const page: any = await ok(...argv, '--limit', String(limit), ...(cursor ? ['--cursor', cursor] : []), '--json');
        expect(Object.keys(page)).to.deep.equal(['data', 'next_cursor']);
        items.push(...page.data);
        if (page.next_cursor === null) {
          expect(page.data.length).to.be.at.most(limit);
          break;
        }
        expect(page.data).to.have.length(limit);
        cursor = page.next_cursor;
        expect(pages).to.be.below(50);
      }
      expect(new Set(items.map((i) => i.id)).size, 'no item twice').to.equal(items.length);
      return items;
    };
    const newestFirst = (items: { created_at?: string; received_at?: string; id: string }[]) => {
      const at = (i: { created_at?: string; received_at?: string }) => i.created_at ?? i.received_at!;
      for (let i = 1; i < items.length; i++) {
        const [a, b] = [items[i - 1], items[i]];
        expect(at(a) > at(b) || (at(a) === at(b) && a.id > b.id), `${a.id} before ${b.id}`).to.equal(true);
      }
    };

    /** A team made with the CLI, with keys, inboxes holding credentials, an endpoint with a secret and a verify token. */
    let fixture: Promise<{
      teamId: string;
      keys: string[];
      keyIds: string[];
      secrets: string[];
      endpoint: { id: string; endpoint_id: string; secret: string };
    }>;
    const world = () =>
      (fixture ??= (async () => {
        const created = await ok('team', 'create', '--name', 'Listed Agency', '--client-quota', '7', '--json');
        const teamId: string = created.team.id;
        const keys: string[] = [created.api_key.key];
        const keyIds: string[] = [created.api_key.id];
        for (const name of ['zapier', 'n8n', 'make', 'old']) {
          const k = await ok('key', 'create', '--team', teamId, '--name', name, '--json');
          keys.push(k.key);
          keyIds.push(k.id);
        }
        await ok('key', 'revoke', '--id', keyIds[4], '--json');
        const pn = `pn-${teamId.slice(-12)}`;
        await ok(
          'inbox',
          'create',
          '--team',
          teamId,
          '--name',
          'Vendas',
          '--channel',
          'cloud_api',
          '--phone-number-id',
          pn,
          '--access-token',
          `EAAG-token-${teamId}`,
          '--json',
        );
        await ok(
          'inbox',
          'create',
          '--team',
          teamId,
          '--name',
          'Evo',
          '--channel',
          'evolution',
          '--base-url',
          'https://evo.example.com',
          '--instance',
          'loja',
          '--api-key',
          `evo-key-${teamId}`,
          '--json',
        );
        await ok('inbox', 'create', '--team', teamId, '--name', 'Demo', '--channel', 'sandbox', '--json');
        const { projectId } = await createProjectFixture(env().runtime, teamId);
        const endpoint = await ok(
          'webhook',
          'create',
          '--team',
          teamId,
          '--name',
          'Form',
          '--action',
          'create_lead',
          '--project',
          projectId,
          '--json',
        );
        await ok(
          'webhook',
          'create',
          '--team',
          teamId,
          '--name',
          'Open form',
          '--action',
          'create_lead',
          '--project',
          projectId,
          '--no-secret',
          '--json',
        );
        await ok('webhook', 'verify-token', '--endpoint', endpoint.id, '--token', `verify-${teamId}`, '--json');
        const hasher = env().runtime.container.get<SecretHasher>(TOKENS.SecretHasher);
        const clear = [...keys, `EAAG-token-${teamId}`, `evo-key-${teamId}`, endpoint.secret, `verify-${teamId}`];
        return { teamId, keys, keyIds, endpoint, secrets: [...clear, ...clear.map((s) => hasher.hash(s))] };
      })());

    const deliver = (e: HttpEnv, endpointId: string, secret: string, body: object) =>
      e.request.post(`/api/v1/webhooks/inbound/${endpointId}`).set('X-Webhook-Secret', secret).send(body).expect(200);

    it('team list: id, name, client_quota, created_at of every team, newest first, paged', async () => {
      const { teamId } = await world();
      for (let i = 0; i < 3; i++) await env().team({ name: `Other ${i}` });
      const teams = await walk(['team', 'list'], 2);
      newestFirst(teams);
      for (const t of teams) expect(Object.keys(t)).to.deep.equal(['id', 'name', 'client_quota', 'created_at']);
      expect(teams.find((t) => t.id === teamId)).to.include({ name: 'Listed Agency', client_quota: 7 });
      expect(teams.map((t) => t.id)).to.deep.equal(
        (await ok('team', 'list', '--limit', '500', '--json')).data.map((t: { id: string }) => t.id),
      );
    });

    it('key list: every key of the team, revoked ones included, never a key or its hash', async () => {
      const { teamId, keyIds } = await world();
      const keys = await walk(['key', 'list', '--team', teamId], 2);
      newestFirst(keys);
      expect(keys.map((k) => k.id)).to.deep.equal([...keyIds].reverse());
      for (const k of keys) expect(Object.keys(k)).to.deep.equal(['id', 'name', 'is_active', 'created_at', 'revoked_at']);
      expect(keys[0]).to.include({ name: 'old', is_active: false });
      expect(keys[0].revoked_at).to.match(/Z$/);
      expect(keys[1]).to.include({ name: 'make', is_active: true, revoked_at: null });
      expect((await admin('key', 'list', '--team', '0190a000-0000-7000-8000-00000000dead')).err).to.equal('error: team not found');
    });

    it('inbox list: name, channel, the Cloud API phone number id, never a credential', async () => {
      const { teamId } = await world();
      const inboxes = await walk(['inbox', 'list', '--team', teamId], 2);
      newestFirst(inboxes);
      expect(inboxes.map((i) => [i.name, i.channel, i.phone_number_id, i.is_active])).to.deep.equal([
        ['Demo', 'sandbox', null, true],
        ['Evo', 'evolution', null, true],
        ['Vendas', 'cloud_api', `pn-${teamId.slice(-12)}`, true],
      ]);
      for (const i of inboxes)
        expect(Object.keys(i)).to.deep.equal([
          'id',
          'name',
          'channel',
          'phone_number_id',
          'is_active',
          'connection_state',
          'connection_state_at',
          'created_at',
        ]);
    });

    it('webhook list: id, endpoint_id, name, is_active, action_type, created_at, inbound_url, never a secret or its hash', async () => {
      const { teamId, endpoint } = await world();
      const endpoints = await walk(['webhook', 'list', '--team', teamId], 1);
      newestFirst(endpoints);
      expect(endpoints.map((e) => e.name)).to.deep.equal(['Open form', 'Form']);
      expect(endpoints[1]).to.include({ id: endpoint.id, endpoint_id: endpoint.endpoint_id, is_active: true, action_type: 'create_lead' });
      for (const e of endpoints)
        expect(Object.keys(e)).to.deep.equal(['id', 'endpoint_id', 'name', 'is_active', 'action_type', 'created_at', 'inbound_url']);
    });

    it('webhook deliveries: newest first, a page at a time, each delivery once', async () => {
      const { endpoint } = await world();
      for (let i = 0; i < 5; i++)
        await deliver(env(), endpoint.endpoint_id, endpoint.secret, { full_name: `Lead ${i}`, email: `lead${i}@example.com` });
      const deliveries = await walk(['webhook', 'deliveries', '--endpoint', endpoint.id], 2);
      newestFirst(deliveries);
      expect(deliveries.map((d) => d.payload.full_name)).to.deep.equal(['Lead 4', 'Lead 3', 'Lead 2', 'Lead 1', 'Lead 0']);
      expect(deliveries.every((d) => d.status === 'succeeded')).to.equal(true);
    });

    it('workflow runs: newest first, a page at a time, each run once', async () => {
      const team = await env().team();
      await ok(
        'workflow',
        'create',
        '--team',
        team.teamId,
        '--event',
        'deal_created',
        '--action',
        'create_activity',
        '--config',
        '{"title":"Ligar"}',
        '--json',
      );
      for (let i = 0; i < 3; i++)
        await env()
          .request.post('/api/v1/deals')
          .set(team.auth)
          .send({ title: `Deal ${i}` })
          .expect(201);
      await ok('workflow', 'dispatch', '--json');
      const runs = await walk(['workflow', 'runs', '--team', team.teamId], 2);
      newestFirst(runs);
      expect(runs).to.have.length(3);
      expect(runs.every((r) => r.status === 'succeeded' && r.event === 'deal_created')).to.equal(true);
    });

    it("prints lists for people as a table with the next page's command line, and checks limit and cursor", async () => {
      const { teamId } = await world();
      const first = await admin('key', 'list', '--team', teamId, '--limit', '2');
      expect(first.code).to.equal(0);
      const lines = first.out.split('\n');
      expect(lines[0]).to.match(/^id\s+name\s+is_active\s+created_at\s+revoked_at$/);
      expect(lines).to.have.length(5);
      const next = /^Next page: workspace-admin key list --team (\S+) --limit 2 --cursor (\S+)$/.exec(lines[4]);
      expect(next, lines[4]).to.not.equal(null);
      const second = await ok('key', 'list', '--team', next![1], '--limit', '2', '--cursor', next![2], '--json');
      const all = await ok('key', 'list', '--team', teamId, '--json');
      expect(second.data).to.deep.equal(all.data.slice(2, 4));
      for (const [argv, message] of [
        [['--limit', '0'], 'error: limit must be a whole number from 1 to 500'],
        [['--limit', '501'], 'error: limit must be a whole number from 1 to 500'],
        [['--cursor', 'abc'], 'error: cursor must be the next_cursor of a previous page'],
        [
          ['--cursor', '2026-13-45T00:00:00.000Z_0190a000-0000-7000-8000-000000000001'],
          'error: cursor must be the next_cursor of a previous page',
        ],
      ] as const) {
        const r = await admin('key', 'list', '--team', teamId, ...argv);
        expect(r, argv.join(' ')).to.include({ code: 1, out: '', err: message });
      }
    });

    it('never prints a key, a token, a secret or their hashes', async () => {
      const { teamId, endpoint, secrets } = await world();
      for (const argv of [
        ['team', 'list'],
        ['key', 'list', '--team', teamId],
        ['inbox', 'list', '--team', teamId],
        ['webhook', 'list', '--team', teamId],
        ['webhook', 'deliveries', '--endpoint', endpoint.id],
      ]) {
        await ok(...argv, '--json');
        await ok(...argv);
      }
      expect(listed.filter((text) => text.startsWith('{"data":[{')).length).to.be.greaterThan(10);
      expect(listed.filter((text) => text.startsWith('id ')).length).to.be.greaterThan(5);
      for (const text of listed) {
        for (const secret of secrets) expect(text).to.not.contain(secret);
        expect(text).to.not.match(/wsk_|whsec_|EAAG|evo-key|v1:|key_hash|secret_hash|credentials|access_token|api_key/);
      }
    });
  },
  backendNames(),
);
