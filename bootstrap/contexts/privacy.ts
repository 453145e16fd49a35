import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { privacyRoutes } from '../../adapters/http/privacy/privacy-routes';
import { ProjectDealDetails } from '../../application/deals/project-deal-details';
import { ExportPerson } from '../../application/privacy/export-person';
import { FindPerson } from '../../application/privacy/find-person';
import { wiring } from '../binding';
import { Config } from '../config';
import { TOKENS } from '../tokens';
import { ACTIVITY_TOKENS } from './activities';
import { CLIENT_TOKENS } from './clients';
import { DEAL_TOKENS } from './deals';
import { EVENT_TOKENS } from './events';
import { PROJECT_TOKENS } from './projects';
import { WEBHOOK_TOKENS } from './webhooks';
import { WHATSAPP_TOKENS } from './whatsapp';

const EXPORT_MAX_RECORDS = Symbol('PrivacyExportMaxRecords');

/** Requests about one person's data (LGPD art. 18): finding every record of the team that holds them, and exporting it. */
export const privacyContext = new ContainerModule(({ bind }) => {
  const { singleton, services } = wiring(bind);
  singleton(FindPerson, [
    CLIENT_TOKENS.ClientRepository,
    PROJECT_TOKENS.LeadRepository,
    PROJECT_TOKENS.ContactIdentityRepository,
    DEAL_TOKENS.DealRepository,
    DEAL_TOKENS.DealContactRepository,
    ProjectDealDetails,
    WHATSAPP_TOKENS.ContactRepository,
    WHATSAPP_TOKENS.ConversationRepository,
    WHATSAPP_TOKENS.MessageRepository,
    WEBHOOK_TOKENS.InboundDeliveryRepository,
    ACTIVITY_TOKENS.ActivityRepository,
    EVENT_TOKENS.EventOutbox,
  ]);
  bind<number>(EXPORT_MAX_RECORDS)
    .toResolvedValue((config: Config) => config.privacy.exportMaxRecords, [TOKENS.Config])
    .inSingletonScope();
  singleton(ExportPerson, [FindPerson, TOKENS.Clock, EXPORT_MAX_RECORDS]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(privacyRoutes, [services({ exportPerson: ExportPerson })]);
});
