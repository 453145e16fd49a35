import { expect } from 'chai';
import { Logger } from '../../../../application/shared/logger';
import { CheckReadiness } from '../../../../application/shared/readiness';

class FixedClock {
  constructor(public at = new Date('2026-03-01T12:00:00.000Z')) {}
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

interface Line {
  level: string;
  fields: Record<string, unknown>;
  message: string;
}

const capture = (): { lines: Line[]; logger: Logger } => {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => {
    lines.push({ level, fields, message });
  };
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
};

/** A probe that counts its checks and answers what `answer` says (a state, an error, or never). */
const probe = (name: string, critical: boolean, answer: () => Promise<string>) => {
  const p = {
    name,
    critical,
    calls: 0,
    check: () => {
      p.calls++;
      return answer();
    },
  };
  return p;
};

const never = () => new Promise<string>(() => undefined);

describe('CheckReadiness', () => {
  it('is ready when every critical dependency answers, showing every check by name in order', async () => {
    const { logger } = capture();
    const check = new CheckReadiness(
      [
        probe('database', true, async () => 'ok'),
        probe('redis', false, async () => 'not configured'),
        probe('rate_limit_store', false, async () => 'ok'),
      ],
      new FixedClock(),
      logger,
    );
    const r = await check.execute();
    expect(r).to.deep.equal({ ready: true, checks: { database: 'ok', redis: 'not configured', rate_limit_store: 'ok' } });
    expect(Object.keys(r.checks)).to.deep.equal(['database', 'redis', 'rate_limit_store']);
  });

  it('is not ready when a critical dependency fails, naming it with a short reason (its error code), and logs it once at warn', async () => {
    const { lines, logger } = capture();
    const clock = new FixedClock();
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432'), { code: 'ECONNREFUSED' });
    const check = new CheckReadiness(
      [
        probe('database', true, async () => {
          throw refused;
        }),
        probe('redis', true, async () => 'ok'),
      ],
      clock,
      logger,
    );
    expect(await check.execute()).to.deep.equal({ ready: false, checks: { database: 'error: ECONNREFUSED', redis: 'ok' } });
    clock.advance(5000);
    await check.execute();
    const warned = lines.filter((l) => l.level === 'warn');
    expect(warned).to.have.length(1);
    expect(warned[0].fields.dependency).to.equal('database');
  });

  it('keeps a non-critical dependency out of the verdict: a degraded one is shown and the node stays ready', async () => {
    const { logger } = capture();
    const check = new CheckReadiness(
      [probe('database', true, async () => 'ok'), probe('rate_limit_store', false, async () => 'degraded')],
      new FixedClock(),
      logger,
    );
    expect(await check.execute()).to.deep.equal({ ready: true, checks: { database: 'ok', rate_limit_store: 'degraded' } });
  });

  it('answers a dependency that hangs as a timeout, in about the timeout, and asks it nothing more while it hangs', async () => {
    const { logger } = capture();
    const clock = new FixedClock();
    const hung = probe('database', true, never);
    const check = new CheckReadiness([hung], clock, logger, { timeoutMs: 50 });
    const started = Date.now();
    expect(await check.execute()).to.deep.equal({ ready: false, checks: { database: 'error: timeout after 50 ms' } });
    expect(Date.now() - started).to.be.lessThan(1000);
    clock.advance(5000);
    expect((await check.execute()).checks.database).to.equal('error: timeout after 50 ms');
    // The first check is still in flight: a hung database does not collect one query per probe.
    expect(hung.calls).to.equal(1);
  });

  it('caches the answer for a second: two calls within it run one check, and concurrent calls share one', async () => {
    const { logger } = capture();
    const clock = new FixedClock();
    const db = probe('database', true, async () => 'ok');
    const check = new CheckReadiness([db], clock, logger);
    await Promise.all([check.execute(), check.execute(), check.execute()]);
    expect(db.calls).to.equal(1);
    clock.advance(999);
    await check.execute();
    expect(db.calls).to.equal(1);
    clock.advance(1);
    await check.execute();
    expect(db.calls).to.equal(2);
  });

  it('logs at info when a failed dependency answers again', async () => {
    const { lines, logger } = capture();
    const clock = new FixedClock();
    let up = false;
    const check = new CheckReadiness(
      [
        probe('redis', true, async () => {
          if (!up) throw new Error('Connection is closed.');
          return 'ok';
        }),
      ],
      clock,
      logger,
    );
    expect((await check.execute()).checks.redis).to.equal('error: Connection is closed.');
    up = true;
    clock.advance(1000);
    expect(await check.execute()).to.deep.equal({ ready: true, checks: { redis: 'ok' } });
    expect(lines.map((l) => [l.level, l.fields.dependency])).to.deep.equal([
      ['warn', 'redis'],
      ['info', 'redis'],
    ]);
  });
});
