import { ContactIdentityData } from '../../../../domain/projects/contact-identity';
import { ContactIdentityRepository } from '../../../../domain/projects/contact-identity-repository';
import { LeadKeys } from '../../../../domain/projects/lead-repository';
import { TeamContext } from '../../../../domain/shared/team';
import { MemoryStore } from '../shared/memory-store';

const byCreation = (a: ContactIdentityData, b: ContactIdentityData): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

export class MemoryContactIdentityRepository implements ContactIdentityRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() {
    return this.store.table<ContactIdentityData>('contact_identities');
  }

  async findById(team: TeamContext, id: string): Promise<ContactIdentityData | null> {
    const i = this.rows.get(id);
    return i && i.teamId === team.teamId ? i : null;
  }

  async findByContact(team: TeamContext, keys: LeadKeys): Promise<ContactIdentityData | null> {
    const first = (pick: (i: ContactIdentityData) => boolean) =>
      this.rows.filter((i) => i.teamId === team.teamId && pick(i)).sort(byCreation)[0] ?? null;
    return (
      (keys.phoneKey ? first((i) => i.phoneKey === keys.phoneKey) : null) ??
      (keys.emailKey ? first((i) => i.emailKey === keys.emailKey) : null)
    );
  }

  async listByContact(team: TeamContext, keys: LeadKeys): Promise<ContactIdentityData[]> {
    return this.rows
      .filter(
        (i) =>
          i.teamId === team.teamId &&
          ((!!keys.phoneKey && i.phoneKey === keys.phoneKey) || (!!keys.emailKey && i.emailKey === keys.emailKey)),
      )
      .sort(byCreation);
  }

  async insert(identity: ContactIdentityData): Promise<void> {
    this.rows.set(identity.id, identity);
  }
  async update(identity: ContactIdentityData): Promise<void> {
    this.rows.set(identity.id, identity);
  }
}
