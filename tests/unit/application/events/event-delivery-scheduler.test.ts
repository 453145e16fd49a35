import { expect } from 'chai';
import { DeliverEvents } from '../../../../application/events/deliver-events';
import { EventDeliveryScheduler } from '../../../../application/events/event-delivery-scheduler';
import { PurgeEvents } from '../../../../application/events/purge-events';
import { Logger } from '../../../../application/shared/logger';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A deliverer that records when it ran and finds nothing due. */
const recording = () => {
  const runs: number[] = [];
  const deliver = { execute: async () => (runs.push(Date.now()), { claimed: 0, succeeded: 0, failed: 0 }) } as unknown as DeliverEvents;
  return { runs, deliver };
};
const purge = { execute: async () => 0 } as unknown as PurgeEvents;

describe('EventDeliveryScheduler', () => {
  it('sends at once when the process is idle', async () => {
    const { runs, deliver } = recording();
    const started = Date.now();
    const stop = new EventDeliveryScheduler(
      () => deliver,
      () => purge,
      () => silent,
      60_000,
      { utilization: () => 0 },
    ).start();
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    expect(runs).to.have.length(1);
    expect(runs[0] - started).to.be.below(900);
  });

  it('gives way to a busy process, but never for longer than a second', async () => {
    const { runs, deliver } = recording();
    const started = Date.now();
    const stop = new EventDeliveryScheduler(
      () => deliver,
      () => purge,
      () => silent,
      60_000,
      { utilization: () => 0.95 },
    ).start();
    await new Promise((r) => setTimeout(r, 1500));
    await stop();
    expect(runs).to.have.length(1);
    expect(runs[0] - started).to.be.at.least(950);
  });
});
