import { expect } from 'chai';
import { loadConfig } from '../../../bootstrap/config';

describe('Configuration: CORS_ORIGINS', () => {
  it('allows no origin by default, and reads a comma-separated list of origins', () => {
    expect(loadConfig({}).corsOrigins).to.deep.equal([]);
    expect(loadConfig({ CORS_ORIGINS: 'https://painel.agencia.com.br, http://localhost:5173' }).corsOrigins).to.deep.equal([
      'https://painel.agencia.com.br',
      'http://localhost:5173',
    ]);
  });

  it('refuses what is not exactly an origin, naming it', () => {
    for (const bad of ['*', 'painel.agencia.com.br', 'https://painel.agencia.com.br/', 'https://x.com/app', 'ftp://x.com']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).to.throw(/CORS_ORIGINS/);
    }
  });

  it('reads an origin whose host starts with `*.`, for every subdomain of the rest', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://*.example.com, http://*.agencia.local:5173' }).corsOrigins).to.deep.equal([
      'https://*.example.com',
      'http://*.agencia.local:5173',
    ]);
  });

  it('refuses a wildcard anywhere but as the whole first label, or over a single label', () => {
    for (const bad of [
      '*.example.com',
      'https://*',
      'https://*.com',
      'https://*example.com',
      'https://app*.example.com',
      'https://app.*.example.com',
      'https://*.*.example.com',
      'https://*.example.com/',
      'https://*.EXAMPLE.com',
      'https://*.127.0.0.1',
      'https://*.[::1]',
      'ftp://*.example.com',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: bad }), bad).to.throw(/CORS_ORIGINS/);
    }
  });
});

describe('Configuration: server timeouts', () => {
  it('defaults to 10 s for headers and for stopping, 30 s for a whole request, and reads milliseconds', () => {
    expect(loadConfig({})).to.include({ headersTimeoutMs: 10000, requestTimeoutMs: 30000, shutdownTimeoutMs: 10000 });
    expect(loadConfig({ HEADERS_TIMEOUT_MS: '2000', REQUEST_TIMEOUT_MS: '5000', SHUTDOWN_TIMEOUT_MS: '0' })).to.include({
      headersTimeoutMs: 2000,
      requestTimeoutMs: 5000,
      shutdownTimeoutMs: 0,
    });
  });

  it('refuses what is not a whole number of milliseconds, naming the setting', () => {
    for (const name of ['HEADERS_TIMEOUT_MS', 'REQUEST_TIMEOUT_MS', 'SHUTDOWN_TIMEOUT_MS']) {
      for (const bad of ['abc', '-5', '1.5', '10s', '99999999999']) {
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).to.throw(new RegExp(name));
      }
    }
  });

  it('refuses a zero headers or request timeout (it would turn the timeout off)', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '0' })).to.throw(/HEADERS_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).to.throw(/REQUEST_TIMEOUT_MS/);
  });

  it('refuses a headers timeout longer than the request timeout, naming both', () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: '40000' })).to.throw(/HEADERS_TIMEOUT_MS.*REQUEST_TIMEOUT_MS/);
  });
});

describe('Configuration: the deal-event dispatcher', () => {
  it('polls every second and holds its claims a minute by default, and reads milliseconds', () => {
    expect(loadConfig({}).outbox).to.deep.equal({ pollMs: 1000, leaseMs: 60000 });
    expect(loadConfig({ OUTBOX_POLL_MS: '200', OUTBOX_LEASE_MS: '3000' }).outbox).to.deep.equal({ pollMs: 200, leaseMs: 3000 });
  });

  it('refuses a poll under 50 ms or a lease under a second, naming the setting', () => {
    for (const [name, bad] of [
      ['OUTBOX_POLL_MS', '10'],
      ['OUTBOX_LEASE_MS', '500'],
      ['OUTBOX_LEASE_MS', '1m'],
      ['OUTBOX_POLL_MS', '-1'],
    ]) {
      expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).to.throw(new RegExp(name));
    }
  });
});

describe('Configuration: how long an API key is trusted once read', () => {
  it('trusts a key for a second by default, reads milliseconds, and takes 0 (read on every request)', () => {
    expect(loadConfig({}).apiKeyCacheMs).to.equal(1000);
    expect(loadConfig({ API_KEY_CACHE_MS: '250' }).apiKeyCacheMs).to.equal(250);
    expect(loadConfig({ API_KEY_CACHE_MS: '0' }).apiKeyCacheMs).to.equal(0);
  });

  it('refuses a negative value, a unit, or more than a minute (a revocation waits that long), naming the setting', () => {
    for (const bad of ['-1', '1s', '60001']) {
      expect(() => loadConfig({ API_KEY_CACHE_MS: bad }), bad).to.throw(/API_KEY_CACHE_MS/);
    }
  });
});

describe('Configuration: PostgreSQL connections for units of work', () => {
  it('keeps 4 a process by default and takes 1 to 100', () => {
    expect(loadConfig({}).databasePoolMax).to.equal(4);
    expect(loadConfig({ DATABASE_POOL_MAX: '1' }).databasePoolMax).to.equal(1);
    expect(loadConfig({ DATABASE_POOL_MAX: '100' }).databasePoolMax).to.equal(100);
  });

  it('refuses 0, more than 100, or what is not a whole number, naming the setting', () => {
    for (const bad of ['0', '101', '2.5', 'ten']) {
      expect(() => loadConfig({ DATABASE_POOL_MAX: bad }), bad).to.throw(/DATABASE_POOL_MAX/);
    }
  });
});

describe('Configuration: how long raw payloads are kept', () => {
  it('keeps raw inbound bodies and raw WhatsApp objects 90 days by default, and takes 1 to 3650 days', () => {
    expect(loadConfig({}).minimisation).to.deep.equal({ inboundRawRetentionDays: 90, whatsappRawRetentionDays: 90 });
    expect(loadConfig({ INBOUND_RAW_RETENTION_DAYS: '1', WHATSAPP_RAW_RETENTION_DAYS: '3650' }).minimisation).to.deep.equal({
      inboundRawRetentionDays: 1,
      whatsappRawRetentionDays: 3650,
    });
  });

  it('refuses 0, more than 3650, or what is not a whole number of days, naming the setting', () => {
    for (const name of ['INBOUND_RAW_RETENTION_DAYS', 'WHATSAPP_RAW_RETENTION_DAYS']) {
      for (const bad of ['0', '3651', '1.5', '30d', '-1']) {
        expect(() => loadConfig({ [name]: bad }), `${name}=${bad}`).to.throw(
          new RegExp(`${name}: got "${bad}"; takes a whole number from 1 to 3650`),
        );
      }
    }
  });
});
