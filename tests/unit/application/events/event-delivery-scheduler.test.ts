import { expect } from 'chai';
import { DeliverEvents } from '../../../../application/events/deliver-events';
import { EventDeliveryScheduler } from '../../../../application/events/event-delivery-scheduler';
import { PurgeEvents } from '../../../../application/events/purge-events';
import { MinimiseRawPayloads, MinimisedRawPayloads } from '../../../../application/privacy/minimise-raw-payloads';
import { Logger } from '../../../../application/shared/logger';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** A deliverer that records when it ran and finds nothing due. */
const recording = () => {
  const runs: number[] = [];
  const deliver = { execute: async () => (runs.push(Date.now()), { claimed: 0, succeeded: 0, failed: 0 }) } as unknown as DeliverEvents;
  return { runs, deliver };
};
const purge = { execute: async () => 0 } as unknown as PurgeEvents;
const minimise = { execute: async () => ({ inboundDeliveries: 0, whatsappMessages: 0 }) } as unknown as MinimiseRawPayloads;

/** A logger that keeps what it was told, by level. */
const recordingLogger = () => {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => lines.push({ level, fields, message });
  const logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } as unknown as Logger;
  return { lines, logger };
};

describe('EventDeliveryScheduler', () => {
  it('sends at once when the process is idle', async () => {
    const { runs, deliver } = recording();
    const started = Date.now();
    const stop = new EventDeliveryScheduler(
      () => deliver,
      () => purge,
      () => minimise,
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
      () => minimise,
      () => silent,
      60_000,
      { utilization: () => 0.95 },
    ).start();
    await new Promise((r) => setTimeout(r, 1500));
    await stop();
    expect(runs).to.have.length(1);
    expect(runs[0] - started).to.be.at.least(950);
  });

  it('drops raw payloads past their retention beside the purge, and logs what it dropped', async () => {
    const { deliver } = recording();
    const { lines, logger } = recordingLogger();
    let purged = 0;
    const counting = { execute: async () => ++purged } as unknown as PurgeEvents;
    const dropped: MinimisedRawPayloads = { inboundDeliveries: 1200, whatsappMessages: 3 };
    const minimising = { execute: async () => dropped } as unknown as MinimiseRawPayloads;
    const stop = new EventDeliveryScheduler(
      () => deliver,
      () => counting,
      () => minimising,
      () => logger,
      60_000,
      { utilization: () => 0 },
    ).start();
    await new Promise((r) => setTimeout(r, 300));
    await stop();
    expect(purged).to.equal(1);
    expect(lines).to.deep.equal([{ level: 'info', fields: { dropped }, message: 'raw payloads past their retention dropped' }]);
  });

  it('logs a failed minimisation, and still purges and delivers', async () => {
    const { runs, deliver } = recording();
    const { lines, logger } = recordingLogger();
    let purged = 0;
    const counting = { execute: async () => ++purged } as unknown as PurgeEvents;
    const failure = new Error('database unavailable');
    const failing = {
      execute: async () => {
        throw failure;
      },
    } as unknown as MinimiseRawPayloads;
    const scheduler = new EventDeliveryScheduler(
      () => deliver,
      () => counting,
      () => failing,
      () => logger,
      60_000,
      { utilization: () => 0 },
    );
    const stop = scheduler.start();
    await new Promise((r) => setTimeout(r, 200));
    scheduler.kick();
    await new Promise((r) => setTimeout(r, 200));
    await stop();
    expect(lines).to.deep.equal([{ level: 'error', fields: { err: failure }, message: 'raw payload minimisation failed' }]);
    expect(purged, 'the purge after it ran').to.equal(1);
    expect(runs, 'the loop went on delivering').to.have.length(2);
  });
});
