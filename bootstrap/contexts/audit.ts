import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { auditRoutes } from '../../adapters/http/events/audit-routes';
import { GetDealHistory, ListAuditLog } from '../../application/events/list-audit-log';
import { wiring } from '../binding';
import { TOKENS } from '../tokens';
import { DEAL_TOKENS } from './deals';
import { EVENT_TOKENS } from './events';

/** The audit trail: the event log read as who changed what (`GET /audit-log`, `GET /deals/:id/history`). */
export const auditContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  singleton(ListAuditLog, [EVENT_TOKENS.EventOutbox, TOKENS.Clock, EVENT_TOKENS.AuditRetentionDays]);
  singleton(GetDealHistory, [DEAL_TOKENS.DealRepository, ListAuditLog]);
  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(auditRoutes, [services({ log: ListAuditLog, dealHistory: GetDealHistory })]);
});
