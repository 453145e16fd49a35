import { ACTIVITY_CHANGE_FIELDS, ACTIVITY_PRIORITIES, ACTIVITY_TYPES } from '../../../domain/activities/activity';
import { B, Text, Type, requestFields } from '../shared/body';

const title = () => Type.String({ maxLength: Text.name, description: 'Trimmed on save; must not be blank.' });

/** Every field of `ACTIVITY_CHANGE_FIELDS`, as the request names it. */
const fields = {
  title: B.optional(title()),
  type: B.optional(B.enumOf(ACTIVITY_TYPES)),
  description: B.optional(B.nullableString(Text.long)),
  // Checked and normalized to UTC by the domain, which accepts any ISO 8601 form.
  occurred_at: B.optional(Type.String({ maxLength: Text.code, description: 'An ISO 8601 timestamp, any offset; stored in UTC.' })),
  duration_minutes: B.optional(Type.Union([Type.Number(), Type.Null()], { description: 'Minutes, zero or more.' })),
  is_completed: B.optional(B.boolean()),
  due_date: B.optional(B.nullableDate()),
  priority: B.optional(B.nullableEnumOf(ACTIVITY_PRIORITIES)),
  tags: B.optional(B.tags()),
  client_id: B.optional(Type.Union([B.uuid(), Type.Null()], { description: 'A client of the team (another one is 404 on `client_id`).' })),
  deal_id: B.optional(Type.Union([B.uuid(), Type.Null()], { description: 'A deal of the team (another one is 404 on `deal_id`).' })),
  contract_id: B.optional(B.nullableUuid()),
  assigned_to: B.optional(B.nullableUuid()),
};

/** What an update changes, as the request names it, in the domain's order: the order a body with none of them is told about. */
export const UPDATABLE_ACTIVITY_FIELDS = requestFields(ACTIVITY_CHANGE_FIELDS);

/** `created_by` is accepted on creation only. */
export const CREATE_ACTIVITY_FIELDS = [...UPDATABLE_ACTIVITY_FIELDS, 'created_by'] as const;

export const createActivitySchema = Type.Object({
  ...fields,
  title: title(),
  created_by: B.optional(B.nullableUuid()),
});

export const updateActivitySchema = Type.Object(fields, { description: 'At least one field; `created_by` is ignored (it never changes).' });
