// The rows a test's records refer to. The schema's team foreign keys refuse a record whose project, client,
// deal… does not exist in its own team, and many contract tests name such ids only to fill a field or a
// filter. A repository wrapped here writes, before each insert or update, every row the record refers to that
// is not there yet (in the record's team, through the same repositories), then the record itself. The
// memory adapters have no keys: their repositories are given back as they are.
import { randomUUID } from 'node:crypto';
import { CLIENT_TOKENS } from '../../bootstrap/contexts/clients';
import { DEAL_TOKENS } from '../../bootstrap/contexts/deals';
import { PROJECT_TOKENS } from '../../bootstrap/contexts/projects';
import { Runtime } from '../../bootstrap/container';
import { ActivityData } from '../../domain/activities/activity';
import { CampaignData } from '../../domain/campaigns/campaign';
import { ClientRepository } from '../../domain/clients/client-repository';
import { DealData } from '../../domain/deals/deal';
import { DealContactData } from '../../domain/deals/deal-contact';
import { DealRepository } from '../../domain/deals/deal-repository';
import { WorkflowRunData } from '../../domain/deals/workflow';
import { WorkflowRepository } from '../../domain/deals/workflow-repository';
import { CompanyData } from '../../domain/projects/company';
import { CompanyRepository } from '../../domain/projects/company-repository';
import { ContactIdentityRepository } from '../../domain/projects/contact-identity-repository';
import { LeadData } from '../../domain/projects/lead';
import { LeadRepository } from '../../domain/projects/lead-repository';
import { PipelineData } from '../../domain/projects/pipeline';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { ProjectData } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { StageRepository } from '../../domain/projects/stage-repository';
import { TaskData } from '../../domain/tasks/task';
import { WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { ContactData } from '../../domain/whatsapp/contact';
import { DealRecordMother } from '../contract/deals/deal-mother';
import { CompanyMother, IdentityMother, LeadMother, PipelineMother, ProjectMother, StageMother } from '../contract/projects/mothers';
import { ClientMother } from './mothers';

type Id = string | null | undefined;

/** Each record kind the wrappers know, with the references its writes need. */
export interface ReferencedRows {
  project(teamId: string, id: Id): Promise<void>;
  pipeline(teamId: string, id: Id, projectId?: Id): Promise<void>;
  client(teamId: string, id: Id): Promise<void>;
  deal(teamId: string, id: Id): Promise<void>;
  lead(teamId: string, id: Id, projectId?: Id): Promise<void>;
  /** `repo` with the rows its records refer to written before each of `methods`. */
  around<R extends object, T extends { teamId: string }>(repo: R, methods: (keyof R)[], refs: (record: T) => Promise<void>): R;
  projects<R extends object>(repo: R): R;
  pipelines<R extends object>(repo: R): R;
  companies<R extends object>(repo: R): R;
  leads<R extends object>(repo: R): R;
  deals<R extends object>(repo: R): R;
  dealContacts<R extends object>(repo: R): R;
  workflowRuns<R extends object>(repo: R): R;
  tasks<R extends object>(repo: R): R;
  campaigns<R extends object>(repo: R): R;
  activities<R extends object>(repo: R): R;
  whatsappContacts<R extends object>(repo: R): R;
  webhookEndpoints<R extends object>(repo: R): R;
}

let seq = 0;
/** Short (a lead's public id holds 16) and unique in the process, for slugs and public ids. */
const unique = () => `r${Date.now().toString(36).slice(-5)}${++seq}`;

export function referencedRows(runtime: Runtime): ReferencedRows {
  const memory = runtime.storage === 'memory';
  const get = <T>(token: symbol) => runtime.container.get<T>(token);
  const team = (teamId: string) => ({ teamId });

  const stage = async (teamId: string, id: Id) => {
    if (!id) return;
    const stages = get<StageRepository>(PROJECT_TOKENS.StageRepository);
    if ((await stages.listByTeam(team(teamId))).some((s) => s.id === id)) return;
    await stages.insert(StageMother.create({ teamId, id, slug: unique() }));
  };
  const squad = async (teamId: string, id: Id) => {
    if (!id) return;
    const squads = get<SquadRepository>(PROJECT_TOKENS.SquadRepository);
    if (await squads.findById(team(teamId), id)) return;
    await squads.insert({ id, teamId, name: 'Squad', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' });
  };
  const client = async (teamId: string, id: Id) => {
    if (!id) return;
    const clients = get<ClientRepository>(CLIENT_TOKENS.ClientRepository);
    if (await clients.findById(team(teamId), id)) return;
    await clients.insert(ClientMother.create({ teamId, id }));
  };
  const projectRefs = async (p: ProjectData) => {
    await stage(p.teamId, p.stageId);
    await squad(p.teamId, p.squadId);
    await client(p.teamId, p.clientId);
  };
  const project = async (teamId: string, id: Id) => {
    if (!id) return;
    const projects = get<ProjectRepository>(PROJECT_TOKENS.ProjectRepository);
    if (await projects.findById(team(teamId), id)) return;
    const p = ProjectMother.create({ teamId, id, slug: unique(), stageId: randomUUID() });
    await projectRefs(p);
    await projects.insert(p);
  };
  const pipeline = async (teamId: string, id: Id, projectId: Id = null) => {
    if (!id) return;
    const pipelines = get<PipelineRepository>(PROJECT_TOKENS.PipelineRepository);
    if (await pipelines.findById(team(teamId), id)) return;
    await project(teamId, projectId);
    await pipelines.insert(PipelineMother.create({ teamId, id, projectId: projectId ?? null, slug: unique() }));
  };
  const identity = async (teamId: string, id: Id) => {
    if (!id) return;
    const identities = get<ContactIdentityRepository>(PROJECT_TOKENS.ContactIdentityRepository);
    if (await identities.findById(team(teamId), id)) return;
    await identities.insert(IdentityMother.create({ teamId, id }));
  };
  const company = async (teamId: string, id: Id, projectId: Id) => {
    if (!id) return;
    const companies = get<CompanyRepository>(PROJECT_TOKENS.CompanyRepository);
    if (await companies.findById(team(teamId), id)) return;
    const projectOfCompany = projectId ?? randomUUID();
    await project(teamId, projectOfCompany);
    await companies.insert(CompanyMother.create({ teamId, id, projectId: projectOfCompany }));
  };
  const leadRefs = async (l: LeadData) => {
    await project(l.teamId, l.projectId);
    await identity(l.teamId, l.contactIdentityId);
    await company(l.teamId, l.companyId, l.projectId);
  };
  const lead = async (teamId: string, id: Id, projectId: Id = null) => {
    if (!id) return;
    const leads = get<LeadRepository>(PROJECT_TOKENS.LeadRepository);
    if (await leads.findById(team(teamId), id)) return;
    const l = LeadMother.create({ teamId, id, projectId: projectId ?? randomUUID(), contactIdentityId: randomUUID(), publicId: unique() });
    await leadRefs(l);
    await leads.insert(l);
  };
  const dealRefs = async (d: DealData) => {
    await project(d.teamId, d.projectId);
    await pipeline(d.teamId, d.pipelineId, d.projectId);
    await client(d.teamId, d.clientId);
    await lead(d.teamId, d.leadId, d.projectId);
  };
  const deal = async (teamId: string, id: Id) => {
    if (!id) return;
    const deals = get<DealRepository>(DEAL_TOKENS.DealRepository);
    if (await deals.findById(team(teamId), id)) return;
    await deals.insert(DealRecordMother.global({ teamId, id }));
  };
  const workflow = async (teamId: string, id: Id) => {
    if (!id) return;
    const workflows = get<WorkflowRepository>(DEAL_TOKENS.WorkflowRepository);
    if (await workflows.findById(team(teamId), id)) return;
    await workflows.insert({
      id,
      teamId,
      event: 'deal_created',
      action: 'create_task',
      config: { title: 'Tarefa' },
      isActive: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    });
  };

  function around<R extends object, T extends { teamId: string }>(repo: R, methods: (keyof R)[], refs: (record: T) => Promise<void>): R {
    if (memory) return repo;
    return new Proxy(repo, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = (value as (...args: unknown[]) => unknown).bind(target);
        if (!methods.includes(prop as keyof R)) return method;
        return async (record: T, ...rest: unknown[]) => {
          await refs(record);
          return method(record, ...rest);
        };
      },
    });
  }

  return {
    project,
    pipeline,
    client,
    deal,
    lead,
    around,
    projects: (repo) => around(repo, ['insert', 'update'] as never, projectRefs),
    pipelines: (repo) => around(repo, ['insert'] as never, (p: PipelineData) => project(p.teamId, p.projectId)),
    companies: (repo) => around(repo, ['insert', 'update'] as never, (c: CompanyData) => project(c.teamId, c.projectId)),
    leads: (repo) => around(repo, ['insert', 'update'] as never, leadRefs),
    deals: (repo) => around(repo, ['insert', 'update'] as never, dealRefs),
    dealContacts: (repo) =>
      around(repo, ['insert'] as never, async (l: DealContactData) => {
        await deal(l.teamId, l.dealId);
        await identity(l.teamId, l.contactIdentityId);
        await lead(l.teamId, l.leadId);
      }),
    // A run names its event without a foreign key, as an event names the record it is about (20261130000100):
    // events are purged after their retention. The event log needs no wrapper for the same reason.
    workflowRuns: (repo) => around(repo, ['record'] as never, (r: WorkflowRunData) => workflow(r.teamId, r.workflowId)),
    tasks: (repo) =>
      around(repo, ['insert', 'update'] as never, async (t: TaskData) => {
        await project(t.teamId, t.projectId);
        await pipeline(t.teamId, t.pipelineId, t.projectId);
      }),
    campaigns: (repo) => around(repo, ['insert', 'update'] as never, (c: CampaignData) => project(c.teamId, c.projectId)),
    activities: (repo) =>
      around(repo, ['insert', 'update'] as never, async (a: ActivityData) => {
        await client(a.teamId, a.clientId);
        await deal(a.teamId, a.dealId);
      }),
    whatsappContacts: (repo) => around(repo, ['insert', 'update'] as never, (c: ContactData) => client(c.teamId, c.clientId)),
    webhookEndpoints: (repo) =>
      around(repo, ['insert', 'update'] as never, async (e: WebhookEndpointData) => {
        await project(e.teamId, e.actionConfig.projectId);
        await pipeline(e.teamId, e.actionConfig.pipelineId, e.actionConfig.projectId);
      }),
  };
}
