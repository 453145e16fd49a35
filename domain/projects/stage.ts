// Project stages: the team's board columns for projects. A project's `status` is its stage's category.
import { NotFound, ValidationFailed } from '../shared/errors';

export const PROJECT_STATUSES = ['backlog', 'active', 'paused', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const isProjectStatus = (v: unknown): v is ProjectStatus =>
  typeof v === 'string' && (PROJECT_STATUSES as readonly string[]).includes(v);

export interface StageData {
  id: string;
  teamId: string;
  name: string;
  slug: string;
  color: string | null;
  position: number;
  category: ProjectStatus;
  isInitial: boolean;
  isDone: boolean;
  isArchived: boolean;
  createdAt: string;
  updatedAt: string;
}

const DEFAULTS: ReadonlyArray<{ name: string; category: ProjectStatus; color: string }> = [
  { name: 'Backlog', category: 'backlog', color: '#94a3b8' },
  { name: 'Active', category: 'active', color: '#3b82f6' },
  { name: 'Paused', category: 'paused', color: '#f59e0b' },
  { name: 'Completed', category: 'completed', color: '#22c55e' },
  { name: 'Cancelled', category: 'cancelled', color: '#ef4444' },
];

/** The five stages every team starts with, one per category, the backlog one initial. */
export const defaultStages = (ids: readonly string[], teamId: string, now: Date): StageData[] => {
  if (ids.length < DEFAULTS.length) throw new Error(`defaultStages needs ${DEFAULTS.length} ids`);
  const at = now.toISOString();
  return DEFAULTS.map((d, i) => ({
    id: ids[i],
    teamId,
    name: d.name,
    slug: d.category,
    color: d.color,
    position: i + 1,
    category: d.category,
    isInitial: d.category === 'backlog',
    isDone: d.category === 'completed' || d.category === 'cancelled',
    isArchived: false,
    createdAt: at,
    updatedAt: at,
  }));
};

const byPosition = (a: StageData, b: StageData): number => a.position - b.position;

/** The first stage (by position) of a category, as a `status` in a request means. */
export const firstStageOf = (stages: readonly StageData[], status: ProjectStatus): StageData | null =>
  [...stages].sort(byPosition).find((s) => s.category === status) ?? null;

export const initialStage = (stages: readonly StageData[]): StageData | null => {
  const sorted = [...stages].sort(byPosition);
  return sorted.find((s) => s.isInitial) ?? firstStageOf(sorted, 'backlog') ?? sorted[0] ?? null;
};

export interface StageRequest {
  stageId?: string;
  status?: string;
}

/**
 * Which stage a project request selects: `stage_id` beats `status`; with neither, the initial
 * stage when `fallbackToInitial`, else none (an update that does not move the project).
 */
export function resolveStage(stages: readonly StageData[], request: StageRequest, fallbackToInitial: true): StageData;
export function resolveStage(stages: readonly StageData[], request: StageRequest, fallbackToInitial: boolean): StageData | null;
export function resolveStage(stages: readonly StageData[], request: StageRequest, fallbackToInitial: boolean): StageData | null {
  if (request.stageId !== undefined) {
    const stage = stages.find((s) => s.id === request.stageId);
    if (!stage) throw new NotFound('Stage not found', 'stage_id');
    return stage;
  }
  if (request.status !== undefined) {
    if (!isProjectStatus(request.status)) {
      throw new ValidationFailed(`status must be one of ${PROJECT_STATUSES.join(', ')}`, 'status');
    }
    const stage = firstStageOf(stages, request.status);
    if (!stage) throw new NotFound(`The team has no stage for status ${request.status}`, 'status');
    return stage;
  }
  if (!fallbackToInitial) return null;
  const stage = initialStage(stages);
  if (!stage) throw new NotFound('The team has no project stages', 'stage_id');
  return stage;
}

/** The stage ids a `status` filter stands for. */
export const stageIdsOf = (stages: readonly StageData[], status: ProjectStatus): string[] =>
  stages.filter((s) => s.category === status).map((s) => s.id);
