// A file import: a spreadsheet received whole, staged row by row, then run in the background through the
// batch writes of its resource (clients, or a project's leads). It is `receiving` while the file arrives
// (never shown, never claimed), `queued` once every row is staged, `running` while a node holds its lease,
// and `succeeded` or `failed` at the end. Its totals move in the transaction that writes the rows' records.
import { ColumnPlan, ImportResource, RowProblem } from './import-rows';

export type ImportStatus = 'receiving' | 'queued' | 'running' | 'succeeded' | 'failed';
/** The statuses a caller sees: `receiving` never leaves the request that receives the file. */
export const IMPORT_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** A row's outcome: `pending` until its batch commits. */
export type ImportRowStatus = 'pending' | 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';
export const IMPORT_ROW_STATUSES = ['pending', 'created', 'updated', 'unchanged', 'skipped', 'failed'] as const;
export type RowOutcomeStatus = Exclude<ImportRowStatus, 'pending'>;

/** What an import does with a row naming a record the team already has. */
export type ImportOnDuplicate = 'skip' | 'update';

/** An import stops for good after this many attempts that failed (a node stopped mid-run counts as one). */
export const IMPORT_MAX_ATTEMPTS = 3;

export interface ImportTotals {
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
}

/** What was detected of the file, once its header is found (empty while receiving). */
export interface ImportFile {
  name: string;
  encoding: string;
  separator: string;
  /** The header's line in the file (1-based), 0 while receiving. */
  headerLine: number;
}

export interface ImportError {
  code: string;
  message: string;
}

export interface ImportData {
  id: string;
  teamId: string;
  resource: ImportResource;
  /** The project of a lead import; null for clients. */
  projectId: string | null;
  status: ImportStatus;
  dryRun: boolean;
  onDuplicate: ImportOnDuplicate;
  file: ImportFile;
  /** Which field each column fills (`headers`, `fields`), decided once the header is read. */
  plan: ColumnPlan;
  totals: ImportTotals;
  error: ImportError | null;
  /** Claims so far: each run, and each takeover of a run whose node stopped. */
  attempts: number;
  /** The node running it, and until when its claim holds; null when none does. */
  leaseOwner: string | null;
  leaseUntil: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  updatedAt: string;
}

/** A staged row and, once its batch committed, its outcome. */
export interface ImportRowData {
  teamId: string;
  importId: string;
  /** Its place among the data rows, from 1: rows are run in this order. */
  seq: number;
  /** Its line in the file (1-based). */
  line: number;
  cells: string[];
  status: ImportRowStatus;
  /** The record created, updated, left unchanged or skipped as a duplicate. */
  recordId: string | null;
  problems: ImportRowProblem[];
  /** When it was staged, or given its outcome. */
  updatedAt: string;
}

/** A problem of a row: as read from the file, or the refusal of its record (with the refusal's code). */
export type ImportRowProblem = RowProblem & { code?: string };

/** What a batch decided for one row. */
export interface RowOutcome {
  seq: number;
  status: RowOutcomeStatus;
  recordId: string | null;
  problems: ImportRowProblem[];
}

export interface ImportProgress {
  processed: number;
  total: number;
  percent: number;
}

export interface NewImport {
  resource: ImportResource;
  projectId: string | null;
  dryRun: boolean;
  onDuplicate: ImportOnDuplicate;
  fileName: string;
}

const ZERO: ImportTotals = { rows: 0, created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 };

const copy = (d: ImportData): ImportData => ({
  ...d,
  file: { ...d.file },
  plan: { ...d.plan, headers: [...d.plan.headers], fields: [...d.plan.fields] },
  totals: { ...d.totals },
  error: d.error ? { ...d.error } : null,
});

export const processedOf = (t: ImportTotals): number => t.created + t.updated + t.unchanged + t.skipped + t.failed;

export const progressOf = (t: ImportTotals): ImportProgress => {
  const processed = processedOf(t);
  return { processed, total: t.rows, percent: t.rows === 0 ? 100 : Math.floor((processed * 100) / t.rows) };
};

export class Import {
  private constructor(private data: ImportData) {}

  static receive(id: string, teamId: string, input: NewImport, now: Date): Import {
    const at = now.toISOString();
    return new Import({
      id,
      teamId,
      resource: input.resource,
      projectId: input.projectId,
      status: 'receiving',
      dryRun: input.dryRun,
      onDuplicate: input.onDuplicate,
      file: { name: input.fileName, encoding: '', separator: '', headerLine: 0 },
      plan: { resource: input.resource, headers: [], fields: [] },
      totals: { ...ZERO },
      error: null,
      attempts: 0,
      leaseOwner: null,
      leaseUntil: null,
      createdAt: at,
      startedAt: null,
      finishedAt: null,
      updatedAt: at,
    });
  }

  static restore(data: ImportData): Import {
    return new Import(copy(data));
  }

  snapshot(): ImportData {
    return copy(this.data);
  }

  get id(): string {
    return this.data.id;
  }
  get status(): ImportStatus {
    return this.data.status;
  }
  get dryRun(): boolean {
    return this.data.dryRun;
  }
  get progress(): ImportProgress {
    return progressOf(this.data.totals);
  }

  /** Every row is staged: it waits for a node to run it. */
  queue(file: Omit<ImportFile, 'name'>, plan: ColumnPlan, rows: number, now: Date): void {
    this.assertStatus('receiving', 'queue');
    if (rows < 1) throw new Error(`Import ${this.data.id} has no rows to run`);
    this.data.file = { name: this.data.file.name, ...file };
    this.data.plan = { resource: plan.resource, headers: [...plan.headers], fields: [...plan.fields] };
    this.data.totals = { ...ZERO, rows };
    this.data.status = 'queued';
    this.data.updatedAt = now.toISOString();
  }

  /** Whether a node may take it at `now`: queued, or running under a claim that ran out. */
  claimableAt(now: Date): boolean {
    if (this.data.status === 'queued') return true;
    return this.data.status === 'running' && (this.data.leaseUntil === null || Date.parse(this.data.leaseUntil) <= now.getTime());
  }

  /** Taken by `owner` until `leaseUntil`: one attempt more. */
  claim(owner: string, now: Date, leaseUntil: Date): void {
    if (!this.claimableAt(now)) throw new Error(`Import ${this.data.id} cannot be claimed (${this.data.status})`);
    this.data.status = 'running';
    this.data.attempts += 1;
    this.data.leaseOwner = owner;
    this.data.leaseUntil = leaseUntil.toISOString();
    this.data.startedAt ??= now.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  /** The claim held a while longer, by the node that holds it. */
  renew(leaseUntil: Date, now: Date): void {
    this.assertStatus('running', 'renew');
    this.data.leaseUntil = leaseUntil.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  /** The claim given up (the node stops, or an attempt failed): the next claim may come at once. */
  release(now: Date): void {
    this.assertStatus('running', 'release');
    this.data.leaseUntil = now.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  /** A batch's outcomes, counted in the transaction that writes them. */
  count(outcomes: readonly Pick<RowOutcome, 'status'>[], now: Date): void {
    this.assertStatus('running', 'count');
    for (const o of outcomes) this.data.totals[o.status] += 1;
    if (processedOf(this.data.totals) > this.data.totals.rows) throw new Error(`Import ${this.data.id} counted more rows than it has`);
    this.data.updatedAt = now.toISOString();
  }

  /**
   * A dry run whose earlier attempt is lost (what it would have written was remembered by the node that ran it)
   * starts over: its counts go back to zero, as its rows go back to pending.
   */
  restartRehearsal(now: Date): void {
    this.assertStatus('running', 'restart');
    if (!this.data.dryRun) throw new Error(`Import ${this.data.id} is not a dry run`);
    this.data.totals = { ...ZERO, rows: this.data.totals.rows };
    this.data.updatedAt = now.toISOString();
  }

  /** No row is left pending. */
  succeed(now: Date): void {
    this.assertStatus('running', 'finish');
    this.data.status = 'succeeded';
    this.finish(now);
  }

  /** Stopped for good, with what was done so far counted. */
  fail(error: ImportError, now: Date): void {
    this.assertStatus('running', 'fail');
    this.data.status = 'failed';
    this.data.error = { ...error };
    this.finish(now);
  }

  /** Whether the attempts are spent: a failed attempt then fails the import. */
  get attemptsSpent(): boolean {
    return this.data.attempts >= IMPORT_MAX_ATTEMPTS;
  }

  private finish(now: Date): void {
    this.data.leaseOwner = null;
    this.data.leaseUntil = null;
    this.data.finishedAt = now.toISOString();
    this.data.updatedAt = now.toISOString();
  }

  private assertStatus(status: ImportStatus, action: string): void {
    if (this.data.status !== status) throw new Error(`Import ${this.data.id} cannot ${action} while ${this.data.status}`);
  }
}
