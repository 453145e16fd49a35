// Batch writes (POST /clients/batch, POST /projects/:id/leads/batch, and file imports, which run their rows
// through the same use cases): one result per item, in the order sent. One item's failure never blocks the
// others; each item is atomic.
import { DomainError } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { UnitOfWork } from './unit-of-work';

/** Most items one batch request may carry. */
export const BATCH_MAX_ITEMS = 100;

/** What a batch does with an item that names a record the team already has. */
export type OnDuplicate = 'skip' | 'update';

export type ItemStatus = 'created' | 'updated' | 'unchanged' | 'skipped' | 'error';

/** An item's refusal, in the shape of the API's error envelope (`details.field` names the item's field). */
export interface ItemError {
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

export interface ItemResult {
  /** The item's position in the request (from 0). */
  index: number;
  status: ItemStatus;
  /** The record created, updated, left unchanged or skipped as a duplicate (none for a rehearsed creation). */
  id?: string;
  error?: ItemError;
}

/** An item as its caller read it: a command, or why it could not be read (answered as that item's error). */
export type BatchItem<C> = { command: C } | { error: ItemError };

/**
 * What a rehearsal (a dry run) over several batches remembers of the earlier ones, none of which was
 * written: the duplicate keys their items would have taken, and how many records they would have created.
 */
export interface RehearsalMemory {
  keys: Set<string>;
  created: number;
}

export const newRehearsalMemory = (): RehearsalMemory => ({ keys: new Set(), created: 0 });

export const itemErrorOf = (err: DomainError): ItemError => ({
  code: err.code,
  message: err.message,
  ...(err.details ? { details: { ...err.details } } : {}),
});

/** How many items ended each way: what a batch's answer sums up. */
export interface BatchTotals {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
}

export const totalsOf = (results: readonly ItemResult[]): BatchTotals => {
  const totals: BatchTotals = { created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };
  for (const r of results) totals[r.status === 'error' ? 'failed' : r.status]++;
  return totals;
};

/** What one item came to, with the duplicate keys it took (for a rehearsal's memory). */
export interface ItemOutcome {
  status: Exclude<ItemStatus, 'error'>;
  id?: string;
  keys: string[];
}

/**
 * Runs each item in a unit of work nested in the caller's (a savepoint): an item that fails undoes only its
 * own writes, and its refusal (a domain error) becomes its result; anything else fails the whole batch.
 */
export async function eachItem<C>(
  uow: UnitOfWork,
  items: readonly BatchItem<C>[],
  work: (command: C) => Promise<ItemOutcome>,
  taken: (outcome: ItemOutcome) => void = () => {},
): Promise<ItemResult[]> {
  const results: ItemResult[] = [];
  for (const [index, item] of items.entries()) {
    if ('error' in item) {
      results.push({ index, status: 'error', error: item.error });
      continue;
    }
    try {
      const outcome = await uow.run(() => work(item.command));
      taken(outcome);
      results.push({ index, status: outcome.status, ...(outcome.id === undefined ? {} : { id: outcome.id }) });
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      results.push({ index, status: 'error', error: itemErrorOf(err) });
    }
  }
  return results;
}

/** Thrown at the end of a rehearsal's unit of work, so that everything it wrote is undone. */
class RehearsalOver extends Error {}

/**
 * Runs `work` as a batch would, in a unit of work that is then rolled back: nothing it wrote stays. What it
 * learnt goes to `memory` only once the work is over (a rehearsal that fails teaches nothing).
 */
export async function rehearsing(
  uow: UnitOfWork,
  memory: RehearsalMemory,
  work: (learnt: RehearsalMemory) => Promise<ItemResult[]>,
): Promise<ItemResult[]> {
  const learnt = newRehearsalMemory();
  let results: ItemResult[] = [];
  try {
    await uow.run(async () => {
      results = await work(learnt);
      throw new RehearsalOver();
    });
  } catch (err) {
    if (!(err instanceof RehearsalOver)) throw err;
  }
  for (const key of learnt.keys) memory.keys.add(key);
  memory.created += learnt.created;
  return results;
}

/**
 * The entry points every batch write has (POST /…/batch, and the rows of a file import): in a unit of work of
 * its own, inside the caller's, or rehearsed. A subclass writes `run`: the items in order, each outcome told to
 * `taken`, against `earlier` (a rehearsal's memory of the batches before) when it rehearses.
 */
export abstract class BatchWrite<C> {
  constructor(
    protected readonly uow: UnitOfWork,
    /** Delivers the events the batch logged (the dispatcher); woken once they are committed. */
    private readonly dispatcher: { kick(): void },
  ) {}

  /** The batch in a unit of work of its own; the dispatcher is woken once it has committed. */
  async execute(team: TeamContext, command: C): Promise<ItemResult[]> {
    const results = await this.uow.run(() => this.executeWithin(team, command));
    this.dispatcher.kick();
    return results;
  }

  /** The batch inside the caller's open unit of work; the caller calls `wakeDispatcher` once that has committed. */
  executeWithin(team: TeamContext, command: C): Promise<ItemResult[]> {
    return this.run(team, command, null, () => {});
  }

  /**
   * What `execute` would answer, writing nothing. An item repeating an item of an earlier rehearsed batch
   * (`memory`) is told as skipped or updated, and the records those batches would have created count where a
   * quota does; this batch's keys and creations are added to `memory`. A rehearsed creation has no id.
   */
  rehearse(team: TeamContext, command: C, memory: RehearsalMemory): Promise<ItemResult[]> {
    return rehearsing(this.uow, memory, (learnt) =>
      this.run(team, command, memory, (outcome) => {
        for (const key of outcome.keys) learnt.keys.add(key);
        if (outcome.status === 'created') learnt.created++;
      }),
    );
  }

  /** Asks the dispatcher to deliver the batch's events; call it outside any transaction. */
  wakeDispatcher(): void {
    this.dispatcher.kick();
  }

  protected abstract run(
    team: TeamContext,
    command: C,
    earlier: RehearsalMemory | null,
    taken: (outcome: ItemOutcome) => void,
  ): Promise<ItemResult[]>;
}
