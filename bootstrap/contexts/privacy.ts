import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { ProjectDealDetails } from '../../application/deals/project-deal-details';
import { Sha256IdentifierHasher } from '../../adapters/system/sha256-identifier-hasher';
import { EventLog } from '../../application/events/event-log';
import { ErasePerson, ErasureRepositories, ErasureStores } from '../../application/privacy/erase-person';
import { ExportPerson } from '../../application/privacy/export-person';
import { IdentifierHasher } from '../../application/privacy/identifier-hasher';
import { GetPrivacyErasure, ListPrivacyErasures } from '../../application/privacy/privacy-erasures';
import { SearchIndexes } from '../../application/shared/search-indexes';
import { EventOutbox } from '../../domain/events/event-outbox';
import { PersonalCopies } from '../../domain/privacy/personal-copies';
import { PrivacyErasureRepository } from '../../domain/privacy/privacy-erasure-repository';
import { FindPerson } from '../../application/privacy/find-person';
import { onFirstCall, wiring } from '../binding';
import { Config } from '../config';
import { TOKENS } from '../tokens';
import {
  ACTIVITY_TOKENS,
  CLIENT_TOKENS,
  DEAL_TOKENS,
  EVENT_TOKENS,
  PRIVACY_TOKENS,
  PROJECT_TOKENS,
  WEBHOOK_TOKENS,
  WHATSAPP_TOKENS,
} from './tokens';

export { PRIVACY_TOKENS };

const EXPORT_MAX_RECORDS = Symbol('PrivacyExportMaxRecords');

const REPOSITORIES = Symbol('ErasureRepositories');
const STORES = Symbol('ErasureStores');
/** The order of the repositories bound to REPOSITORIES. */
const REPOSITORY_NAMES: (keyof ErasureRepositories)[] = [
  'clients',
  'leads',
  'identities',
  'deals',
  'contacts',
  'conversations',
  'messages',
  'deliveries',
  'activities',
  'projects',
];

// Loaded when the HTTP app asks for the routes, never by a command of the CLI (`onFirstCall`).
/* eslint-disable @typescript-eslint/no-require-imports */
const privacyRoutes = onFirstCall(
  () =>
    (require('../../adapters/http/privacy/privacy-routes') as typeof import('../../adapters/http/privacy/privacy-routes')).privacyRoutes,
);
/* eslint-enable @typescript-eslint/no-require-imports */

/** Requests about one person's data (LGPD art. 18): finding every record of the team that holds them, exporting and erasing it. */
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

  const T = PRIVACY_TOKENS;
  bind<IdentifierHasher>(T.IdentifierHasher).toConstantValue(new Sha256IdentifierHasher());
  bind<ErasureRepositories>(REPOSITORIES).toResolvedValue(
    (...r: unknown[]) => Object.fromEntries(REPOSITORY_NAMES.map((n, i) => [n, r[i]])) as unknown as ErasureRepositories,
    [
      CLIENT_TOKENS.ClientRepository,
      PROJECT_TOKENS.LeadRepository,
      PROJECT_TOKENS.ContactIdentityRepository,
      DEAL_TOKENS.DealRepository,
      WHATSAPP_TOKENS.ContactRepository,
      WHATSAPP_TOKENS.ConversationRepository,
      WHATSAPP_TOKENS.MessageRepository,
      WEBHOOK_TOKENS.InboundDeliveryRepository,
      ACTIVITY_TOKENS.ActivityRepository,
      PROJECT_TOKENS.ProjectRepository,
    ],
  );
  bind<ErasureStores>(STORES).toResolvedValue(
    (erasures: PrivacyErasureRepository, copies: PersonalCopies, indexes: SearchIndexes, outbox: EventOutbox): ErasureStores => ({
      erasures,
      copies,
      indexes,
      outbox,
    }),
    [T.PrivacyErasureRepository, T.PersonalCopies, T.SearchIndexes, EVENT_TOKENS.EventOutbox],
  );
  singleton(ErasePerson, [
    TOKENS.UnitOfWork,
    FindPerson,
    REPOSITORIES,
    STORES,
    T.IdentifierHasher,
    EVENT_TOKENS.EventObjects,
    TOKENS.IdGenerator,
    TOKENS.Clock,
    EventLog,
    EVENT_TOKENS.DispatchTrigger,
    EXPORT_MAX_RECORDS,
  ]);
  singleton(ListPrivacyErasures, [T.PrivacyErasureRepository]);
  singleton(GetPrivacyErasure, [T.PrivacyErasureRepository]);

  bind<RouteModule>(TOKENS.RouteModule).toResolvedValue(privacyRoutes, [
    services({ exportPerson: ExportPerson, erasePerson: ErasePerson, listErasures: ListPrivacyErasures, getErasure: GetPrivacyErasure }),
  ]);
});
