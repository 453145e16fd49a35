import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureBuilt } = require('../../bin/build') as { ensureBuilt(this: void): void };

const BIN = join(__dirname, '..', '..', 'bin', 'workspace-admin.js');

/** `workspace-admin team list` against `databaseUrl`: its exit status and what it printed. */
function teamList(databaseUrl: string): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [BIN, 'team', 'list'], { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe('workspace-admin when its database cannot be reached', function () {
  this.timeout(60_000);
  before(() => ensureBuilt());

  it('says in one line that PostgreSQL refuses connections, and where', () => {
    const r = teamList('postgres://postgres@127.0.0.1:1/workspace');
    expect(r.code).to.equal(1);
    expect(r.out).to.equal('');
    expect(r.err).to.equal(
      'error: Cannot connect to PostgreSQL on 127.0.0.1:1 (connection refused): start it, or set DATABASE_URL to where it runs.\n',
    );
  });

  it('names a missing PostgreSQL database and the command that creates it', function () {
    const base = process.env.TEST_DATABASE_URL;
    if (!base) this.skip();
    const name = `ws_missing_${randomBytes(4).toString('hex')}`;
    const url = new URL(base);
    url.pathname = `/${name}`;
    const r = teamList(url.toString());
    expect(r.code).to.equal(1);
    expect(r.out).to.equal('');
    expect(r.err.trimEnd().split('\n')).to.have.length(1);
    expect(r.err).to.match(new RegExp(`^error: Database "${name}" does not exist on .*Create it with: createdb .*${name}\\n$`));
  });
});
