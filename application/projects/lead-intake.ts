// The one path by which a lead enters a project, shared by the API (CreateLead) and integrations
// such as the inbound webhook (FindOrCreateLead).
import { Company } from '../../domain/projects/company';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { ContactIdentity, CustomFieldValues } from '../../domain/projects/contact-identity';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import {
  Lead,
  LeadContact,
  LeadContactTaken,
  LeadData,
  LeadMatch,
  LeadView,
  NewLead,
  leadContact,
  requireFullName,
} from '../../domain/projects/lead';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { Project } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { publicIdFrom } from '../../domain/projects/public-id';
import { TeamContext } from '../../domain/shared/team';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { requireProject } from './project-references';

/** A lead as a caller describes it (the API, an inbound webhook, a deal's contact). */
export interface LeadInput extends NewLead {
  /** An active company of the same project. */
  companyId?: string | null;
  /** Contact-level (CRM) custom field values, kept on the shared identity. */
  identityCustomFields?: CustomFieldValues;
}

export interface LeadIntakePorts {
  projects: ProjectRepository;
  leads: LeadRepository;
  identities: ContactIdentityRepository;
  companies: CompanyRepository;
  ids: IdGenerator;
  clock: Clock;
}

/** What can be checked without storage, so a bad body is 400 even for an unknown project. */
export const checkLeadInput = (input: LeadInput): LeadContact => {
  requireFullName(input.fullName);
  return leadContact(input);
};

export type Intake = { kind: 'created'; lead: LeadView } | { kind: 'existing'; lead: LeadData; matchedBy: LeadMatch };

/** Must run inside a unit of work. */
export async function takeLead(ports: LeadIntakePorts, team: TeamContext, projectId: string, input: LeadInput): Promise<Intake> {
  const contact = checkLeadInput(input);
  const project = Project.restore(await requireProject(ports.projects, team, projectId));
  project.assertWritable();
  if (input.companyId) Company.forNewLead(await ports.companies.findById(team, input.companyId), project.id);

  const existing = await ports.leads.findByContact(team, project.id, contact);
  if (existing) return { kind: 'existing', ...existing };

  const now = ports.clock.now();
  const source = {
    fullName: requireFullName(input.fullName),
    phone: contact.phone,
    email: contact.email,
    customFields: input.identityCustomFields,
  };
  const found = await ports.identities.findByContact(team, contact);
  let identityId: string;
  if (found) {
    const identity = ContactIdentity.restore(found);
    if (identity.absorb(source, now)) await ports.identities.update(identity.snapshot());
    identityId = identity.id;
  } else {
    const identity = ContactIdentity.create(ports.ids.next(), team.teamId, source, now);
    await ports.identities.insert(identity.snapshot());
    identityId = identity.id;
  }

  const { companyId, identityCustomFields: _i, ...fields } = input;
  const lead = Lead.create(
    ports.ids.next(),
    team.teamId,
    {
      projectId: project.id,
      publicId: await freePublicId(ports, team),
      contactIdentityId: identityId,
      companyId: companyId ?? null,
    },
    fields,
    now,
  );
  await ports.leads.insert(lead.snapshot());
  return { kind: 'created', lead: (await ports.leads.findViewById(team, lead.id))! };
}

/** 50 random bits make a clash rare; the loop makes it harmless. */
async function freePublicId(ports: LeadIntakePorts, team: TeamContext): Promise<string> {
  for (;;) {
    const candidate = publicIdFrom(ports.ids.next());
    if (!(await ports.leads.publicIdExists(team, candidate))) return candidate;
  }
}

/**
 * Runs an intake transaction again when a concurrent one took the same phone or email first: the
 * rerun sees that lead and answers as for any duplicate.
 */
export async function retryWhenTaken<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof LeadContactTaken) || attempt >= attempts) throw err;
    }
  }
}
