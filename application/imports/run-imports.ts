import {
  IMPORT_MAX_ATTEMPTS,
  Import,
  ImportData,
  ImportRowData,
  ImportRowProblem,
  RowOutcome,
  processedOf,
} from '../../domain/imports/import';
import { ImportRepository } from '../../domain/imports/import-repository';
import { ClientRowCommand, LeadRowCommand, RowReading } from '../../domain/imports/import-rows';
import { Conflict, NotFound } from '../../domain/shared/errors';
import { TeamContext, importActor } from '../../domain/shared/team';
import { BackgroundLoop } from '../shared/background-loop';
import { BackgroundWork } from '../shared/background-work';
import { BatchItem, ItemResult, RehearsalMemory, newRehearsalMemory } from '../shared/batch';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { LoadGauge, idleGauge } from '../shared/load-gauge';
import { Logger } from '../shared/logger';
import { shareWithRequests } from '../shared/share-with-requests';
import { UnitOfWork } from '../shared/unit-of-work';
import { ImportTrigger } from './receive-import';
import { RowWriters } from './row-writers';
import { SheetRules } from './sheet-rules';

/** Rows written per batch (one unit of work): few enough that a batch holds the process only milliseconds. */
export const IMPORT_BATCH_ROWS = 50;

export interface RunImportsSettings {
  /** How long a claim holds without a batch renewing it; a node that stops is taken over after this. */
  leaseMs: number;
  /** How often a server process looks for imports to run on its own (a new import wakes it at once). */
  intervalMs: number;
  /** Rows a batch writes (IMPORT_BATCH_ROWS unless given). */
  batchRows?: number;
}

/** The claim went to another node meanwhile (this one stalled past its lease): its batch is undone. */
class LeaseLost extends Error {
  constructor(importId: string) {
    super(`The lease of import ${importId} was taken over`);
  }
}

type AnyReading = RowReading<ClientRowCommand> | RowReading<LeadRowCommand>;

/** A row as a batch item: its command, or, when a problem keeps it out, its refusal naming the field. */
export function itemOf<C>(reading: RowReading<C>): BatchItem<C> {
  const error = reading.problems.find((p) => p.level === 'error');
  if (!error && reading.command !== undefined) return { command: reading.command };
  const field = error?.field ?? error?.column;
  return {
    error: {
      code: 'VALIDATION_ERROR',
      message: error?.message ?? 'The row could not be read',
      ...(field !== undefined ? { details: { field } } : {}),
    },
  };
}

/** A row's outcome from its batch result: the problems read in the row, and the refusal of its record. */
function outcomeOf(row: ImportRowData, reading: AnyReading, item: BatchItem<unknown>, result: ItemResult | undefined): RowOutcome {
  if (!result) throw new Error(`The batch gave no result for row ${row.seq}`);
  const problems: ImportRowProblem[] = reading.problems.map((p) => ({ ...p }));
  if (result.error && 'command' in item) {
    const field = result.error.details?.field;
    problems.push({
      level: 'error',
      ...(typeof field === 'string' ? { field } : {}),
      message: result.error.message,
      code: result.error.code,
    });
  }
  return { seq: row.seq, status: result.status === 'error' ? 'failed' : result.status, recordId: result.id ?? null, problems };
}

/**
 * Runs queued imports, in the background of every server process (and to the end in the operator's CLI):
 * claims one (queued, or running under a lease that ran out), then writes its pending rows 100 at a time in
 * their order. In a real run each batch is one unit of work: the records (through the resource's batch write,
 * with their events), the rows' outcomes, the import's totals and its lease renewed, so nothing is ever
 * counted that was not written. A dry run rehearses each batch instead, remembering earlier batches for the
 * run; taken over after its node stopped, it starts over. An attempt that fails is undone batch-wise and
 * tried again, up to three attempts; then the import is failed with what was done so far.
 */
export class RunImports implements BackgroundWork, ImportTrigger {
  private readonly loop: BackgroundLoop;
  /** This process, as the holder of the leases it takes. */
  private readonly owner: string;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly imports: ImportRepository,
    private readonly writers: RowWriters,
    private readonly rules: SheetRules,
    ids: IdGenerator,
    private readonly clock: Clock,
    private readonly logger: () => Logger,
    private readonly settings: RunImportsSettings,
    /** How busy this process is: requests come first, imports take what they leave. */
    private readonly load: LoadGauge = idleGauge,
  ) {
    this.owner = `imports-${ids.next()}`;
    this.loop = new BackgroundLoop(
      (isActive) => this.runNext(isActive, true),
      (err) => this.logger().error({ err }, 'import run failed'),
      settings.intervalMs,
    );
  }

  kick(): void {
    this.loop.kick();
  }

  start(): () => Promise<void> {
    return this.loop.start();
  }

  /** Runs every claimable import to its end, one after the other, without giving way; how many it ran. */
  async runPending(): Promise<number> {
    let ran = 0;
    while (await this.runNext(() => true, false)) ran += 1;
    return ran;
  }

  /**
   * Runs one import to its end in this process (the operator's CLI), however many attempts that takes (at
   * most three), telling `onProgress` after each batch. 404 when the team has no such import; 409 while
   * another node holds it. Answers the import as it ended.
   */
  async runToEnd(team: TeamContext, importId: string, onProgress?: (data: ImportData) => void): Promise<ImportData> {
    for (let attempt = 0; attempt <= IMPORT_MAX_ATTEMPTS; attempt++) {
      const now = this.clock.now();
      const claimed = await this.imports.claim(team, importId, this.owner, now, this.leaseFrom(now));
      if (!claimed) {
        const found = await this.imports.findById(team, importId);
        if (!found) throw new NotFound('Import not found');
        if (found.status === 'succeeded' || found.status === 'failed') return found;
        throw new Conflict('The import is being run by another node');
      }
      await this.run(claimed, () => true, false, onProgress);
    }
    const found = await this.imports.findById(team, importId);
    if (!found) throw new NotFound('Import not found');
    return found;
  }

  private async runNext(isActive: () => boolean, giveWay: boolean): Promise<boolean> {
    const now = this.clock.now();
    const claimed = await this.imports.claimNext(this.owner, now, this.leaseFrom(now));
    if (!claimed) return false;
    await this.run(claimed, isActive, giveWay);
    return true;
  }

  private leaseFrom(now: Date): Date {
    return new Date(now.getTime() + this.settings.leaseMs);
  }

  /** One attempt: batches until no row is pending, the process stops, or a batch fails. */
  private async run(
    claimed: ImportData,
    isActive: () => boolean,
    giveWay: boolean,
    onProgress?: (data: ImportData) => void,
  ): Promise<void> {
    const team: TeamContext = { teamId: claimed.teamId, actor: importActor(claimed.id) };
    let current = Import.restore(claimed);
    // What a dry run would have written lives only here: an attempt that did not start it starts it over.
    const memory = claimed.dryRun ? newRehearsalMemory() : null;
    try {
      if (claimed.dryRun && processedOf(claimed.totals) > 0) {
        const restarted = Import.restore(claimed);
        await this.uow.run(async () => {
          await this.imports.resetRows(team, claimed.id, this.clock.now().toISOString());
          restarted.restartRehearsal(this.clock.now());
          await this.hold(restarted);
        });
        current = restarted;
      }
      let lastBatchMs = 0;
      for (;;) {
        if (!isActive()) {
          await this.letGo(team, claimed.id, false);
          return;
        }
        if (giveWay) await shareWithRequests(this.load, isActive, lastBatchMs);
        const started = performance.now();
        const rows = await this.imports.pendingRows(team, claimed.id, this.settings.batchRows ?? IMPORT_BATCH_ROWS);
        if (rows.length === 0) {
          const done = Import.restore(current.snapshot());
          await this.uow.run(async () => {
            done.succeed(this.clock.now());
            await this.hold(done);
          });
          onProgress?.(done.snapshot());
          return;
        }
        current = await this.runBatch(team, current, rows, memory);
        lastBatchMs = performance.now() - started;
        onProgress?.(current.snapshot());
      }
    } catch (err) {
      if (err instanceof LeaseLost) {
        this.logger().warn({ importId: claimed.id }, 'import taken over by another node');
        return;
      }
      this.logger().error({ err, importId: claimed.id, attempt: claimed.attempts }, 'import attempt failed');
      await this.letGo(team, claimed.id, true);
    }
  }

  /** One batch, committed whole: the entity as it is after it. */
  private async runBatch(team: TeamContext, current: Import, rows: ImportRowData[], memory: RehearsalMemory | null): Promise<Import> {
    const data = current.snapshot();
    const readings: AnyReading[] = rows.map((r) =>
      data.resource === 'clients' ? this.rules.readClientRow(data.plan, r.cells) : this.rules.readLeadRow(data.plan, r.cells),
    );
    const items = readings.map((r) => itemOf<unknown>(r));
    const next = Import.restore(data);
    const record = async (results: ItemResult[]) => {
      const byIndex = new Map(results.map((r) => [r.index, r]));
      const outcomes = rows.map((row, i) => outcomeOf(row, readings[i], items[i], byIndex.get(i)));
      const now = this.clock.now();
      await this.imports.saveOutcomes(team, data.id, outcomes, now.toISOString());
      next.count(outcomes, now);
      next.renew(this.leaseFrom(now), now);
      await this.hold(next);
    };
    if (memory) {
      const results = await this.write(team, data, readings, memory);
      await this.uow.run(() => record(results));
      return next;
    }
    await this.uow.run(async () => record(await this.write(team, data, readings, null)));
    (data.resource === 'clients' ? this.writers.clients() : this.writers.leads()).wakeDispatcher();
    return next;
  }

  /** The batch through its resource's writer: written inside the open unit, or rehearsed against `memory`. */
  private write(team: TeamContext, data: ImportData, readings: AnyReading[], memory: RehearsalMemory | null): Promise<ItemResult[]> {
    if (data.resource === 'clients') {
      const writer = this.writers.clients();
      const command = { items: (readings as RowReading<ClientRowCommand>[]).map((r) => itemOf(r)), onDuplicate: data.onDuplicate };
      return memory ? writer.rehearse(team, command, memory) : writer.executeWithin(team, command);
    }
    const writer = this.writers.leads();
    if (!data.projectId) throw new Error(`Lead import ${data.id} has no project`);
    const command = {
      projectId: data.projectId,
      items: (readings as RowReading<LeadRowCommand>[]).map((r) => itemOf(r)),
      onDuplicate: data.onDuplicate,
    };
    return memory ? writer.rehearse(team, command, memory) : writer.executeWithin(team, command);
  }

  /** Writes the import if this process still holds it; else undoes the unit it runs in. */
  private async hold(entity: Import): Promise<void> {
    if (!(await this.imports.saveHeld(entity.snapshot(), this.owner))) throw new LeaseLost(entity.id);
  }

  /**
   * Gives the claim up so the next attempt may come at once: after a failed attempt, the import is failed
   * instead when its attempts are spent (with its totals as they were committed).
   */
  private async letGo(team: TeamContext, importId: string, failed: boolean): Promise<void> {
    await this.uow.run(async () => {
      const found = await this.imports.findById(team, importId);
      if (!found || found.status !== 'running' || found.leaseOwner !== this.owner) return;
      const entity = Import.restore(found);
      const now = this.clock.now();
      if (failed && entity.attemptsSpent) {
        entity.fail(
          {
            code: 'IMPORT_FAILED',
            message: `The import stopped after ${IMPORT_MAX_ATTEMPTS} failed attempts; the rows done before are kept and counted`,
          },
          now,
        );
      } else {
        entity.release(now);
      }
      await this.imports.saveHeld(entity.snapshot(), this.owner);
    });
  }
}
