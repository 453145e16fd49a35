// What the batch routes (POST /clients/batch, POST /projects/:id/leads/batch) share: the body, how each item
// is read with its single route's validator, the answer (200, or 207 when an item failed) and its schema, and
// the Idempotency-Key.
import { TSchema } from '@sinclair/typebox';
import { BATCH_MAX_ITEMS, BatchItem, ItemResult, OnDuplicate, itemErrorOf, totalsOf } from '../../../application/shared/batch';
import { BatchOutcome, IdempotentBatches } from '../../../application/shared/idempotent-batches';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IdempotencyKey, requestFingerprint } from '../../../domain/deals/idempotency';
import { StoredAnswer } from '../../../domain/shared/batch-keys';
import { DomainError } from '../../../domain/shared/errors';
import { TeamContext } from '../../../domain/shared/team';
import { B, Items, Static, Type } from './body';
import { R, exactObject } from './documented';
import { one } from './envelope';
import { ParameterDoc, Schema } from './operation';
import { Ctx, teamOf } from './params';
import { validator } from './validation';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const ON_DUPLICATE: readonly OnDuplicate[] = ['skip', 'update'];

/**
 * A batch body: the items are only objects here, so that one bad item never fails the request; each is then
 * read on its own (`itemReader`), its problems becoming its result.
 */
export const batchBodySchema = (item: string) =>
  Type.Object({
    items: Type.Array(Type.Object({}, { additionalProperties: true, maxProperties: Items.keys, description: item }), {
      minItems: 1,
      maxItems: BATCH_MAX_ITEMS,
      description: `1 to ${BATCH_MAX_ITEMS} items, each answered in \`results\` at its index.`,
    }),
    on_duplicate: B.optional(B.enumOf(ON_DUPLICATE)),
  });
export type BatchBody = Static<ReturnType<typeof batchBodySchema>>;

/** `on_duplicate` as sent, `skip` when absent. */
export const onDuplicateOf = (body: BatchBody): OnDuplicate => body.on_duplicate ?? 'skip';

/**
 * Reads items with the single route's body schema (compiled once) and maps each to its command; an item the
 * schema or the mapping refuses is that item's error (`VALIDATION_ERROR`, `details.field`).
 */
export function itemReader<S extends TSchema, C>(schema: S, command: (body: Static<S>) => C): (items: unknown[]) => BatchItem<C>[] {
  const parse = validator<Static<S>>(schema);
  return (items) =>
    items.map((item) => {
      try {
        return { command: command(parse(item)) };
      } catch (err) {
        if (err instanceof DomainError) return { error: itemErrorOf(err) };
        throw err;
      }
    });
}

/** 200 when every item succeeded, 207 when at least one is `error`; the results in the order sent, and their totals. */
export const batchAnswerOf = (results: ItemResult[]): StoredAnswer => ({
  status: results.some((r) => r.status === 'error') ? 207 : 200,
  body: one({ results, totals: totalsOf(results) }),
});

/** Answers as the batch (or the first request with its key) answered. */
const answerBatch = (ctx: Ctx, outcome: BatchOutcome): void => {
  ctx.status = outcome.answer.status;
  if (outcome.replayed) ctx.set('Idempotent-Replayed', 'true');
  ctx.body = outcome.answer.body;
};

/**
 * Runs a batch route's write under its `Idempotency-Key` (the request fingerprinted from `payload`, as sent)
 * and answers as it, or the first request with the key, answered.
 */
export async function answerBatchWrite<C>(
  ctx: Ctx,
  batches: IdempotentBatches,
  request: { route: string; key: IdempotencyKey | null; payload: unknown },
  writer: { executeWithin(team: TeamContext, command: C): Promise<ItemResult[]>; wakeDispatcher(): void },
  command: C,
): Promise<void> {
  const team = teamOf(ctx);
  const outcome = await batches.run(
    team,
    { route: request.route, key: request.key, fingerprint: requestFingerprint(request.payload) },
    { within: () => writer.executeWithin(team, command), answer: batchAnswerOf, wake: () => writer.wakeDispatcher() },
  );
  answerBatch(ctx, outcome);
}

const STATUSES = ['created', 'updated', 'unchanged', 'skipped', 'error'] as const;

const itemErrorSchema: Schema = {
  type: 'object',
  description: "The item's refusal, as the error envelope says a request's: `details.field` names the item's field.",
  required: ['code', 'message'],
  additionalProperties: false,
  properties: { code: R.string, message: R.string, details: R.anyObject },
};

const itemResultSchema: Schema = {
  type: 'object',
  required: ['index', 'status'],
  additionalProperties: false,
  properties: {
    index: { type: 'integer', minimum: 0, description: "The item's position in `items`, from 0." },
    status: R.enumOf(STATUSES),
    id: { ...R.uuid, description: 'The record created, updated, left unchanged, or skipped as a duplicate; none for an error.' },
    error: itemErrorSchema,
  },
};

const count = { type: 'integer', minimum: 0 };

export const batchResultSchema: Schema = exactObject({
  results: { type: 'array', items: itemResultSchema },
  totals: exactObject({ created: count, updated: count, unchanged: count, skipped: count, failed: count }),
});

export const idempotencyKeyParameter = (what: string): ParameterDoc => ({
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  schema: { type: 'string', maxLength: IDEMPOTENCY_KEY_MAX_LENGTH },
  description:
    `Makes a retry safe: one key, per team, stands for one ${what} for 24 hours. The same key and payload replay the first ` +
    'answer (status and body) with `Idempotent-Replayed: true`; another payload, or a retry while the first request still ' +
    'runs, answers 409 `CONFLICT`. An empty value counts as none.',
});
