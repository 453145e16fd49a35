import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { privacyRoutes } from '../../adapters/http/privacy/privacy-routes';
import { ProjectDealDetails } from '../../application/deals/project-deal-details';
import { ExportPerson } from '../../application/privacy/export-person';
import { FindPerson } from '../../application/privacy/find-person';
import { wiring } from '../binding';
import { TOKENS } from '../tokens';
import { ACTIVITY_TOKENS } from './activities';
import { CLIENT_TOKENS } from './clients';
import { DEAL_TOKENS } from './deals';
import { EVENT_TOKENS } from './events';
import { PROJECT_TOKENS } from './projects';
import { WEBHOOK_TOKENS } from './webhooks';
import { WHATSAPP_TOKENS } from './whatsapp';

export const PRIVACY_TOKENS = {
  /** The privacy log: one entry per erasure. */
  PrivacyErasureRepository: Symbol.for('PrivacyErasureRepository'),
  /** The copies of a person's values beside their records (import rows, idempotency answers, run errors). */
  PersonalCopies: Symbol.for('PersonalCopies'),
  /** The search indexes an erasure compacts (SQLite's FTS5). */
  SearchIndexes: Symbol.for('SearchIndexes'),
  /** The salted hash of an erasure's identifiers. */
  IdentifierHasher: Symbol.for('IdentifierHasher'),
} as const;

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
  singleton(ExportPerson, [FindPerson, TOKENS.Clock]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(privacyRoutes, [services({ exportPerson: ExportPerson })]);
});
