import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import supertest from 'supertest';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime } from '../../bootstrap/container';
import { buildHttpApp } from '../../bootstrap/http';
import { createKnex } from '../../adapters/persistence/knex/shared/connection';
import { WHATSAPP_TOKENS } from '../../bootstrap/contexts/whatsapp';
import { InboxRepository } from '../../domain/whatsapp/inbox-repository';
// bin/ is plain JavaScript, outside what TypeScript compiles: required, with the one function used typed here.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../../bin/build') as { ensureBuilt(this: void): void };
const { ensureBuilt } = build;

const BIN = join(__dirname, '..', '..', 'bin', 'workspace-admin.js');

describe('workspace-admin', function () {
  this.timeout(60000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const admin = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
    return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim(), json: () => JSON.parse(r.stdout) };
  };

  before(function () {
    // The binary runs the compiled sources: compile once here, with the time a full build takes, not in a test.
    this.timeout(180000);
    ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'admin-'));
    env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}` };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates, printing one JSON object', () => {
    const r = admin('migrate', '--json');
    expect(r.code).to.equal(0);
    expect(r.json()).to.deep.equal({ migrated: true });
  });

  it('creates a team with a working key, issues and revokes keys', async () => {
    const created = admin('team', 'create', '--name', 'Acme', '--client-quota', '2', '--json');
    expect(created.code).to.equal(0);
    const { team, api_key } = created.json();
    expect(team).to.include({ name: 'Acme', client_quota: 2 });
    expect(api_key.key).to.match(/^wsk_/);

    const second = admin('key', 'create', '--team', team.id, '--name', 'zapier', '--json');
    expect(second.code).to.equal(0);
    expect(Object.keys(second.json())).to.deep.equal(['id', 'key']);

    const runtime = buildRuntime({ ...loadConfig(env), logLevel: 'silent' });
    try {
      const http = supertest(buildHttpApp(runtime).callback());
      await http.get('/api/v1/clients').set('Authorization', `Bearer ${second.json().key}`).expect(200);
      const revoked = admin('key', 'revoke', '--id', second.json().id, '--json');
      expect(revoked.json()).to.deep.equal({ id: second.json().id, is_active: false });
      await http.get('/api/v1/clients').set('Authorization', `Bearer ${second.json().key}`).expect(401);
      await http.get('/api/v1/clients').set('Authorization', `Bearer ${api_key.key}`).expect(200);
    } finally {
      await runtime.close();
    }
  });

  it('creates the demo team with sample data', () => {
    const r = admin('demo', '--json');
    expect(r.code).to.equal(0);
    expect(r.json().api_key.key).to.match(/^wsk_/);
    expect(r.json().team.name).to.equal('Demo Agency');
  });

  describe('inbox create and SECRETS_KEY', () => {
    const KEY = 'a7bcfc2dda8a971ba876648c2672f4096d65dd141e661612af80a91b35a3927f';
    /** `admin` with SECRETS_KEY set to `key`, or unset. */
    const adminWithKey = (key: string | undefined, ...args: string[]) => {
      const { SECRETS_KEY: _, ...rest } = env;
      const r = spawnSync(process.execPath, [BIN, ...args], {
        env: key === undefined ? rest : { ...rest, SECRETS_KEY: key },
        encoding: 'utf8',
      });
      return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
    };

    it('refuses an inbox with an access token or API key while SECRETS_KEY is not set, but not a sandbox', () => {
      const teamId = admin('team', 'create', '--name', 'Inboxes', '--json').json().team.id;
      for (const args of [
        ['--channel', 'cloud_api', '--phone-number-id', 'cli-pn-refused', '--access-token', 'EAAG-cli-secret'],
        ['--channel', 'evolution', '--base-url', 'https://evo.example.com', '--instance', 'i', '--api-key', 'evo-cli-secret'],
      ]) {
        const r = adminWithKey(undefined, 'inbox', 'create', '--team', teamId, '--name', 'X', ...args);
        expect(r.code, args[1]).to.equal(1);
        expect(r.out, args[1]).to.equal('');
        expect(r.err, args[1]).to.match(/^error: SECRETS_KEY is required/);
      }
      expect(adminWithKey(undefined, 'inbox', 'create', '--team', teamId, '--name', 'Demo', '--channel', 'sandbox').code).to.equal(0);
    });

    it('stores the access token sealed once SECRETS_KEY is set', async () => {
      const teamId = admin('team', 'create', '--name', 'Sealed', '--json').json().team.id;
      const r = adminWithKey(
        KEY,
        'inbox',
        'create',
        '--team',
        teamId,
        '--name',
        'Vendas',
        '--channel',
        'cloud_api',
        '--phone-number-id',
        'cli-pn-sealed',
        '--access-token',
        'EAAG-cli-secret',
      );
      expect(r.code, r.err).to.equal(0);
      const knex = createKnex(env.DATABASE_URL!);
      try {
        const row = await knex('whatsapp_inboxes').where({ phone_number_id: 'cli-pn-sealed' }).first();
        expect(row.credentials).to.match(/^v1:/);
        expect(JSON.stringify(row)).to.not.contain('EAAG-cli-secret');
      } finally {
        await knex.destroy();
      }
    });

    it('reseals every credential under a new SECRETS_KEY with the old one as SECRETS_KEY_PREVIOUS, those in clear included, once', async () => {
      const NEW = 'c1d2e3f405162738495a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f80912';
      const teamId = admin('team', 'create', '--name', 'Rotated', '--json').json().team.id;
      const created = adminWithKey(
        KEY,
        'inbox',
        'create',
        '--team',
        teamId,
        '--name',
        'Old key',
        '--channel',
        'cloud_api',
        '--phone-number-id',
        'cli-pn-rotated',
        '--access-token',
        'EAAG-rotated',
        '--json',
      );
      expect(created.code, created.err).to.equal(0);
      const knex = createKnex(env.DATABASE_URL!);
      const clearId = '0190d000-0000-7000-8000-000000000001';
      const rotatedId = JSON.parse(created.out).id as string;
      try {
        // An inbox stored before credentials were sealed: its access token in clear.
        await knex('whatsapp_inboxes').insert({
          team_id: teamId,
          id: clearId,
          name: 'In clear',
          channel: 'cloud_api',
          is_active: true,
          phone_number_id: 'cli-pn-clear',
          credentials: JSON.stringify({ channel: 'cloud_api', phoneNumberId: 'cli-pn-clear', accessToken: 'EAAG-in-clear' }),
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        });
        const reseal = () => {
          const r = spawnSync(process.execPath, [BIN, 'secrets', 'reseal', '--json'], {
            env: { ...env, SECRETS_KEY: NEW, SECRETS_KEY_PREVIOUS: KEY },
            encoding: 'utf8',
          });
          expect(r.status, r.stderr).to.equal(0);
          return JSON.parse(r.stdout);
        };
        const first = reseal();
        expect(first).to.include({ plaintext_sealed: 1, unreadable: 0 });
        expect(first.resealed, 'the inboxes earlier tests sealed with the old key too').to.be.at.least(1);
        const second = reseal();
        expect(second).to.deep.equal({
          resealed: 0,
          already_current: first.resealed + first.already_current + first.plaintext_sealed,
          plaintext_sealed: 0,
          without_secret: first.without_secret,
          unreadable: 0,
          unreadable_inbox_ids: [],
          webhook_signing_secrets: {
            resealed: 0,
            already_current: first.webhook_signing_secrets.resealed + first.webhook_signing_secrets.already_current,
            unreadable: 0,
            unreadable_endpoint_ids: [],
          },
          event_subscription_secrets: {
            resealed: 0,
            already_current: first.event_subscription_secrets.resealed + first.event_subscription_secrets.already_current,
            unreadable: 0,
            unreadable_subscription_ids: [],
          },
        });
        const clear = await knex('whatsapp_inboxes').where({ id: clearId }).first();
        expect(clear.credentials).to.match(/^v1:/).and.not.contain('EAAG-in-clear');
      } finally {
        await knex.destroy();
      }
      // The new key alone opens them now.
      const runtime = buildRuntime({ ...loadConfig({ DATABASE_URL: env.DATABASE_URL, SECRETS_KEY: NEW }), logLevel: 'silent' });
      try {
        const inboxes = runtime.container.get<InboxRepository>(WHATSAPP_TOKENS.InboxRepository);
        const rotated = await inboxes.findById({ teamId }, rotatedId);
        expect(rotated?.credentials).to.deep.include({ accessToken: 'EAAG-rotated' });
        expect((await inboxes.findById({ teamId }, clearId))?.credentials).to.deep.include({ accessToken: 'EAAG-in-clear' });
      } finally {
        await runtime.close();
      }
    });

    it('does not start with a SECRETS_KEY of the wrong length or encoding, naming it', () => {
      const r = adminWithKey(KEY.slice(2), 'migrate');
      expect(r.code).to.equal(1);
      expect(r.out).to.equal('');
      expect(r.err).to.match(/^error: SECRETS_KEY: got a value of 62 characters \(not shown\); takes 32 bytes/);
    });
  });

  it('prints help for people without configuration or database, and refuses unknown options and commands', () => {
    const broken = { ...env, DATABASE_URL: 'nowhere://', SECRETS_KEY: 'short' };
    for (const args of [[], ['--help'], ['help']]) {
      const r = spawnSync(process.execPath, [BIN, ...args], { env: broken, encoding: 'utf8' });
      expect(r.status, args.join(' ')).to.equal(0);
      expect(r.stdout, args.join(' ')).to.match(/^workspace-admin: /);
      for (const name of [
        'migrate',
        'team create',
        'team list',
        'key list',
        'inbox list',
        'webhook list',
        'webhook deliveries',
        'workflow runs',
      ]) {
        expect(r.stdout, name).to.contain(`\n  ${name}\n`);
      }
    }
    const help = spawnSync(process.execPath, [BIN, 'workflow', 'runs', '--help'], { env: broken, encoding: 'utf8' });
    expect(help.stdout).to.match(/^workspace-admin workflow runs --team ID \[--limit N\] \[--cursor CURSOR\]\n/);
    const bogus = admin('team', 'create', '--name', 'X', '--bogus', '1');
    expect(bogus).to.include({
      code: 1,
      out: '',
      err: 'error: unknown option --bogus for "team create"; see workspace-admin team create --help',
    });
    expect(admin('team', 'bogus')).to.include({ code: 1, out: '', err: 'error: unknown command "team bogus"; see workspace-admin --help' });
  });

  it('prints help and refuses a command line without loading a context, the HTTP layer, a framework or a driver', () => {
    // A hook required before the binary writes down, as the process exits, every module it loaded.
    const hook = join(dir, 'record-modules.js');
    const record = join(dir, 'modules.json');
    writeFileSync(
      hook,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(record)}, JSON.stringify(Object.keys(require.cache))));`,
    );
    // Without REDIS_URL, whatever the environment that runs the tests sets.
    const onSqlite = Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'REDIS_URL'));
    const loaded = (...args: string[]): string[] => {
      spawnSync(process.execPath, ['--require', hook, BIN, ...args], { env: onSqlite, encoding: 'utf8' });
      return (JSON.parse(readFileSync(record, 'utf8')) as string[]).map((path) => path.split(sep).join('/'));
    };
    const HEAVY =
      /\/dist\/(bootstrap\/contexts|bootstrap\/container|adapters\/http|adapters\/persistence|application)\/|\/node_modules\/(inversify|@inversifyjs|knex|pg|better-sqlite3|koa|@koa|@sinclair|ajv|pino|prom-client|ioredis|libphonenumber-js)\//;
    for (const args of [
      ['--help'],
      ['webhook', 'create', '--help'],
      ['help', 'workflow'],
      ['team', 'bogus'],
      ['workflow', 'delete', '--team', 'x'],
    ]) {
      const modules = loaded(...args);
      expect(
        modules.some((m) => m.endsWith('/dist/bootstrap/cli-main.js')),
        args.join(' '),
      ).to.equal(true);
      expect(
        modules.filter((m) => HEAVY.test(m)),
        args.join(' '),
      ).to.deep.equal([]);
    }
    // A command that runs loads the runtime, its context among them, but on SQLite without Redis neither the HTTP
    // layer (routes, presenters, schemas, validators) nor a driver or client it does not use, nor the metrics, nor the
    // logger (it logs nothing) or the sheets' reader.
    const listing = loaded('team', 'list', '--limit', '1');
    expect(listing.some((m) => m.endsWith('/dist/bootstrap/contexts/teams.js'))).to.equal(true);
    expect(listing.some((m) => m.includes('/node_modules/better-sqlite3/'))).to.equal(true);
    const UNUSED =
      /\/dist\/adapters\/(http\/(?!middleware\/request-activity\.js$|middleware\/allowed-origins\.js$)|metrics\/|ratelimit\/flexible-rate-limiter)|\/node_modules\/(pg|ioredis|prom-client|rate-limiter-flexible|pino|csv-parse|koa|@koa|@sinclair|ajv|ajv-formats)\//;
    expect(listing.filter((m) => UNUSED.test(m))).to.deep.equal([]);
  });

  it('lists teams as a table, or as JSON with --json', () => {
    const made = admin('team', 'create', '--name', 'Listed', '--json').json().team;
    const json = admin('team', 'list', '--limit', '1', '--json');
    expect(json.code).to.equal(0);
    expect(json.json().data).to.deep.equal([{ ...made, created_at: json.json().data[0].created_at }]);
    expect(json.json().next_cursor).to.be.a('string');
    const table = admin('team', 'list', '--limit', '1');
    expect(table.code).to.equal(0);
    expect(table.out.split('\n')[0]).to.match(/^id\s+name\s+client_quota\s+created_at$/);
    expect(table.out.split('\n')[1]).to.match(new RegExp(`^${made.id}\\s+Listed\\s+-\\s+\\d{4}-`));
    expect(table.out).to.contain(`Next page: workspace-admin team list --limit 1 --cursor ${json.json().next_cursor}`);
  });

  it('exits 1 with a message on stderr and nothing on stdout for errors', () => {
    for (const args of [
      ['bogus'],
      ['team', 'create'],
      ['key', 'create', '--team', '0190a000-0000-7000-8000-000000000000'],
      ['key', 'revoke', '--id', 'x'],
    ]) {
      const r = admin(...args);
      expect(r.code, args.join(' ')).to.equal(1);
      expect(r.out, args.join(' ')).to.equal('');
      expect(r.err, args.join(' ')).to.not.equal('');
    }
  });
});
