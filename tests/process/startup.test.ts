import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backendNames } from '../support/backends';
import { freePort, RawClient, sleep } from './raw-http';

const ROOT = join(__dirname, '..', '..');

// bin/build.js is plain JavaScript, run by npm before the server and by the CLI before its commands.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const build = require('../../bin/build.js') as {
  ensureBuilt(root?: string): void;
  staleReason(root?: string): string | null;
  markBuilt(root: string): void;
};

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** The JSON log entries on stdout so far. */
  logs: () => Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; at: number }>;
  startedAt: number;
}

/** The real server (`bootstrap/server-main.ts`) as a child process, the way `npm start` runs it but from the sources. */
function run(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--require', 'tsx/cjs', join('bootstrap', 'server-main.ts')], {
    cwd: ROOT,
    env: { ...process.env, REDIS_URL: '', DEMO: '0', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  );
  return {
    child,
    stdout: () => stdout,
    stderr: () => stderr,
    logs: () =>
      stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l)),
    exited,
    startedAt: Date.now(),
  };
}

async function until(what: string, r: Run, ok: () => boolean, timeoutMs = 20000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (r.child.exitCode !== null) throw new Error(`the server exited (${r.child.exitCode}) before ${what}: ${r.stderr()}`);
    if (Date.now() > deadline) throw new Error(`not ${what} within ${timeoutMs} ms; stdout: ${r.stdout()} stderr: ${r.stderr()}`);
    await sleep(50);
  }
}

const listeningPids = (r: Run) =>
  r
    .logs()
    .filter((e) => e.msg === 'Workspace API listening')
    .map((e) => e.pid as number);

/** Sends one GET and returns the status. */
async function statusOf(port: number, path: string, key?: string): Promise<number> {
  const client = await RawClient.open(port);
  client.send(`GET ${path} HTTP/1.1\r\nHost: x\r\n${key ? `Authorization: Bearer ${key}\r\n` : ''}Connection: close\r\n\r\n`);
  const { status } = await client.nextResponse();
  client.socket.destroy();
  return status;
}

describe('Server process: starting', function () {
  this.timeout(60000);
  let dir: string;
  let runs: Run[] = [];
  const start = (env: Record<string, string>) => {
    const r = run(env);
    runs.push(r);
    return r;
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'startup-'));
  });
  afterEach(async () => {
    for (const r of runs) {
      if (r.child.exitCode === null && r.child.signalCode === null) {
        r.child.kill('SIGTERM');
        await Promise.race([r.exited, sleep(15000)]);
      }
    }
    runs = [];
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  describe('with a wrong setting', () => {
    it('exits 1 at once with one line naming it, no stack and no worker', async () => {
      const r = start({ PORT: '99999', WEB_CONCURRENCY: '2', DATABASE_URL: `sqlite:${join(dir, 'config.sqlite')}` });
      const { code } = await r.exited;
      expect(code).to.equal(1);
      expect(r.stderr()).to.equal('PORT: got "99999"; takes a whole number from 1 to 65535\n');
      expect(r.stdout()).to.equal('');
    });

    it('names every wrong setting, one line each', async () => {
      const r = start({ PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x' });
      expect((await r.exited).code).to.equal(1);
      expect(r.stderr().split('\n')).to.deep.equal([
        'PORT: got "abc"; takes a whole number from 1 to 65535',
        'DATABASE_URL: got "mysql://x"; takes sqlite:<file>, postgres://user@host:5432/db or memory:',
        'LOG_LEVEL: got "loud"; takes one of fatal, error, warn, info, debug, trace, silent',
        '',
      ]);
    });
  });

  describe('on a port already taken', () => {
    let taken: Server;
    let port: number;
    beforeEach(async () => {
      taken = createServer();
      await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
      port = (taken.address() as { port: number }).port;
    });
    afterEach(() => new Promise<void>((resolve) => taken.close(() => resolve())));

    const line = () => `Port ${port} on 127.0.0.1 is in use: stop what listens there or set PORT.\n`;

    it('in one process, exits 1 with one line naming the port, and nothing else', async () => {
      const r = start({ PORT: String(port), WEB_CONCURRENCY: '1', DATABASE_URL: `sqlite:${join(dir, 'taken-1.sqlite')}` });
      expect((await r.exited).code).to.equal(1);
      expect(r.stderr()).to.equal(line());
      expect(r.stdout()).to.equal('');
    });

    it('with workers, exits 1 with that line before forking any: no warning of workers failing, no migration', async () => {
      const file = join(dir, 'taken-2.sqlite');
      const r = start({ PORT: String(port), WEB_CONCURRENCY: '2', DATABASE_URL: `sqlite:${file}` });
      expect((await r.exited).code).to.equal(1);
      expect(r.stderr()).to.equal(line());
      expect(r.stdout(), 'no JSON log line').to.equal('');
      expect(existsSync(file), 'the database is not touched').to.equal(false);
    });
  });

  describe('with a database it cannot reach', () => {
    /** Exits 1 with `line` alone on stderr: no stack frame, no JSON log, nothing on stdout. */
    const failsWith = async (r: Run, line: string) => {
      expect((await r.exited).code, r.stderr()).to.equal(1);
      expect(r.stderr()).to.not.match(/^\s+at /m);
      expect(r.stderr()).to.equal(`${line}\n`);
      expect(r.stdout(), 'no JSON log line').to.equal('');
    };

    it('says nothing answers on the PostgreSQL host and port, in one line', async () => {
      const dbPort = await freePort();
      const r = start({
        PORT: String(await freePort()),
        WEB_CONCURRENCY: '2',
        DATABASE_URL: `postgres://postgres@127.0.0.1:${dbPort}/agencia`,
      });
      await failsWith(
        r,
        `Cannot connect to PostgreSQL on 127.0.0.1:${dbPort} (connection refused): start it, or set DATABASE_URL to where it runs.`,
      );
    });

    (backendNames().includes('postgres') ? it : it.skip)(
      'names a PostgreSQL database that does not exist and the command that creates it',
      async () => {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        const name = `ws_missing_${randomBytes(6).toString('hex')}`;
        url.pathname = `/${name}`;
        const host = url.hostname || 'localhost';
        const dbPort = url.port || '5432';
        const user = decodeURIComponent(url.username);
        const r = start({ PORT: String(await freePort()), WEB_CONCURRENCY: '2', DEMO: '1', DATABASE_URL: url.toString() });
        await failsWith(
          r,
          `Database "${name}" does not exist on ${host}:${dbPort}. Create it with: createdb -h ${host} -p ${dbPort}${user ? ` -U ${user}` : ''} ${name}`,
        );
      },
    );
  });

  describe('when it serves', () => {
    const bannerOf = (stdout: string) => stdout.split('\n').filter((l) => l !== '' && !l.startsWith('{'));

    it('prints once, after the workers listen, where to go and, on the first start, the demo team and its key', async () => {
      const port = await freePort();
      const databaseUrl = `sqlite:${join(dir, 'banner.sqlite')}`;
      const first = start({ PORT: String(port), WEB_CONCURRENCY: '2', DEMO: '1', DATABASE_URL: databaseUrl });
      await until('printing the demo key', first, () => /^Demo API key: .*\n/m.test(first.stdout()));
      expect(listeningPids(first).length, 'a worker listens before the banner').to.be.at.least(1);
      const banner = bannerOf(first.stdout());
      const base = `http://127.0.0.1:${port}`;
      expect(banner[0]).to.equal(`Workspace API is listening on ${base}/api/v1 (sqlite, 2 workers)`);
      expect(banner).to.include.members([`  API reference: ${base}/docs`, `  OpenAPI document: ${base}/api/v1/openapi.json`]);
      const teamLine = banner.find((l) => l.startsWith('Demo team: '));
      expect(teamLine).to.match(/^Demo team: [0-9a-f-]{36} \(Demo Agency\)$/);
      const key = banner.find((l) => l.startsWith('Demo API key: '))!.slice('Demo API key: '.length);
      expect(key).to.match(/^wsk_/);
      expect(banner).to.include(`  Try: curl -H "Authorization: Bearer ${key}" ${base}/api/v1/clients`);

      await until('both workers listening', first, () => listeningPids(first).length === 2);
      expect(await statusOf(port, '/api/v1/clients', key)).to.equal(200);
      expect(await statusOf(port, '/api/v1/openapi.json')).to.equal(200);
      expect(await statusOf(port, '/docs')).to.equal(200);
      await sleep(300);
      expect(
        bannerOf(first.stdout()).filter((l) => l.startsWith('Workspace API is listening')),
        'printed once',
      ).to.have.length(1);
      first.child.kill('SIGTERM');
      expect((await first.exited).code).to.equal(0);

      // The second start has no new demo team, and so no key to show.
      const second = start({ PORT: String(port), WEB_CONCURRENCY: '1', DEMO: '1', DATABASE_URL: databaseUrl });
      await until('listening', second, () => listeningPids(second).length === 1 && bannerOf(second.stdout()).length >= 3);
      await sleep(200);
      const again = bannerOf(second.stdout());
      expect(again[0]).to.equal(`Workspace API is listening on ${base}/api/v1 (sqlite, 1 process)`);
      expect(again.join('\n')).to.not.contain('Demo');
    });

    it('replaces a worker that crashes', async () => {
      const port = await freePort();
      const r = start({ PORT: String(port), WEB_CONCURRENCY: '2', DATABASE_URL: `sqlite:${join(dir, 'crash.sqlite')}` });
      await until('both workers listening', r, () => listeningPids(r).length === 2);
      const [victim] = listeningPids(r);
      process.kill(victim, 'SIGKILL');
      await until('a new worker listening', r, () => listeningPids(r).length === 3, 15000);
      expect(listeningPids(r)[2]).to.not.equal(victim);
      expect(await statusOf(port, '/api/v1/openapi.json')).to.equal(200);
      r.child.kill('SIGTERM');
      expect((await r.exited).code).to.equal(0);
    });
  });
});

describe('npm start: the build before it', function () {
  this.timeout(60000);
  let root: string;

  /** A project shaped like this one: sources in the four folders, the two entry points, its tsconfig. */
  const project = () => {
    root = mkdtempSync(join(tmpdir(), 'build-'));
    const write = (path: string, content: string) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), content);
    };
    write('domain/value.ts', 'export const value = 1;\n');
    write('application/use.ts', "import { value } from '../domain/value';\nexport const use = () => value;\n");
    write('adapters/port.ts', 'export const port = 2;\n');
    write('bootstrap/server-main.ts', "import { use } from '../application/use';\nconsole.log(use());\n");
    write('bootstrap/cli-main.ts', 'export const main = () => 0;\n');
    write('tests/ignored.ts', 'export {};\n');
    write('package.json', '{ "name": "p" }\n');
    write(
      'tsconfig.json',
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'commonjs', strict: true, outDir: 'dist', rootDir: '.', types: [] },
        include: ['domain', 'application', 'adapters', 'bootstrap'],
      }),
    );
    return root;
  };
  const built = () => {
    for (const entry of ['server-main', 'cli-main']) writeFileSync(join(root, 'dist', 'bootstrap', `${entry}.js`), '', { flag: 'a' });
    build.markBuilt(root);
  };
  /** Sets a file's modification time `secondsAgo` in the past. */
  const age = (path: string, secondsAgo: number) => {
    const t = new Date(Date.now() - secondsAgo * 1000);
    utimesSync(join(root, path), t, t);
  };

  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds when there is no build, or a source, tsconfig.json or package.json changed, been added or removed', () => {
    project();
    expect(build.staleReason(root)).to.match(/no build/);
    mkdirSync(join(root, 'dist', 'bootstrap'), { recursive: true });
    built();
    expect(build.staleReason(root)).to.equal(null);

    const changes: Array<() => void> = [
      () => writeFileSync(join(root, 'domain', 'value.ts'), 'export const value = 3;\n'),
      () => age('adapters/port.ts', 3600), // an older copy put back: the time differs from the built one's
      () => writeFileSync(join(root, 'bootstrap', 'new.ts'), 'export {};\n'),
      () => rmSync(join(root, 'application', 'use.ts')),
      () => writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { outDir: 'dist' } })),
      () => writeFileSync(join(root, 'package.json'), '{ "name": "q" }\n'),
      () => rmSync(join(root, 'dist', 'bootstrap', 'server-main.js')),
    ];
    for (const change of changes) {
      change();
      expect(build.staleReason(root), change.toString()).to.be.a('string');
      built();
      expect(build.staleReason(root), change.toString()).to.equal(null);
    }
  });

  it("does not build for what is not compiled: tests, an editor's swap file, the README", () => {
    project();
    mkdirSync(join(root, 'dist', 'bootstrap'), { recursive: true });
    built();
    writeFileSync(join(root, 'tests', 'ignored.ts'), 'export const changed = 1;\n');
    writeFileSync(join(root, 'bootstrap', '.server-main.ts.swp'), 'x');
    writeFileSync(join(root, 'README.md'), '# changed\n');
    expect(build.staleReason(root)).to.equal(null);
  });

  it('compiles once, saying so in one line on stderr, and then returns at once while nothing changed', () => {
    project();
    const ensure = () =>
      spawnSync(
        process.execPath,
        [
          '-e',
          `
      const { ensureBuilt } = require(${JSON.stringify(join(ROOT, 'bin', 'build.js'))});
      const t = process.hrtime.bigint();
      ensureBuilt(${JSON.stringify(root)});
      process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));
    `,
        ],
        { encoding: 'utf8' },
      );

    const first = ensure();
    expect(first.status, first.stderr).to.equal(0);
    expect(first.stderr.trim().split('\n'), first.stderr).to.have.length(1);
    expect(first.stderr).to.match(/^build: /);
    expect(existsSync(join(root, 'dist', 'bootstrap', 'server-main.js'))).to.equal(true);

    const second = ensure();
    expect(second.status, second.stderr).to.equal(0);
    expect(second.stderr).to.equal('');
    expect(Number(second.stdout), 'ms when nothing changed').to.be.below(50);

    const before = statSync(join(root, 'dist', 'domain', 'value.js')).mtimeMs;
    writeFileSync(join(root, 'domain', 'value.ts'), 'export const value = 4;\n');
    const third = ensure();
    expect(third.status, third.stderr).to.equal(0);
    expect(third.stderr).to.match(/^build: /);
    expect(statSync(join(root, 'dist', 'domain', 'value.js')).mtimeMs).to.be.above(before);
  });

  it("fails, with the compiler's errors on stderr, when the sources do not compile; and builds again next time", () => {
    project();
    writeFileSync(join(root, 'domain', 'value.ts'), 'export const value: number = "text";\n');
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'build.js'), '--root', root], { encoding: 'utf8' });
    expect(r.status).to.equal(1);
    expect(r.stdout).to.equal('');
    expect(r.stderr).to.contain('TS2322');
    expect(build.staleReason(root)).to.be.a('string');
  });
});
