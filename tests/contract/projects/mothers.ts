// Test data for the projects context: valid records, overridden where a test cares.
import { ContactIdentityData } from '../../../domain/projects/contact-identity';
import { CompanyData } from '../../../domain/projects/company';
import { LeadData } from '../../../domain/projects/lead';
import { PipelineData } from '../../../domain/projects/pipeline';
import { ProjectData } from '../../../domain/projects/project';
import { StageData } from '../../../domain/projects/stage';

let seq = 0;
/** Time-ordered fake UUIDs, unique per process. */
export const uuid = (n = ++seq): string => `0190b000-0000-7000-8000-${String(n).padStart(12, '0')}`;
const at = (n: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 0) + n * 1000).toISOString();

export const StageMother = {
  create(overrides: Partial<StageData> = {}): StageData {
    const n = ++seq;
    return {
      id: uuid(n),
      teamId: uuid(0),
      name: `Stage ${n}`,
      slug: `stage-${n}`,
      color: null,
      position: 1,
      category: 'backlog',
      isInitial: false,
      isDone: false,
      isArchived: false,
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    };
  },
};

export const ProjectMother = {
  create(overrides: Partial<ProjectData> = {}): ProjectData {
    const n = ++seq;
    return {
      id: uuid(n),
      teamId: uuid(0),
      name: `Project ${n}`,
      slug: `project-${n}`,
      description: null,
      stageId: uuid(0),
      priority: 'medium',
      color: null,
      briefing: null,
      squadId: null,
      clientId: null,
      startDate: null,
      dueDate: null,
      completedAt: null,
      createdBy: null,
      isInternal: false,
      archivedAt: null,
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    };
  },
};

export const PipelineMother = {
  create(overrides: Partial<PipelineData> = {}): PipelineData {
    const n = ++seq;
    return {
      id: uuid(n),
      teamId: uuid(0),
      projectId: null,
      name: `Pipeline ${n}`,
      slug: `pipeline-${n}`,
      isDefault: false,
      columns: [
        { slug: 'novo', title: 'Novo', position: 1, outcome: 'open', isTerminal: false },
        { slug: 'ganho', title: 'Ganho', position: 2, outcome: 'won', isTerminal: true },
      ],
      lossReasons: [],
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    };
  },
};

export const IdentityMother = {
  create(overrides: Partial<ContactIdentityData> = {}): ContactIdentityData {
    const n = ++seq;
    return {
      id: uuid(n),
      teamId: uuid(0),
      displayName: `Person ${n}`,
      primaryPhone: null,
      primaryEmail: null,
      phoneKey: null,
      emailKey: null,
      customFields: {},
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    };
  },
};

export const CompanyMother = {
  create(overrides: Partial<CompanyData> = {}): CompanyData {
    const n = ++seq;
    return {
      id: uuid(n),
      teamId: uuid(0),
      projectId: uuid(0),
      name: `Company ${n}`,
      isActive: true,
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    };
  },
};

export const LeadMother = {
  create(overrides: Partial<LeadData> = {}): LeadData {
    const n = ++seq;
    return {
      id: uuid(n),
      teamId: uuid(0),
      projectId: uuid(0),
      publicId: `p${String(n).padStart(9, '0')}`,
      fullName: `Lead ${n}`,
      email: null,
      phone: null,
      emailKey: null,
      phoneKey: null,
      tags: [],
      notes: null,
      customerSource: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      attribution: null,
      metadata: {},
      customFields: {},
      isActive: true,
      contactIdentityId: uuid(0),
      companyId: null,
      companyName: null,
      createdBy: null,
      createdAt: at(n),
      updatedAt: at(n),
      ...overrides,
    };
  },
};
