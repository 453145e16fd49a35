import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { loadConfig } from '../../bootstrap/config';
import { buildRuntime } from '../../bootstrap/container';
import { buildHttpApp } from '../../bootstrap/http';

const BIN = join(__dirname, '..', '..', 'bin', 'workspace-admin.js');

describe('workspace-admin', function () {
  this.timeout(60000);
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const admin = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
    return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim(), json: () => JSON.parse(r.stdout) };
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'admin-'));
    env = { ...process.env, DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}` };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates, printing one JSON object', () => {
    const r = admin('migrate');
    expect(r.code).to.equal(0);
    expect(r.json()).to.deep.equal({ migrated: true });
  });

  it('creates a team with a working key, issues and revokes keys', async () => {
    const created = admin('team', 'create', '--name', 'Acme', '--client-quota', '2');
    expect(created.code).to.equal(0);
    const { team, api_key } = created.json();
    expect(team).to.include({ name: 'Acme', client_quota: 2 });
    expect(api_key.key).to.match(/^wsk_/);

    const second = admin('key', 'create', '--team', team.id, '--name', 'zapier');
    expect(second.code).to.equal(0);
    expect(Object.keys(second.json())).to.deep.equal(['id', 'key']);

    const runtime = buildRuntime({ ...loadConfig(env), logLevel: 'silent' });
    try {
      const http = supertest(buildHttpApp(runtime).callback());
      await http.get('/api/v1/clients').set('Authorization', `Bearer ${second.json().key}`).expect(200);
      const revoked = admin('key', 'revoke', '--id', second.json().id);
      expect(revoked.json()).to.deep.equal({ id: second.json().id, is_active: false });
      await http.get('/api/v1/clients').set('Authorization', `Bearer ${second.json().key}`).expect(401);
      await http.get('/api/v1/clients').set('Authorization', `Bearer ${api_key.key}`).expect(200);
    } finally {
      await runtime.close();
    }
  });

  it('creates the demo team with sample data', () => {
    const r = admin('demo');
    expect(r.code).to.equal(0);
    expect(r.json().api_key.key).to.match(/^wsk_/);
    expect(r.json().team.name).to.equal('Demo Agency');
  });

  it('exits 1 with a message on stderr and nothing on stdout for errors', () => {
    for (const args of [['bogus'], ['team', 'create'], ['key', 'create', '--team', '0190a000-0000-7000-8000-000000000000'], ['key', 'revoke', '--id', 'x']]) {
      const r = admin(...args);
      expect(r.code, args.join(' ')).to.equal(1);
      expect(r.out, args.join(' ')).to.equal('');
      expect(r.err, args.join(' ')).to.not.equal('');
    }
  });
});
