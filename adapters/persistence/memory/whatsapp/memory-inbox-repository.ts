import { Duplicate } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { InboxData } from '../../../../domain/whatsapp/inbox';
import { InboxRepository } from '../../../../domain/whatsapp/inbox-repository';
import { MemoryStore } from '../shared/memory-store';

const phoneNumberIdOf = (i: InboxData): string | null => (i.credentials.channel === 'cloud_api' ? i.credentials.phoneNumberId : null);

export class MemoryInboxRepository implements InboxRepository {
  constructor(private readonly store: MemoryStore) {}
  private get rows() { return this.store.table<InboxData>('whatsapp_inboxes'); }

  async findById(team: TeamContext, id: string): Promise<InboxData | null> {
    const i = this.rows.get(id);
    return i && i.teamId === team.teamId ? i : null;
  }

  async findByPhoneNumberId(phoneNumberId: string): Promise<InboxData | null> {
    return this.rows.find((i) => phoneNumberIdOf(i) === phoneNumberId) ?? null;
  }

  async insert(inbox: InboxData): Promise<void> {
    const id = phoneNumberIdOf(inbox);
    if (id !== null && this.rows.find((i) => phoneNumberIdOf(i) === id)) throw new Duplicate('An inbox with this phone number id already exists');
    this.rows.set(inbox.id, inbox);
  }
}
