import { PROJECT_PRIORITIES } from '../../../domain/projects/project';
import { PROJECT_STATUSES } from '../../../domain/projects/stage';
import { B, Static, Text, Type } from '../shared/body';

const fields = {
  name: B.optional(B.nonEmptyString(Text.name)),
  slug: B.optional(B.nonEmptyString(Text.name)),
  description: B.optional(B.nullableString(Text.long)),
  color: B.optional(B.nullableString(Text.code)),
  briefing: B.optional(B.nullableString(Text.long)),
  status: B.optional(B.enumOf(PROJECT_STATUSES)),
  stage_id: B.optional(B.uuid()),
  priority: B.optional(B.enumOf(PROJECT_PRIORITIES)),
  start_date: B.optional(B.nullableDate()),
  due_date: B.optional(B.nullableDate()),
  squad_id: B.optional(B.nullableUuid()),
  client_id: B.optional(B.nullableUuid()),
};

// On creation a null slug means "generate it", like an absent one.
export const createProjectSchema = Type.Object({
  ...fields,
  name: B.nonEmptyString(Text.name),
  slug: B.optional(B.nullableString(Text.name)),
});
export type CreateProjectBody = Static<typeof createProjectSchema>;

/** What a create reads; anything else in the body is ignored. */
export const CREATE_PROJECT_FIELDS = [
  'name',
  'slug',
  'description',
  'color',
  'briefing',
  'status',
  'stage_id',
  'priority',
  'start_date',
  'due_date',
  'squad_id',
  'client_id',
] as const satisfies readonly (keyof CreateProjectBody)[];

export const updateProjectSchema = Type.Object({ ...fields, completed_at: B.optional(B.nullableString(Text.code)) });
export type UpdateProjectBody = Static<typeof updateProjectSchema>;

export const UPDATABLE_PROJECT_FIELDS = [
  'name',
  'slug',
  'description',
  'color',
  'briefing',
  'start_date',
  'due_date',
  'completed_at',
  'squad_id',
  'client_id',
  'stage_id',
  'status',
  'priority',
] as const satisfies readonly (keyof UpdateProjectBody)[];

export const createLeadSchema = Type.Object({
  full_name: B.nonEmptyString(Text.name),
  email: B.optional(B.nullableString(Text.email)),
  phone: B.optional(B.nullableString(Text.phone)),
  company_id: B.optional(B.nullableUuid()),
  tags: B.optional(B.tags()),
  notes: B.optional(B.nullableString(Text.long)),
  customer_source: B.optional(B.nullableString(Text.name)),
});
export type CreateLeadBody = Static<typeof createLeadSchema>;

/** Lead creation reads only these; other fields (custom fields included) are ignored. */
export const LEAD_BODY_FIELDS = [
  'full_name',
  'email',
  'phone',
  'company_id',
  'tags',
  'notes',
  'customer_source',
] as const satisfies readonly (keyof CreateLeadBody)[];
