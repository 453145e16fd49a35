import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { GetDealHistory, ListAuditLog } from '../../application/events/list-audit-log';
import { onFirstCall, wiring } from '../binding';
import { TOKENS } from '../tokens';
import { DEAL_TOKENS, EVENT_TOKENS } from './tokens';

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const auditRoutes = onFirstCall(
  () => (require('../../adapters/http/events/audit-routes') as typeof import('../../adapters/http/events/audit-routes')).auditRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

/** The audit trail: the event log read as who changed what (`GET /audit-log`, `GET /deals/:id/history`). */
export const auditContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  singleton(ListAuditLog, [EVENT_TOKENS.EventOutbox, TOKENS.Clock, EVENT_TOKENS.AuditRetentionDays]);
  singleton(GetDealHistory, [DEAL_TOKENS.DealRepository, ListAuditLog]);
  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(auditRoutes, [services({ log: ListAuditLog, dealHistory: GetDealHistory })]);
});
