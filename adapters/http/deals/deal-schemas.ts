import {
  DEAL_CHANGE_FIELDS,
  DEAL_PRIORITIES,
  DealChanges,
  NewGlobalDeal,
  PROJECT_DEAL_CHANGE_FIELDS,
  ProjectDealChanges,
} from '../../../domain/deals/deal';
import { B, camelKeys, changesOf, fieldsOf, Items, pick, requestFields, Static, Text, Type } from '../shared/body';

/** 0 to 100, or null; the bounds sit beside the union so that a number out of them is said as such. */
const probability = Type.Union([B.number(), Type.Null()], { minimum: 0, maximum: 100 });

/** The fields of a legacy deal, besides its title, that both POST and PUT accept. */
const dealFields = {
  description: B.optional(B.nullableString(Text.long)),
  value: B.optional(B.nullableNumber()),
  phase: B.optional(B.nonEmptyString(Text.name)),
  priority: B.optional(B.enumOf(DEAL_PRIORITIES)),
  expected_close_date: B.optional(B.nullableDate()),
  probability: B.optional(probability),
  responsible_id: B.optional(B.nullableUuid()),
  source: B.optional(B.nullableString(Text.name)),
  client_id: B.optional(B.nullableUuid()),
  tags: B.optional(B.tags()),
};

export const createDealSchema = Type.Object({ title: B.nonEmptyString(Text.name), ...dealFields });

/** Every field of `DEAL_CHANGE_FIELDS`, as the request names it (`dealChangesOf` reads them by those names). */
export const updateDealSchema = Type.Object({
  title: B.optional(B.nonEmptyString(Text.name)),
  ...dealFields,
  status: B.optional(B.nonEmptyString(Text.name)),
  is_starred: B.optional(B.boolean()),
  loss_reason: B.optional(B.nullableString(Text.long)),
});

export type CreateDealBody = Static<typeof createDealSchema>;
export type UpdateDealBody = Static<typeof updateDealSchema>;

/** Only the accepted fields go on: unknown ones are ignored, and never part of an idempotency fingerprint. */
const CREATE_DEAL_FIELDS = fieldsOf(createDealSchema);

/** What a PUT changes, as the request names it, in the domain's order: the order a body with none of them is told about. */
const UPDATABLE_DEAL_FIELDS = requestFields(DEAL_CHANGE_FIELDS);

export const newGlobalDealOf = (body: CreateDealBody): NewGlobalDeal => camelKeys(pick(body, CREATE_DEAL_FIELDS));

export const dealChangesOf = (body: UpdateDealBody): DealChanges => changesOf(body, UPDATABLE_DEAL_FIELDS);

/** A free-form JSON object of a project deal (custom fields, attribution, metadata), bounded at its top level. */
const freeObject = (description: string) =>
  Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true, maxProperties: Items.keys, description });

/** The fields of a project deal, besides its title, that both POST and PUT /projects/:id/deals accept. */
const projectDealFields = {
  description: B.optional(B.nullableString(Text.long)),
  value: B.optional(B.nullableNumber()),
  currency: B.optional(Type.String({ minLength: 3, maxLength: 3, description: 'ISO 4217, such as `BRL` (the default).' })),
  priority: B.optional(B.enumOf(DEAL_PRIORITIES)),
  probability: B.optional(probability),
  expected_close_date: B.optional(B.nullableDate()),
  responsible_id: B.optional(B.nullableUuid()),
  source: B.optional(B.nullableString(Text.name)),
  tags: B.optional(B.tags()),
};

const projectDealObjects = {
  custom_fields: B.optional(freeObject("Values of the project's deal custom fields, by key.")),
  attribution: B.optional(
    B.nullable(freeObject('Full attribution, e.g. `{ first: { utm_source, utm_medium, utm_campaign, utm_term, utm_content } }`.')),
  ),
  metadata: B.optional(freeObject('Free form.')),
};

/** `lead`: who the deal is for, found among the project's leads by phone, then e-mail, or created. */
const inlineLeadSchema = Type.Object(
  {
    full_name: B.nonEmptyString(Text.name),
    email: B.optional(B.nullableString(Text.email)),
    phone: B.optional(B.nullableString(Text.phone)),
  },
  { description: "The project's lead with this phone, else this e-mail, or a new lead. Give this or `lead_id`, not both." },
);

export const createProjectDealSchema = Type.Object({
  title: B.nonEmptyString(Text.name),
  lead_id: B.optional(B.uuid()),
  lead: B.optional(inlineLeadSchema),
  pipeline_id: B.optional(B.uuid()),
  phase: B.optional(B.nonEmptyString(Text.name)),
  ...projectDealFields,
  ...projectDealObjects,
  contact_ids: B.optional(B.uuidArray()),
});

/** Every field of `PROJECT_DEAL_CHANGE_FIELDS`, as the request names it. */
export const updateProjectDealSchema = Type.Object({
  title: B.optional(B.nonEmptyString(Text.name)),
  ...projectDealFields,
  is_starred: B.optional(B.boolean()),
  ...projectDealObjects,
});

export type CreateProjectDealBody = Static<typeof createProjectDealSchema>;
export type UpdateProjectDealBody = Static<typeof updateProjectDealSchema>;

const UPDATABLE_PROJECT_DEAL_FIELDS = requestFields(PROJECT_DEAL_CHANGE_FIELDS);

export const projectDealChangesOf = (body: UpdateProjectDealBody): ProjectDealChanges => changesOf(body, UPDATABLE_PROJECT_DEAL_FIELDS);

const PROJECT_DEAL_BODY_FIELDS = [
  'title',
  'description',
  'value',
  'currency',
  'priority',
  'probability',
  'expected_close_date',
  'responsible_id',
  'source',
  'tags',
  'custom_fields',
  'attribution',
  'metadata',
] as const satisfies readonly (keyof CreateProjectDealBody)[];

/** What a project deal's creation carries besides who it is for and where it starts: the fields sent, in camelCase. */
export const newProjectDealOf = (body: CreateProjectDealBody) => camelKeys(pick(body, PROJECT_DEAL_BODY_FIELDS));

/**
 * Fields that change where a deal stands: a PUT never takes them, and says which route does. Read from the
 * body as sent (the update schema does not declare them, so it would drop them silently).
 */
export const MOVE_FIELDS = ['phase', 'pipeline_id', 'win_note', 'loss_reason_id', 'loss_reason', 'position'] as const;
