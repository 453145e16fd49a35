import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { ConfigError, SETTINGS, configReference, loadConfig } from '../../../bootstrap/config';

const ROOT = join(__dirname, '..', '..', '..');

/** The problems `loadConfig(env)` reports, one line each, or [] when it accepts the environment. */
const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    expect(err, String(err)).to.be.instanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
};

describe('Configuration: one schema, checked at start', () => {
  it('names the variable, what it got and what it takes, in one line', () => {
    const cases: Array<[NodeJS.ProcessEnv, string]> = [
      [{ PORT: '99999' }, 'PORT: got "99999"; takes a whole number from 1 to 65535'],
      [{ PORT: 'abc' }, 'PORT: got "abc"; takes a whole number from 1 to 65535'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: got "loud"; takes one of fatal, error, warn, info, debug, trace, silent'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: got "mysql://x"; takes sqlite:<file>, postgres://user@host:5432/db or memory:'],
      [{ RATE_LIMIT_PER_MINUTE: 'abc' }, 'RATE_LIMIT_PER_MINUTE: got "abc"; takes a whole number from 1 to 1000000000'],
      [{ WEB_CONCURRENCY: '0' }, 'WEB_CONCURRENCY: got "0"; takes a whole number from 1 to 64'],
      [{ REDIS_URL: 'notaurl' }, 'REDIS_URL: got "notaurl"; takes a redis:// or rediss:// URL (redis://127.0.0.1:6379)'],
      [{ DEMO: 'yes' }, 'DEMO: got "yes"; takes 1, true, 0 or false'],
      [{ HOST: 'http://localhost' }, 'HOST: got "http://localhost"; takes a host name or IP address to listen on (127.0.0.1, 0.0.0.0, ::)'],
    ];
    for (const [env, line] of cases) {
      expect(problemsOf(env), JSON.stringify(env)).to.deep.equal([line]);
      expect(() => loadConfig(env)).to.throw(ConfigError, line);
    }
  });

  it('reports every wrong setting at once, one line each', () => {
    const problems = problemsOf({ PORT: '0', LOG_LEVEL: 'LOUD', WEB_CONCURRENCY: '-1', CORS_ORIGINS: 'https://ok.example.com,*' });
    expect(problems).to.have.length(4);
    expect(problems.map((p) => p.split(':')[0])).to.deep.equal(['PORT', 'LOG_LEVEL', 'WEB_CONCURRENCY', 'CORS_ORIGINS']);
    for (const p of problems) expect(p).to.not.contain('\n');
    expect(problems[3]).to.contain('got "*"');
  });

  it('never repeats a secret or a password it was given', () => {
    const [key] = problemsOf({ SECRETS_KEY: 'not-a-key-but-secret' });
    expect(key).to.match(/^SECRETS_KEY: got a value of 20 characters \(not shown\); takes 32 bytes/);
    expect(key).to.not.contain('not-a-key-but-secret');
    const [url] = problemsOf({ DATABASE_URL: 'mysql://admin:hunter2@db.example.com/app' });
    expect(url).to.contain('mysql://admin:***@db.example.com/app').and.not.contain('hunter2');
    const [redis] = problemsOf({ REDIS_URL: 'http://:hunter2@cache:6379' });
    expect(redis).to.not.contain('hunter2');
  });

  it('has a default for every setting, and these are they', () => {
    const config = loadConfig({});
    expect(config).to.deep.include({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/workspace.db',
      logLevel: 'info',
      rateLimitPerMinute: 600,
      publicRateLimitPerMinute: 600,
      inboundRateLimitPerMinute: 1200,
      inboundMaxRecords: 500,
      authFailureLimitPerMinute: 30,
      trustedProxyHops: 0,
      redisUrl: undefined,
      workers: Math.min(availableParallelism(), 4),
      demo: true,
      corsOrigins: [],
      headersTimeoutMs: 10000,
      requestTimeoutMs: 30000,
      shutdownTimeoutMs: 10000,
      whatsapp: { cloudApiUrl: 'https://graph.facebook.com/v21.0', appSecret: undefined, verifyToken: undefined },
      providerAllowPrivateNetworks: false,
      secretsKey: undefined,
      secretsKeyPrevious: undefined,
      metricsToken: undefined,
    });
    // An empty value is no value.
    expect(loadConfig({ PORT: '', LOG_LEVEL: '', DEMO: '' })).to.include({ port: 3000, logLevel: 'info', demo: true });
  });

  it('reads each setting into its field', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app@db:5432/workspace',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '3',
      REDIS_URL: 'rediss://cache.example.com:6380',
      DEMO: '0',
      WHATSAPP_CLOUD_API_URL: 'http://127.0.0.1:9000/v1',
      WHATSAPP_APP_SECRET: 's3cret',
      WHATSAPP_VERIFY_TOKEN: 'verify',
      METRICS_TOKEN: 'scrape-me',
    });
    expect(config).to.deep.include({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db:5432/workspace',
      logLevel: 'warn',
      workers: 3,
      redisUrl: 'rediss://cache.example.com:6380',
      demo: false,
      metricsToken: 'scrape-me',
      whatsapp: { cloudApiUrl: 'http://127.0.0.1:9000/v1', appSecret: 's3cret', verifyToken: 'verify' },
    });
    expect(loadConfig({ DATABASE_URL: 'memory:', WEB_CONCURRENCY: '4' }).workers, 'memory: lives in one process').to.equal(1);
  });

  it('is the only place that reads a setting from the environment', () => {
    const readers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (name.endsWith('.ts') && /process\.env(\.|\[)/.test(readFileSync(path, 'utf8'))) readers.push(relative(ROOT, path));
      }
    };
    for (const dir of ['domain', 'application', 'adapters', 'bootstrap']) walk(join(ROOT, dir));
    expect(readers.filter((path) => path !== join('bootstrap', 'config.ts'))).to.deep.equal([]);
  });

  it('describes every setting: its type, default, what it takes and what it is for', () => {
    for (const [name, setting] of Object.entries(SETTINGS)) {
      expect(setting.takes, name).to.be.a('string').that.is.not.empty;
      expect(setting.defaultText, name).to.be.a('string').that.is.not.empty;
      expect(setting.description, name).to.be.a('string').that.is.not.empty;
    }
    const table = configReference();
    for (const name of Object.keys(SETTINGS)) expect(table, name).to.contain(`| \`${name}\` |`);
    expect(table).to.contain('a whole number from 1 to 65535');
  });
});
