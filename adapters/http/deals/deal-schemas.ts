import { DEAL_CHANGE_FIELDS, DEAL_PRIORITIES, DealChanges, NewGlobalDeal } from '../../../domain/deals/deal';
import { B, camelKeys, changesOf, fieldsOf, pick, requestFields, Static, Text, Type } from '../shared/body';

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
