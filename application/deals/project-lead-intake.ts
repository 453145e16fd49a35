// Finding or creating the project lead that inbound contacts (a form, a landing page) stand for:
// the project's lead with the same phone, else the same email; otherwise a new lead linked to the
// team-wide identity of that person.
import { ContactIdentity } from '../../domain/projects/contact-identity';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { Lead, LeadData, NewLead, leadContact } from '../../domain/projects/lead';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { publicIdFrom } from '../../domain/projects/public-id';
import { TeamContext } from '../../domain/shared/team';
import { IdGenerator } from '../shared/id-generator';

export interface LeadIntakeResult {
  lead: LeadData;
  created: boolean;
}

const PUBLIC_ID_ATTEMPTS = 8;

export class ProjectLeadIntake {
  constructor(
    private readonly leads: LeadRepository,
    private readonly identities: ContactIdentityRepository,
    private readonly ids: IdGenerator,
  ) {}

  /** Runs inside the caller's transaction; `input.full_name` falls back to the phone or email. */
  async findOrCreate(team: TeamContext, projectId: string, input: Omit<NewLead, 'full_name'> & { full_name?: string | null }, now: Date): Promise<LeadIntakeResult> {
    const contact = leadContact(input);
    const fullName = input.full_name?.trim() || contact.phone || contact.email || '';
    if (contact.phoneKey || contact.emailKey) {
      const found = await this.leads.findByContact(team, projectId, { phoneKey: contact.phoneKey, emailKey: contact.emailKey });
      if (found) return { lead: found.lead, created: false };
    }
    const keys = { phoneKey: contact.phoneKey, emailKey: contact.emailKey };
    const source = { fullName, phone: contact.phone, email: contact.email };
    const existing = contact.phoneKey || contact.emailKey ? await this.identities.findByContact(team, keys) : null;
    let identityId: string;
    if (existing) {
      const identity = ContactIdentity.restore(existing);
      if (identity.absorb(source, now)) await this.identities.update(identity.snapshot());
      identityId = existing.id;
    } else {
      const identity = ContactIdentity.create(this.ids.next(), team.teamId, source, now);
      await this.identities.insert(identity.snapshot());
      identityId = identity.id;
    }
    const lead = Lead.create(this.ids.next(), team.teamId, {
      projectId, publicId: await this.freePublicId(team), contactIdentityId: identityId, companyId: null,
    }, { ...input, full_name: fullName }, now);
    const data = lead.snapshot();
    await this.leads.insert(data);
    return { lead: data, created: true };
  }

  /** UUIDv7 ids end in random bits: they feed the short public id. */
  private async freePublicId(team: TeamContext): Promise<string> {
    for (let i = 0; i < PUBLIC_ID_ATTEMPTS; i++) {
      const candidate = publicIdFrom(this.ids.next());
      if (!(await this.leads.publicIdExists(team, candidate))) return candidate;
    }
    throw new Error('Could not find a free lead public id');
  }
}
