import { PROJECT_PRIORITIES } from '../../../domain/projects/project';
import { PROJECT_STATUSES } from '../../../domain/projects/stage';
import { S } from '../shared/validation';

const fields = {
  name: S.nonEmptyString,
  slug: S.nonEmptyString,
  description: S.nullableString,
  color: S.nullableString,
  briefing: S.nullableString,
  status: S.enumOf(PROJECT_STATUSES),
  stage_id: S.uuid,
  priority: S.enumOf(PROJECT_PRIORITIES),
  start_date: S.nullableDate,
  due_date: S.nullableDate,
  squad_id: S.nullableUuid,
  client_id: S.nullableUuid,
};

// On creation a null slug means "generate it", like an absent one.
export const createProjectSchema = { type: 'object', required: ['name'], properties: { ...fields, slug: { type: ['string', 'null'] } } };

export const UPDATABLE_PROJECT_FIELDS = [
  'name', 'slug', 'description', 'color', 'briefing', 'start_date', 'due_date', 'completed_at', 'squad_id', 'client_id',
  'stage_id', 'status', 'priority',
] as const;

export const updateProjectSchema = {
  type: 'object',
  properties: { ...fields, completed_at: S.nullableString },
};

/** Lead creation reads only these; other fields (custom fields included) are ignored. */
export const LEAD_BODY_FIELDS = ['full_name', 'email', 'phone', 'company_id', 'tags', 'notes', 'customer_source'] as const;

export const createLeadSchema = {
  type: 'object',
  required: ['full_name'],
  properties: {
    full_name: S.nonEmptyString,
    email: S.nullableString,
    phone: S.nullableString,
    company_id: S.nullableUuid,
    tags: S.stringArray,
    notes: S.nullableString,
    customer_source: S.nullableString,
  },
};
