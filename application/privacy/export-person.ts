// LGPD art. 18 (access): everything the team holds about one person, as of now.
import { PersonIdentifiers, PersonIdentifiersInput, parsePersonIdentifiers } from '../../domain/privacy/person-identifiers';
import { PERSON_RECORDS_LIMIT } from '../../domain/privacy/person-records';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { FindPerson, PersonRecords } from './find-person';

/** The identifiers as the request gave them: any of them, one at least. */
export type ExportPersonCommand = PersonIdentifiersInput;

export interface PersonExport {
  /** What was searched, normalised. */
  identifiers: PersonIdentifiers;
  generatedAt: string;
  records: PersonRecords;
}

export class ExportPerson {
  constructor(
    private readonly find: FindPerson,
    private readonly clock: Clock,
    /** The most records of one kind an export answers (`PRIVACY_EXPORT_MAX_RECORDS`); more is `TooManyPersonRecords`. */
    private readonly maxRecords: number = PERSON_RECORDS_LIMIT,
  ) {}

  async execute(team: TeamContext, command: ExportPersonCommand): Promise<PersonExport> {
    const identifiers = parsePersonIdentifiers(command);
    const generatedAt = this.clock.now().toISOString();
    return { identifiers, generatedAt, records: await this.find.execute(team, identifiers, { limit: this.maxRecords }) };
  }
}
