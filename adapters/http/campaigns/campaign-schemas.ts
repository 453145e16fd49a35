import { CAMPAIGN_CHANGE_FIELDS, CAMPAIGN_STATUSES, Json, REFUSED_CAMPAIGN_STATUSES } from '../../../domain/campaigns/campaign';
import { B, Items, Static, Text, Type, fieldsOf, requestFields } from '../shared/body';
import { anyJson } from './present-campaign';

// `status` is checked by the domain, which tells a refused status (500) from an unknown one (400);
// `goals` takes any JSON. Descriptions document; they validate nothing.
const name = Type.String({ maxLength: Text.name, description: 'Trimmed on save; must not be blank.' });
const freeFormList = () => Type.Unsafe<Json[]>({ type: 'array', maxItems: Items.list, description: 'Free-form list.' });

const fields = {
  description: B.optional(B.nullableString(Text.long)),
  status: B.optional(
    Type.String({
      maxLength: Text.code,
      examples: [...CAMPAIGN_STATUSES],
      description:
        `One of ${CAMPAIGN_STATUSES.join(', ')} (default draft). ${REFUSED_CAMPAIGN_STATUSES.join(' and ')} are refused ` +
        'with 500 `INTERNAL_ERROR` and nothing is written; any other value is 400.',
    }),
  ),
  start_date: B.optional(B.nullableDate()),
  end_date: B.optional(B.nullableDate()),
  content_pillars: B.optional(freeFormList()),
  target_platforms: B.optional(freeFormList()),
  // Bounded at its top level here, in depth by the domain; what lies deeper is bounded by the body limit.
  goals: B.optional(
    Type.Unsafe<Json>({
      ...anyJson('Free-form JSON. On creation false, 0, an empty string and null mean `{}`; on update the value is kept as sent.'),
      maxProperties: Items.keys,
      maxItems: Items.list,
      maxLength: Text.long,
    }),
  ),
};

export const createCampaignSchema = Type.Object({
  name,
  ...fields,
  project_id: Type.String({ format: 'uuid', description: 'A project of the team (another one is 404 on `project_id`).' }),
});

export const updateCampaignSchema = Type.Object(
  { name: B.optional(name), ...fields },
  { description: 'At least one field; `project_id` and `approval_status` are ignored.' },
);

export type CreateCampaignBody = Static<typeof createCampaignSchema>;
export type UpdateCampaignBody = Static<typeof updateCampaignSchema>;

/** What a create passes on to the use case; anything else in a body is ignored. */
export const CREATE_CAMPAIGN_FIELDS = fieldsOf(createCampaignSchema);

/** What an update changes, as the request names it, in the domain's order: the order a body with none of them is told about. */
export const UPDATABLE_CAMPAIGN_FIELDS = requestFields(CAMPAIGN_CHANGE_FIELDS);
