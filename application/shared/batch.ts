// Batch writes (POST /clients/batch, POST /projects/:id/leads/batch, and file imports, which run their rows
// through the same use cases): one result per item, in the order sent. One item's failure never blocks the
// others; each item is atomic.
import { DomainError } from '../../domain/shared/errors';

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
