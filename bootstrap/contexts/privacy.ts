import { ContainerModule } from 'inversify';
import { RouteModule } from '../../adapters/http/app';
import { privacyRoutes } from '../../adapters/http/privacy/privacy-routes';
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
