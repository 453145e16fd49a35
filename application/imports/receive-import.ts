import { Import, ImportData, ImportOnDuplicate, ImportRowData } from '../../domain/imports/import';
import { ImportRepository } from '../../domain/imports/import-repository';
import { ImportResource } from '../../domain/imports/import-rows';
import { SheetUnreadable } from '../../domain/imports/sheet-unreadable';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { UnitOfWork } from '../shared/unit-of-work';
import { Sheet, SheetReader, SheetRow } from './sheet-reader';
import { HEADER_SEARCH_ROWS, SheetRules } from './sheet-rules';

/** Rows staged per transaction while the file arrives: short transactions, never the whole file in memory. */
export const STAGE_ROWS = 500;

export interface ImportLimits {
  /** Rows a file may hold (IMPORT_MAX_ROWS); more is refused whole, `too_many_rows`. */
  maxRows: number;
}

/** Wakes the runner once an import is queued. */
export interface ImportTrigger {
  kick(): void;
}

export interface ReceiveImportCommand {
  resource: ImportResource;
  /** The project a lead import adds its leads to: required for leads, refused for clients. */
  projectId?: string | null;
  /** Column header → field (or null to leave the column out), over the columns recognised by their header. */
  mapping?: Record<string, string | null>;
  onDuplicate?: ImportOnDuplicate;
  dryRun?: boolean;
  file: {
    name: string;
    /** The file's bytes as they arrive: read once, never held whole. */
    bytes: AsyncIterable<Buffer>;
  };
}

/**
 * POST /imports: reads the file as it arrives, finds its header among its first rows, plans its columns, and
 * stages its data rows (blank ones left out) in short transactions. A file that cannot be imported is refused
 * whole (400, `details.reason`) and nothing of it is kept; one that can is queued and the runner woken.
 */
export class ReceiveImport {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly imports: ImportRepository,
    private readonly projects: ProjectRepository,
    private readonly reader: SheetReader,
    private readonly rules: SheetRules,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly limits: ImportLimits,
    private readonly trigger: ImportTrigger,
  ) {}

  async execute(team: TeamContext, command: ReceiveImportCommand): Promise<ImportData> {
    const projectId = await this.checkProject(team, command);
    const entity = Import.receive(
      this.ids.next(),
      team.teamId,
      {
        resource: command.resource,
        projectId,
        dryRun: command.dryRun ?? false,
        onDuplicate: command.onDuplicate ?? 'skip',
        fileName: command.file.name,
      },
      this.clock.now(),
    );
    await this.uow.run(() => this.imports.insert(entity.snapshot()));
    try {
      await this.stage(team, entity, command);
    } catch (err) {
      await this.uow.run(() => this.imports.remove(team, entity.id));
      throw err;
    }
    const queued = entity.snapshot();
    this.trigger.kick();
    return queued;
  }

  private async checkProject(team: TeamContext, command: ReceiveImportCommand): Promise<string | null> {
    if (command.resource === 'clients') {
      if (command.projectId) throw new ValidationFailed('project_id is only for lead imports', 'project_id');
      return null;
    }
    if (!command.projectId) throw new ValidationFailed('project_id is required to import leads', 'project_id');
    const project = await this.projects.findById(team, command.projectId);
    if (!project) throw new NotFound('Project not found', 'project_id');
    Project.restore(project).assertWritable();
    return project.id;
  }

  private async stage(team: TeamContext, entity: Import, command: ReceiveImportCommand): Promise<void> {
    const sheet = await this.reader.open(command.file.bytes, { maxRows: this.limits.maxRows });
    const rows = sheet.rows[Symbol.asyncIterator]();
    try {
      await this.stageRows(team, entity, command, sheet, rows);
    } finally {
      // Stopped early (a refusal): the reader lets go of the file.
      await rows.return?.();
    }
  }

  private async stageRows(
    team: TeamContext,
    entity: Import,
    command: ReceiveImportCommand,
    sheet: Sheet,
    rows: AsyncIterator<SheetRow>,
  ): Promise<void> {
    const first: SheetRow[] = [];
    while (first.length < HEADER_SEARCH_ROWS) {
      const next = await rows.next();
      if (next.done) break;
      first.push(next.value);
    }
    if (first.length === 0) throw new SheetUnreadable('The file is empty', 'empty');
    const at = this.rules.headerRowIndex(first.map((r) => r.cells));
    if (!(at >= 0 && at < first.length)) throw new SheetUnreadable('No header row was found in the first rows of the file', 'no_header');
    const header = first[at];
    const plan = this.rules.planColumns(command.resource, header.cells, command.mapping);

    let seq = 0;
    let batch: ImportRowData[] = [];
    const flush = async () => {
      const staged = batch;
      batch = [];
      if (staged.length > 0) await this.uow.run(() => this.imports.addRows(staged));
    };
    const take = async (row: SheetRow) => {
      if (this.rules.isBlankRow(row.cells)) return;
      seq += 1;
      batch.push({
        teamId: team.teamId,
        importId: entity.id,
        seq,
        line: row.line,
        cells: row.cells,
        status: 'pending',
        recordId: null,
        problems: [],
        updatedAt: this.clock.now().toISOString(),
      });
      if (batch.length >= STAGE_ROWS) await flush();
    };
    for (const row of first.slice(at + 1)) await take(row);
    for (let next = await rows.next(); !next.done; next = await rows.next()) await take(next.value);
    await flush();
    if (seq === 0) throw new SheetUnreadable('The file has a header but no data rows', 'no_data_rows', header.line);

    entity.queue({ encoding: sheet.encoding, separator: sheet.separator, headerLine: header.line }, plan, seq, this.clock.now());
    await this.uow.run(() => this.imports.save(entity.snapshot()));
  }
}
