import { PROJECT_PRIORITIES, ProjectView, statusOf } from '../../../domain/projects/project';
import { PROJECT_STATUSES, StageData } from '../../../domain/projects/stage';
import { exactObject, nullable, R } from '../shared/documented';

export const presentStage = (s: StageData) => ({
  id: s.id,
  name: s.name,
  slug: s.slug,
  color: s.color,
  position: s.position,
  is_initial: s.isInitial,
  is_done: s.isDone,
  is_archived: s.isArchived,
});

/** The project as the spec shows it (2.5); `status` is its stage's category. */
export const presentProject = (p: ProjectView) => ({
  id: p.id,
  name: p.name,
  slug: p.slug,
  description: p.description,
  status: statusOf(p),
  stage_id: p.stageId,
  stage: presentStage(p.stage),
  priority: p.priority,
  color: p.color,
  briefing: p.briefing,
  squad_id: p.squadId,
  squad: p.squad ? { id: p.squad.id, name: p.squad.name } : null,
  client_id: p.clientId,
  client: p.client ? { id: p.client.id, name: p.client.name } : null,
  start_date: p.startDate,
  due_date: p.dueDate,
  completed_at: p.completedAt,
  created_by: p.createdBy,
  is_internal: p.isInternal,
  archived_at: p.archivedAt,
  created_at: p.createdAt,
  updated_at: p.updatedAt,
});

/** The documented shape of `presentStage`. */
export const stageSchema = exactObject(
  {
    id: R.uuid,
    name: R.string,
    slug: R.string,
    color: R.nullableString,
    position: R.integer,
    is_initial: R.boolean,
    is_done: R.boolean,
    is_archived: R.boolean,
  },
  "The project's stage: a column of the team's project board.",
);

const named = (what: string) => nullable(exactObject({ id: R.uuid, name: R.string }, `The linked ${what}, or null.`));

/** The documented shape of `presentProject`. */
export const projectSchema = exactObject({
  id: R.uuid,
  name: R.string,
  slug: R.string,
  description: R.nullableString,
  status: { ...R.enumOf(PROJECT_STATUSES), description: "The category of the project's stage." },
  stage_id: R.uuid,
  stage: stageSchema,
  priority: R.enumOf(PROJECT_PRIORITIES),
  color: R.nullableString,
  briefing: R.nullableString,
  squad_id: R.nullableUuid,
  squad: named('squad'),
  client_id: R.nullableUuid,
  client: named('client'),
  start_date: R.nullableDate,
  due_date: R.nullableDate,
  completed_at: R.nullableDateTime,
  created_by: R.nullableString,
  is_internal: { ...R.boolean, description: "True for the team's internal project." },
  archived_at: {
    ...R.nullableDateTime,
    description: 'Set when an operator archived the project: it is then read-only and left out of lists.',
  },
  created_at: R.dateTime,
  updated_at: R.dateTime,
});
