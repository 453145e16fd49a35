// Deal pipelines: a project's boards (one default per project) and the team's legacy global one.
import { NotFound, ValidationFailed } from '../shared/errors';
import { requireSlug } from './slug';

export const COLUMN_OUTCOMES = ['open', 'won', 'lost'] as const;
export type ColumnOutcome = (typeof COLUMN_OUTCOMES)[number];

export interface PipelineColumn {
  slug: string;
  title: string;
  position: number;
  outcome: ColumnOutcome;
  isTerminal: boolean;
}

export interface LossReason {
  id: string;
  name: string;
}

export interface PipelineData {
  id: string;
  teamId: string;
  /** null for the legacy global pipeline of the team. */
  projectId: string | null;
  name: string;
  slug: string;
  isDefault: boolean;
  /** In board order. */
  columns: PipelineColumn[];
  /** Its own reasons; may be empty, then the default pipeline's apply (see `Pipeline.effectiveLossReasons`). */
  lossReasons: LossReason[];
  createdAt: string;
  updatedAt: string;
}

export interface ColumnInput {
  slug?: string;
  title: string;
  outcome: ColumnOutcome;
}

export const DEFAULT_PROJECT_COLUMNS: readonly ColumnInput[] = [
  { slug: 'novo', title: 'Novo', outcome: 'open' },
  { slug: 'qualificado', title: 'Qualificado', outcome: 'open' },
  { slug: 'proposta', title: 'Proposta', outcome: 'open' },
  { slug: 'ganho', title: 'Ganho', outcome: 'won' },
  { slug: 'perdido', title: 'Perdido', outcome: 'lost' },
];

export const LEGACY_GLOBAL_COLUMNS: readonly ColumnInput[] = [
  { slug: 'lead', title: 'Lead', outcome: 'open' },
  { slug: 'qualificacao', title: 'Qualificação', outcome: 'open' },
  { slug: 'proposta', title: 'Proposta', outcome: 'open' },
  { slug: 'negociacao', title: 'Negociação', outcome: 'open' },
  { slug: 'ganho', title: 'Ganho', outcome: 'won' },
  { slug: 'perdido', title: 'Perdido', outcome: 'lost' },
];

export const DEFAULT_LOSS_REASONS: readonly string[] = [
  'Preço',
  'Sem orçamento',
  'Escolheu um concorrente',
  'Sem resposta',
  'Outro motivo',
];

export const DEFAULT_PIPELINE = { name: 'Pipeline', slug: 'pipeline' } as const;
export const LEGACY_GLOBAL_PIPELINE = { name: 'CRM', slug: 'crm' } as const;

const isOutcome = (v: unknown): v is ColumnOutcome => typeof v === 'string' && (COLUMN_OUTCOMES as readonly string[]).includes(v);

/**
 * Columns in the order given, positions from 1. Won and lost columns are terminal. A board needs
 * unique slugs and at least one open column, since a deal can only start in an open one.
 */
export const buildColumns = (inputs: readonly ColumnInput[], field = 'columns'): PipelineColumn[] => {
  // Checked as a value: the request may have sent anything in its place.
  const given: unknown = inputs;
  if (!Array.isArray(given) || given.length === 0) throw new ValidationFailed('A pipeline needs columns', field);
  const seen = new Set<string>();
  const columns = inputs.map((c, i): PipelineColumn => {
    if (!c || typeof c.title !== 'string' || !c.title.trim()) {
      throw new ValidationFailed(`Column ${i + 1} needs a title`, field);
    }
    if (!isOutcome(c.outcome)) {
      throw new ValidationFailed(`Column ${i + 1} outcome must be open, won or lost`, field);
    }
    const slug = requireSlug(typeof c.slug === 'string' && c.slug ? c.slug : c.title, field);
    if (seen.has(slug)) throw new ValidationFailed(`Column slug ${slug} is repeated`, field);
    seen.add(slug);
    return { slug, title: c.title.trim(), position: i + 1, outcome: c.outcome, isTerminal: c.outcome !== 'open' };
  });
  if (!columns.some((c) => c.outcome === 'open')) {
    throw new ValidationFailed('A pipeline needs at least one open column', field);
  }
  return columns;
};

export const buildLossReasons = (ids: readonly string[], names: readonly string[], field = 'loss_reasons'): LossReason[] => {
  if (ids.length < names.length) throw new Error('buildLossReasons needs one id per name');
  return names.map((raw, i) => {
    const name = typeof raw === 'string' ? raw.trim() : '';
    if (!name) throw new ValidationFailed('A loss reason needs a name', field);
    return { id: ids[i], name };
  });
};

export interface NewPipeline {
  teamId: string;
  projectId: string | null;
  name: string;
  slug: string;
  isDefault: boolean;
  columns: readonly ColumnInput[];
  lossReasons: LossReason[];
}

export interface MoveRequest {
  winNote?: string | null;
  lossReasonId?: string | null;
}

export interface MoveTarget {
  column: PipelineColumn;
  /** The loss reason chosen, for a lost column; null otherwise. */
  lossReason: LossReason | null;
  /** The trimmed note, for a won column; null otherwise. */
  winNote: string | null;
}

const byPosition = (a: PipelineColumn, b: PipelineColumn): number => a.position - b.position;

/** A board of columns a deal starts in and moves across, with the reasons a deal may be lost for. */
export class Pipeline {
  private constructor(private data: PipelineData) {}

  static create(id: string, input: NewPipeline, now: Date): Pipeline {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) throw new ValidationFailed('name must not be empty', 'name');
    const at = now.toISOString();
    return new Pipeline({
      id,
      teamId: input.teamId,
      projectId: input.projectId,
      name,
      slug: requireSlug(input.slug),
      isDefault: input.isDefault,
      columns: buildColumns(input.columns),
      lossReasons: input.lossReasons.map((r) => ({ ...r })),
      createdAt: at,
      updatedAt: at,
    });
  }

  /** The default pipeline a new project gets. `lossReasonIds` needs one id per default reason. */
  static defaultForProject(id: string, teamId: string, projectId: string, lossReasonIds: readonly string[], now: Date): Pipeline {
    return Pipeline.create(
      id,
      {
        teamId,
        projectId,
        ...DEFAULT_PIPELINE,
        isDefault: true,
        columns: DEFAULT_PROJECT_COLUMNS,
        lossReasons: buildLossReasons(lossReasonIds, DEFAULT_LOSS_REASONS),
      },
      now,
    );
  }

  /** The team's legacy global CRM pipeline (project_id null). */
  static legacyGlobal(id: string, teamId: string, lossReasonIds: readonly string[], now: Date): Pipeline {
    return Pipeline.create(
      id,
      {
        teamId,
        projectId: null,
        ...LEGACY_GLOBAL_PIPELINE,
        isDefault: true,
        columns: LEGACY_GLOBAL_COLUMNS,
        lossReasons: buildLossReasons(lossReasonIds, DEFAULT_LOSS_REASONS),
      },
      now,
    );
  }

  static restore(data: PipelineData): Pipeline {
    return new Pipeline(Pipeline.copy(data));
  }

  get id(): string {
    return this.data.id;
  }
  get projectId(): string | null {
    return this.data.projectId;
  }
  get isDefault(): boolean {
    return this.data.isDefault;
  }

  snapshot(): PipelineData {
    return Pipeline.copy(this.data);
  }

  findColumn(slug: string): PipelineColumn | null {
    const column = this.data.columns.find((c) => c.slug === slug);
    return column ? { ...column } : null;
  }

  /** First column of the board, as tasks and deals without a column start there. */
  firstColumn(): PipelineColumn | null {
    const first = [...this.data.columns].sort(byPosition)[0];
    return first ? { ...first } : null;
  }

  /** A pipeline without its own loss reasons uses the default pipeline's. */
  effectiveLossReasons(defaultPipeline: Pipeline | null): LossReason[] {
    const reasons = this.data.lossReasons.length > 0 || !defaultPipeline ? this.data.lossReasons : defaultPipeline.data.lossReasons;
    return reasons.map((r) => ({ ...r }));
  }

  /**
   * The column a new deal starts in: the one named, which must be open, or the first open one.
   * `field` names the request field that chose the column.
   */
  startColumn(slug: string | null | undefined, field = 'phase'): PipelineColumn {
    if (slug === null || slug === undefined || slug === '') {
      const open = [...this.data.columns].sort(byPosition).find((c) => c.outcome === 'open');
      if (!open) throw new ValidationFailed('The pipeline has no open column', field);
      return { ...open };
    }
    const column = this.findColumn(slug);
    if (!column) throw new ValidationFailed(`${field} must be a column of the pipeline; ${slug} is not one`, field);
    if (column.outcome !== 'open') throw new ValidationFailed(`${field} must be an open column: a deal can only start in one`, field);
    return column;
  }

  /**
   * Checks a move of a deal into `slug`: a won column needs a non-empty `win_note`, a lost column a
   * `loss_reason_id` among the pipeline's reasons (or the default pipeline's when it has none).
   */
  moveTarget(slug: string, request: MoveRequest, defaultPipeline: Pipeline | null): MoveTarget {
    const column = this.findColumn(slug);
    if (!column) throw new ValidationFailed(`phase must be a column of the deal's pipeline; ${slug} is not one`, 'phase');
    if (column.outcome === 'won') {
      const note = typeof request.winNote === 'string' ? request.winNote.trim() : '';
      if (!note) throw new ValidationFailed('Moving to a won column needs a win_note', 'win_note');
      return { column, lossReason: null, winNote: note };
    }
    if (column.outcome === 'lost') {
      if (!request.lossReasonId) {
        throw new ValidationFailed('Moving to a lost column needs a loss_reason_id', 'loss_reason_id');
      }
      const reason = this.effectiveLossReasons(defaultPipeline).find((r) => r.id === request.lossReasonId);
      if (!reason) throw new NotFound('loss_reason_id is not a loss reason of the pipeline', 'loss_reason_id');
      return { column, lossReason: reason, winNote: null };
    }
    return { column, lossReason: null, winNote: null };
  }

  private static copy(d: PipelineData): PipelineData {
    return { ...d, columns: d.columns.map((c) => ({ ...c })), lossReasons: d.lossReasons.map((r) => ({ ...r })) };
  }
}
