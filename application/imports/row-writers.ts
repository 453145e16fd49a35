// What an import writes its rows through: the batch writes of its resource (POST /clients/batch, POST
// /projects/:id/leads/batch), which the upsert use cases satisfy as they are. The runner opens the unit of
// work around `executeWithin`, so a batch's records, its rows' outcomes and the import's totals commit together.
import { ClientRowCommand, LeadRowCommand } from '../../domain/imports/import-rows';
import { TeamContext } from '../../domain/shared/team';
import { BatchItem, ItemResult, OnDuplicate, RehearsalMemory } from '../shared/batch';

export interface RowWriter<W> {
  /** Writes the items inside the caller's open unit of work, with their events; wakes nothing. */
  executeWithin(team: TeamContext, command: W): Promise<ItemResult[]>;
  /** Decides each item as `executeWithin` would, remembering earlier batches in `memory`; writes nothing. */
  rehearse(team: TeamContext, command: W, memory: RehearsalMemory): Promise<ItemResult[]>;
  /** Wakes the event dispatcher once a batch written by `executeWithin` has committed. */
  wakeDispatcher(): void;
}

export interface ClientRows {
  items: BatchItem<ClientRowCommand>[];
  onDuplicate: OnDuplicate;
}

export interface LeadRows {
  projectId: string;
  items: BatchItem<LeadRowCommand>[];
  onDuplicate: OnDuplicate;
}

export type ClientRowWriter = RowWriter<ClientRows>;
export type LeadRowWriter = RowWriter<LeadRows>;

/** The writers by resource, resolved when a batch runs (they live in other contexts). */
export interface RowWriters {
  clients(): ClientRowWriter;
  leads(): LeadRowWriter;
}
