import { ProjectView, statusOf } from '../../../domain/projects/project';
import { StageData } from '../../../domain/projects/stage';

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
