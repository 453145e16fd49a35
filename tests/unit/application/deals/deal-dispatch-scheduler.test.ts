import { expect } from 'chai';
import { DealDispatchScheduler } from '../../../../application/deals/deal-dispatch-scheduler';
import { DispatchDealEvents, DispatchReport } from '../../../../application/deals/dispatch-deal-events';
import { PurgeIdempotencyKeys } from '../../../../application/deals/purge-idempotency-keys';
import { Logger } from '../../../../application/shared/logger';

const tick = () => new Promise((r) => setTimeout(r, 20));

/** A scheduler over a dispatcher that answers the reports given, one per run, then empty ones. */
function world(reports: Array<DispatchReport | Error> = []) {
  const runs: number[] = [];
  const errors: string[] = [];
  let purges = 0;
  let release: (() => void) | null = null;
  let hold = false;
  const dispatch = {
    async execute(command: { limit?: number }) {
      runs.push(command.limit ?? 0);
      if (release === null && runs.length === 1 && hold)
        await new Promise<void>((r) => {
          release = r;
        });
      const next = reports.shift() ?? { claimed: 0, delivered: 0, retrying: 0 };
      if (next instanceof Error) throw next;
      return next;
    },
  } as unknown as DispatchDealEvents;
  const purge = {
    async execute() {
      purges += 1;
      return 0;
    },
  } as unknown as PurgeIdempotencyKeys;
  const logger = {
    debug() {},
    info() {},
    warn() {},
    error: (_: unknown, msg: string) => {
      errors.push(msg);
    },
  } as unknown as Logger;
  const scheduler = new DealDispatchScheduler(
    () => dispatch,
    () => purge,
    () => logger,
    60_000,
  );
  return {
    scheduler,
    runs,
    errors,
    get purges() {
      return purges;
    },
    holdFirstRun() {
      hold = true;
    },
    releaseFirstRun() {
      release?.();
    },
  };
}

describe('DealDispatchScheduler', () => {
  it('does nothing when kicked before it is started (the CLI and tests run nothing behind their back)', async () => {
    const w = world();
    w.scheduler.kick();
    await tick();
    expect(w.runs).to.deep.equal([]);
  });

  it('dispatches once when started, purges expired keys, and again while batches come back full', async () => {
    const full = { claimed: 100, delivered: 100, retrying: 0 };
    const w = world([full, full]);
    const stop = w.scheduler.start();
    await tick();
    await stop();
    expect(w.runs).to.deep.equal([100, 100, 100]);
    expect(w.purges).to.equal(1);
  });

  it('runs one dispatch at a time, and one more pass for all the kicks that came during it', async () => {
    const w = world();
    w.holdFirstRun();
    const stop = w.scheduler.start();
    await tick();
    w.scheduler.kick();
    w.scheduler.kick();
    await tick();
    expect(w.runs, 'still the first run').to.have.length(1);
    w.releaseFirstRun();
    await tick();
    expect(w.runs).to.have.length(2);
    await stop();
  });

  it('waits, when stopped, for the dispatch under way, and runs nothing after', async () => {
    const w = world();
    w.holdFirstRun();
    const stop = w.scheduler.start();
    await tick();
    let stopped = false;
    const stopping = stop().then(() => {
      stopped = true;
    });
    await tick();
    expect(stopped, 'stopped before the run ended').to.equal(false);
    w.releaseFirstRun();
    await stopping;
    w.scheduler.kick();
    await tick();
    expect(w.runs).to.have.length(1);
  });

  it('logs a failed dispatch at error and goes on with the next kick', async () => {
    const w = world([new Error('database gone')]);
    const stop = w.scheduler.start();
    await tick();
    w.scheduler.kick();
    await tick();
    await stop();
    expect(w.errors).to.deep.equal(['deal event dispatch failed']);
    expect(w.runs).to.have.length(2);
  });
});
