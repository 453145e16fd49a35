import { DEAL_CHANGE_FIELDS, DEAL_PRIORITIES } from '../../../domain/deals/deal';
import { S } from '../shared/validation';

const probability = { type: ['number', 'null'], minimum: 0, maximum: 100 };

export const CREATE_DEAL_FIELDS = [
  'title', 'description', 'value', 'phase', 'priority', 'expected_close_date', 'probability', 'responsible_id',
  'source', 'client_id', 'tags',
] as const;

export const createDealSchema = {
  type: 'object',
  required: ['title'],
  properties: {
    title: S.nonEmptyString,
    description: S.nullableString,
    value: S.nullableNumber,
    phase: S.nonEmptyString,
    priority: S.enumOf(DEAL_PRIORITIES),
    expected_close_date: S.nullableDate,
    probability,
    responsible_id: S.nullableUuid,
    source: S.nullableString,
    client_id: S.nullableUuid,
    tags: S.stringArray,
  },
};

export const UPDATABLE_DEAL_FIELDS = DEAL_CHANGE_FIELDS;

export const updateDealSchema = {
  type: 'object',
  properties: {
    ...createDealSchema.properties,
    status: S.nonEmptyString,
    is_starred: S.boolean,
    loss_reason: S.nullableString,
  },
};

/** Only the accepted fields go on: unknown ones are ignored, and never part of an idempotency fingerprint. */
export const pick = <K extends string>(body: Record<string, unknown>, fields: readonly K[]): Partial<Record<K, unknown>> =>
  Object.fromEntries(fields.filter((f) => body[f] !== undefined).map((f) => [f, body[f]])) as Partial<Record<K, unknown>>;
