import { TeamContext } from '../shared/team';
import { ContactIdentityData } from './contact-identity';
import { LeadKeys } from './lead-repository';

/** The team-wide identities shared by the leads of several projects. */
export interface ContactIdentityRepository {
  findById(team: TeamContext, id: string): Promise<ContactIdentityData | null>;
  /** The identity with this phone key, else with this email key. */
  findByContact(team: TeamContext, keys: LeadKeys): Promise<ContactIdentityData | null>;
  /** Every identity with this phone key or this email key, oldest first. */
  listByContact(team: TeamContext, keys: LeadKeys): Promise<ContactIdentityData[]>;
  insert(identity: ContactIdentityData): Promise<void>;
  update(identity: ContactIdentityData): Promise<void>;
}
