import { AuditPage, GetDealHistory, ListAuditLog } from '../../../application/events/list-audit-log';
import { AUDIT_RESOURCE_NAMES, AuditEntry } from '../../../domain/events/audit';
import { EVENT_TYPES } from '../../../domain/events/event';
import { RouteModule } from '../app';
import { Type } from '../shared/body';
import { R, exactObject } from '../shared/documented';
import { operation } from '../shared/operation';
import { Ctx, pathId, teamOf } from '../shared/params';
import { Q, queryParameters, queryReader } from '../shared/query';
import { DEMO_IDS } from '../shared/demo-ids';

export interface AuditUseCases {
  log: ListAuditLog;
  dealHistory: GetDealHistory;
}

const TAG = 'Audit trail';

export const presentAuditEntry = (e: AuditEntry) => ({
  id: e.id,
  created_at: e.createdAt,
  actor: e.actor,
  request_id: e.requestId,
  action: e.action,
  resource: e.resource,
  resource_id: e.resourceId,
  changes: e.changes,
});

const auditEntrySchema = exactObject({
  id: { ...R.uuid, description: "The entry's id: the id of the event that recorded the change." },
  created_at: R.dateTime,
  actor: {
    type: ['string', 'null'],
    description:
      'Who made the change: `api_key:<id>`, `cli` (the operator CLI), `inbound:<endpoint id>` (the inbound receiver), ' +
      '`whatsapp:<inbox id>` (a provider webhook), `workflow:<id>`, `import:<id>`, or `system`; null for a change recorded before actors were.',
  },
  request_id: { ...R.nullableString, description: 'The `X-Request-Id` of the request that made the change, when a request did.' },
  action: R.enumOf(EVENT_TYPES),
  resource: { type: ['string', 'null'], enum: [...AUDIT_RESOURCE_NAMES, null] },
  resource_id: R.uuid,
  changes: {
    type: 'object',
    description:
      'Each changed field with its value before and after, `{ "from": …, "to": … }`, as the resource\'s GET shows it: ' +
      'from null on a creation, to null on a removal.',
    additionalProperties: exactObject({ from: {}, to: {} }),
  },
});

const pageResponse = (description: string) => ({
  200: {
    description,
    content: {
      'application/json': {
        schema: exactObject({
          success: { type: 'boolean', enum: [true] },
          data: { type: 'array', items: auditEntrySchema },
          has_more: R.boolean,
        }),
      },
    },
  },
});

const CURSOR = {
  starting_after: Q.uuid('The id of the last entry of the previous page.'),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Entries a page: 1 to 100, 20 when absent.' })),
};

const AUDIT_QUERY = Type.Object({
  resource: Q.oneOf(AUDIT_RESOURCE_NAMES, 'Only changes of this kind of record.'),
  resource_id: Q.uuid("Only this record's changes."),
  actor: Q.text('Only the changes of this actor, written as the entries show it (`api_key:<id>`, `cli`…).'),
  ...CURSOR,
});
const readAuditQuery = queryReader(AUDIT_QUERY);
const HISTORY_QUERY = Type.Object(CURSOR);
const readHistoryQuery = queryReader(HISTORY_QUERY);

const answer = (ctx: Ctx, page: AuditPage) => {
  ctx.body = { success: true, data: page.data.map(presentAuditEntry), has_more: page.hasMore };
};

export function auditRoutes(uc: AuditUseCases): RouteModule {
  return {
    operations: [
      operation({
        id: 'listAuditLog',
        method: 'get',
        path: '/audit-log',
        tag: TAG,
        access: 'key',
        summary: 'Who changed what, newest first',
        description:
          'Every change made through the API, the operator CLI, the inbound receiver, WhatsApp webhooks, workflows and ' +
          'imports to deals, clients, leads, tasks, activities, projects, campaigns and WhatsApp records, and each erasure ' +
          'of a person (`POST /privacy/erasures`), with its actor, ' +
          'request id and changed fields, kept for `AUDIT_RETENTION_DAYS` (365 by default). A page is `limit` entries after ' +
          'the cursor `starting_after` (the last id of the previous page); `has_more` says whether another page follows.',
        parameters: queryParameters(AUDIT_QUERY),
        success: { status: 200, description: 'A page of entries.', data: R.anyObject },
        errors: [400, 404],
        rawResponses: pageResponse('A page of entries, newest first.'),
        async handle(ctx: Ctx) {
          const q = readAuditQuery(ctx);
          answer(
            ctx,
            await uc.log.execute(teamOf(ctx), {
              resource: q.resource,
              resourceId: q.resourceId,
              actor: q.actor,
              startingAfter: q.startingAfter,
              limit: q.limit ?? 20,
            }),
          );
        },
      }),
      operation({
        id: 'getDealHistory',
        method: 'get',
        path: '/deals/:id/history',
        pathExamples: { id: DEMO_IDS.proposalDeal },
        tag: TAG,
        access: 'key',
        summary: "A deal's changes, newest first",
        description:
          "The audit trail of one deal (global or of a project): its creation, each change with the fields' old and new " +
          'values, moves, wins, losses and its archive, each with its actor and request id. Paged as `GET /audit-log`.',
        parameters: queryParameters(HISTORY_QUERY),
        success: { status: 200, description: 'A page of entries.', data: R.anyObject },
        errors: [400, 404],
        rawResponses: pageResponse("A page of the deal's entries, newest first."),
        async handle(ctx: Ctx) {
          const q = readHistoryQuery(ctx);
          answer(
            ctx,
            await uc.dealHistory.execute(teamOf(ctx), { dealId: pathId(ctx), startingAfter: q.startingAfter, limit: q.limit ?? 20 }),
          );
        },
      }),
    ],
  };
}
