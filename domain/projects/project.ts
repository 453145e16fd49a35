import { ProjectArchived, ValidationFailed } from '../shared/errors';
import { optionalCalendarDate, requireTimestamp } from '../shared/values';
import { requireSlug, slugify } from './slug';
import { Redaction } from '../privacy/redaction';
import { ProjectStatus, StageData } from './stage';

export const PROJECT_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ProjectPriority = (typeof PROJECT_PRIORITIES)[number];

/** Sort rank of a priority: `low` first when ascending. */
export const PROJECT_PRIORITY_RANK: Record<ProjectPriority, number> = { low: 1, medium: 2, high: 3, urgent: 4 };

export const isProjectPriority = (v: unknown): v is ProjectPriority =>
  typeof v === 'string' && (PROJECT_PRIORITIES as readonly string[]).includes(v);

export interface ProjectData {
  id: string;
  teamId: string;
  name: string;
  slug: string;
  description: string | null;
  stageId: string;
  priority: ProjectPriority;
  color: string | null;
  briefing: string | null;
  squadId: string | null;
  clientId: string | null;
  startDate: string | null;
  dueDate: string | null;
  completedAt: string | null;
  createdBy: string | null;
  isInternal: boolean;
  archivedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A project as read back: with its stage and the names of what it links to. */
export interface ProjectView extends ProjectData {
  stage: StageData;
  squad: { id: string; name: string } | null;
  client: { id: string; name: string } | null;
}

export const statusOf = (view: Pick<ProjectView, 'stage'>): ProjectStatus => view.stage.category;

/** Fields a create or an update may set; on update only the keys present apply. */
export interface ProjectChanges {
  name?: string;
  slug?: string;
  description?: string | null;
  color?: string | null;
  briefing?: string | null;
  priority?: ProjectPriority;
  startDate?: string | null;
  dueDate?: string | null;
  completedAt?: string | null;
  squadId?: string | null;
  clientId?: string | null;
}

export interface NewProject extends ProjectChanges {
  name: string;
  slug: string;
  createdBy?: string | null;
  isInternal?: boolean;
}

export class Project {
  private constructor(private data: ProjectData) {}

  /** `slug` is already unique in the team; `stage` is already resolved (stage_id, status or initial). */
  static create(id: string, teamId: string, input: NewProject, stage: StageData, now: Date): Project {
    const at = now.toISOString();
    const project = new Project({
      id,
      teamId,
      name: '',
      slug: '',
      description: null,
      stageId: stage.id,
      priority: 'medium',
      color: null,
      briefing: null,
      squadId: null,
      clientId: null,
      startDate: null,
      dueDate: null,
      completedAt: null,
      createdBy: input.createdBy ?? null,
      isInternal: input.isInternal ?? false,
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
    });
    project.assertSameTeam(stage);
    project.apply(input);
    return project;
  }

  static restore(data: ProjectData): Project {
    return new Project({ ...data });
  }

  get id(): string {
    return this.data.id;
  }
  get slug(): string {
    return this.data.slug;
  }
  get isArchived(): boolean {
    return this.data.archivedAt !== null;
  }

  snapshot(): ProjectData {
    return { ...this.data };
  }

  /** The archive lock: nothing about an archived project changes, nor is anything added to it. */
  assertWritable(): void {
    if (this.isArchived) throw new ProjectArchived();
  }

  update(changes: ProjectChanges, stage: StageData | null, now: Date): void {
    this.assertWritable();
    if (stage) {
      this.assertSameTeam(stage);
      this.data.stageId = stage.id;
    }
    this.apply(changes);
    this.data.updatedAt = now.toISOString();
  }

  /**
   * A personal data erasure of someone its name or texts name (a project called after a client): the person's
   * values leave its name, description and briefing, and a renamed project gets a slug of its new name, made
   * unique by its id. Archived or not: an erasure is not a change of the business's work.
   */
  redact(redaction: Redaction, now: Date): ProjectData {
    const d = this.data;
    const name = redaction.requiredText(d.name);
    if (name !== d.name) d.slug = `${slugify(name) || 'projeto'}-${d.id.replace(/-/g, '').slice(-8)}`;
    d.name = name;
    d.description = redaction.optionalText(d.description);
    d.briefing = redaction.optionalText(d.briefing);
    d.updatedAt = now.toISOString();
    return this.snapshot();
  }

  /** Archiving is an operator action; archiving twice keeps the first date. */
  archive(now: Date): void {
    if (this.isArchived) return;
    const at = now.toISOString();
    this.data.archivedAt = at;
    this.data.updatedAt = at;
  }

  private assertSameTeam(stage: StageData): void {
    if (stage.teamId !== this.data.teamId) throw new Error('A project can only use a stage of its own team');
  }

  private apply(c: ProjectChanges): void {
    if (c.name !== undefined) {
      const name = typeof c.name === 'string' ? c.name.trim() : '';
      if (!name) throw new ValidationFailed('name must not be empty', 'name');
      this.data.name = name;
    }
    if (c.slug !== undefined) this.data.slug = requireSlug(c.slug);
    if (c.description !== undefined) this.data.description = c.description;
    if (c.color !== undefined) this.data.color = c.color;
    if (c.briefing !== undefined) this.data.briefing = c.briefing;
    if (c.priority !== undefined) {
      if (!isProjectPriority(c.priority)) {
        throw new ValidationFailed(`priority must be one of ${PROJECT_PRIORITIES.join(', ')}`, 'priority');
      }
      this.data.priority = c.priority;
    }
    if (c.startDate !== undefined) this.data.startDate = optionalCalendarDate(c.startDate, 'start_date');
    if (c.dueDate !== undefined) this.data.dueDate = optionalCalendarDate(c.dueDate, 'due_date');
    if (c.completedAt !== undefined) {
      this.data.completedAt = c.completedAt === null ? null : requireTimestamp(c.completedAt, 'completed_at');
    }
    if (c.squadId !== undefined) this.data.squadId = c.squadId;
    if (c.clientId !== undefined) this.data.clientId = c.clientId;
  }
}

/** The project every team gets at creation, for work that belongs to no client project. */
export const INTERNAL_PROJECT = { name: 'Internal', slug: 'internal' } as const;
