import { Redaction } from '../privacy/redaction';
import { ChangeOf, carriesAny, requestName } from '../shared/changes';
import { ValidationFailed } from '../shared/errors';
import { isUuid, optionalCalendarDate, requireTimestamp } from '../shared/values';

export const ACTIVITY_TYPES = [
  'call',
  'meeting',
  'email',
  'note',
  'task',
  'hearing',
  'deadline',
  'follow_up',
  'case_event',
  'contract_event',
  'system',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const DEFAULT_ACTIVITY_TYPE: ActivityType = 'task';

/** In rank order, lowest first: sorting by priority follows this order. */
export const ACTIVITY_PRIORITIES = ['low', 'medium', 'high'] as const;
export type ActivityPriority = (typeof ACTIVITY_PRIORITIES)[number];

export const isActivityType = (v: unknown): v is ActivityType => (ACTIVITY_TYPES as readonly unknown[]).includes(v);

export interface ActivityData {
  id: string;
  teamId: string;
  type: ActivityType;
  title: string;
  description: string | null;
  occurredAt: string;
  durationMinutes: number | null;
  isCompleted: boolean;
  dueDate: string | null;
  priority: ActivityPriority | null;
  tags: string[];
  clientId: string | null;
  dealId: string | null;
  contractId: string | null;
  assignedTo: string | null;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What an update may change, in the order a change with none of them is told about: the one list of them. */
export const ACTIVITY_CHANGE_FIELDS = [
  'title',
  'type',
  'description',
  'occurredAt',
  'durationMinutes',
  'isCompleted',
  'dueDate',
  'priority',
  'tags',
  'clientId',
  'dealId',
  'contractId',
  'assignedTo',
] as const satisfies readonly (keyof ActivityData)[];

/**
 * The writable fields; on update only the keys present are applied. `type` and `priority` are checked
 * here, as every caller (a workflow's configuration included) may send any text.
 */
export type ActivityChanges = ChangeOf<ActivityData, (typeof ACTIVITY_CHANGE_FIELDS)[number], { type?: string; priority?: string | null }>;

export type NewActivity = ActivityChanges & { title: string; createdBy?: string | null };

export interface ActivityCompletion {
  id: string;
  isCompleted: true;
  /** The moment the activity was last written as completed: always its `updatedAt`. */
  completedAt: string;
}

export class Activity {
  private constructor(private data: ActivityData) {}

  static create(id: string, teamId: string, input: NewActivity, now: Date): Activity {
    const at = now.toISOString();
    const createdBy = Activity.reference(input.createdBy, 'created_by');
    const activity = new Activity({
      id,
      teamId,
      type: DEFAULT_ACTIVITY_TYPE,
      title: '',
      description: null,
      occurredAt: at,
      durationMinutes: null,
      isCompleted: false,
      dueDate: null,
      priority: null,
      tags: [],
      clientId: null,
      dealId: null,
      contractId: null,
      assignedTo: null,
      createdBy,
      createdAt: at,
      updatedAt: at,
    });
    // A zero duration on creation means "not measured", the same as leaving it out.
    const durationMinutes = input.durationMinutes === 0 ? null : input.durationMinutes;
    activity.data = Activity.applied(activity.data, { ...input, durationMinutes });
    return activity;
  }

  static restore(data: ActivityData): Activity {
    return new Activity({ ...data, tags: [...data.tags] });
  }

  get id(): string {
    return this.data.id;
  }
  get isCompleted(): boolean {
    return this.data.isCompleted;
  }
  get clientId(): string | null {
    return this.data.clientId;
  }
  get dealId(): string | null {
    return this.data.dealId;
  }

  snapshot(): ActivityData {
    return { ...this.data, tags: [...this.data.tags] };
  }

  /** Applies the fields given, all or nothing. `createdBy` is fixed at creation and never changes. */
  update(changes: ActivityChanges, now: Date): void {
    if (!carriesAny(changes, ACTIVITY_CHANGE_FIELDS)) {
      throw new ValidationFailed(`Send at least one of ${ACTIVITY_CHANGE_FIELDS.map(requestName).join(', ')}`);
    }
    const next = Activity.applied(this.data, changes);
    next.updatedAt = now.toISOString();
    this.data = next;
  }

  /**
   * DELETE does not remove an activity: it marks it completed. The completion moment is the write
   * itself, so `completedAt` equals `updatedAt`. Completing it again changes nothing.
   */
  complete(now: Date): ActivityCompletion {
    if (!this.data.isCompleted) {
      this.data.isCompleted = true;
      this.data.updatedAt = now.toISOString();
    }
    return { id: this.data.id, isCompleted: true, completedAt: this.data.updatedAt };
  }

  /**
   * A personal data erasure of the person it is about: its description (free notes of the contact) cleared, the
   * person's values out of its title and tags; type, times, completion and links kept.
   */
  anonymise(redaction: Redaction, now: Date): ActivityData {
    this.data.title = redaction.requiredText(this.data.title);
    this.data.description = null;
    this.data.tags = redaction.list(this.data.tags);
    this.data.updatedAt = now.toISOString();
    return this.snapshot();
  }

  private static applied(current: ActivityData, c: ActivityChanges): ActivityData {
    const next: ActivityData = { ...current, tags: [...current.tags] };
    if (c.type !== undefined) {
      if (!isActivityType(c.type)) throw new ValidationFailed(`type must be one of ${ACTIVITY_TYPES.join(', ')}`, 'type');
      next.type = c.type;
    }
    if (c.title !== undefined) {
      const title = c.title.trim();
      if (!title) throw new ValidationFailed('title must not be empty', 'title');
      next.title = title;
    }
    if (c.description !== undefined) next.description = c.description;
    if (c.occurredAt !== undefined) next.occurredAt = requireTimestamp(c.occurredAt, 'occurred_at');
    if (c.durationMinutes !== undefined) {
      const d = c.durationMinutes;
      if (d !== null && (!Number.isFinite(d) || d < 0)) {
        throw new ValidationFailed('duration_minutes must be a number of minutes, zero or more', 'duration_minutes');
      }
      next.durationMinutes = d;
    }
    if (c.isCompleted !== undefined) next.isCompleted = c.isCompleted;
    if (c.dueDate !== undefined) {
      next.dueDate = optionalCalendarDate(c.dueDate, 'due_date');
    }
    if (c.priority !== undefined) {
      if (c.priority !== null && !(ACTIVITY_PRIORITIES as readonly string[]).includes(c.priority)) {
        throw new ValidationFailed(`priority must be one of ${ACTIVITY_PRIORITIES.join(', ')}`, 'priority');
      }
      next.priority = c.priority as ActivityPriority | null;
    }
    if (c.tags !== undefined) {
      if (!Array.isArray(c.tags) || !c.tags.every((t) => typeof t === 'string')) {
        throw new ValidationFailed('tags must be a list of strings', 'tags');
      }
      next.tags = [...c.tags];
    }
    if (c.clientId !== undefined) next.clientId = Activity.reference(c.clientId, 'client_id');
    if (c.dealId !== undefined) next.dealId = Activity.reference(c.dealId, 'deal_id');
    if (c.contractId !== undefined) next.contractId = Activity.reference(c.contractId, 'contract_id');
    if (c.assignedTo !== undefined) next.assignedTo = Activity.reference(c.assignedTo, 'assigned_to');
    return next;
  }

  /** An optional reference: null, or a well-formed UUID. Whether it exists is the use case's question. */
  private static reference(v: string | null | undefined, field: string): string | null {
    if (v === undefined || v === null) return null;
    if (!isUuid(v)) throw new ValidationFailed(`${field} must be a UUID`, field);
    return v;
  }
}
