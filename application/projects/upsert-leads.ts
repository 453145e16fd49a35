import { LEAD_CHANGE_FIELDS, Lead, LeadChanges, LeadData, LeadMatch, duplicateLead } from '../../domain/projects/lead';
import { Project } from '../../domain/projects/project';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { BatchItem, BatchWrite, ItemOutcome, ItemResult, OnDuplicate, RehearsalMemory, eachItem } from '../shared/batch';
import { UnitOfWork } from '../shared/unit-of-work';
import { LeadInput, LeadIntakePorts, checkLeadInput, takeLead } from './lead-intake';
import { requireProject } from './project-references';

export interface UpsertLeadsCommand {
  projectId: string;
  items: BatchItem<LeadInput>[];
  onDuplicate: OnDuplicate;
}

interface BatchRun {
  team: TeamContext;
  projectId: string;
  onDuplicate: OnDuplicate;
  now: Date;
  earlier: RehearsalMemory | null;
}

/** The fields of an item an update applies (its company is read only when it creates the lead). */
const changesOf = (input: LeadInput): LeadChanges =>
  Object.fromEntries(LEAD_CHANGE_FIELDS.filter((f) => input[f] !== undefined).map((f) => [f, input[f]]));

/**
 * POST /projects/:id/leads/batch, and the rows of a file import: each item adds a contact as POST
 * /projects/:id/leads does, or names a lead of the project (by phone, its Brazilian ninth-digit variants
 * alike, then e-mail; active or not; earlier items of the batch too), which it skips or updates. An unknown
 * project fails the whole request (404), an archived one too (409), before any item. Each item is atomic and
 * logs the event its single route logs; one item's refusal never blocks the others.
 */
export class UpsertLeads extends BatchWrite<UpsertLeadsCommand> {
  constructor(
    uow: UnitOfWork,
    private readonly ports: LeadIntakePorts,
    private readonly events: EventLog,
    trigger: DealDispatchTrigger,
  ) {
    super(uow, trigger);
  }

  protected async run(
    team: TeamContext,
    command: UpsertLeadsCommand,
    earlier: RehearsalMemory | null,
    taken: (outcome: ItemOutcome) => void,
  ): Promise<ItemResult[]> {
    const project = Project.restore(await requireProject(this.ports.projects, team, command.projectId));
    project.assertWritable();
    const run: BatchRun = { team, projectId: project.id, onDuplicate: command.onDuplicate, now: this.ports.clock.now(), earlier };
    return eachItem(this.uow, command.items, (item) => this.item(run, item), taken);
  }

  private async item(run: BatchRun, input: LeadInput): Promise<ItemOutcome> {
    const contact = checkLeadInput(input);
    const keys = [...(contact.phoneKey ? [`phone:${contact.phoneKey}`] : []), ...(contact.emailKey ? [`email:${contact.emailKey}`] : [])];
    const seenEarlier = run.earlier !== null && keys.some((k) => run.earlier!.keys.has(k));
    const existing = await this.ports.leads.findByContact(run.team, run.projectId, contact);
    if (existing) return { ...(await this.existing(run, existing.lead, input, seenEarlier)), keys };
    if (seenEarlier) return { status: run.onDuplicate === 'skip' ? 'skipped' : 'updated', keys };

    const intake = await takeLead(this.ports, run.team, run.projectId, input);
    if (intake.kind === 'existing') throw duplicateLead(intake.lead, intake.matchedBy);
    await this.events.append(run.team, [this.events.draft('lead.created', 'lead', intake.lead.id, intake.lead)], run.now);
    return { status: 'created', ...(run.earlier === null ? { id: intake.lead.id } : {}), keys };
  }

  /** An item naming a lead of the project: skipped, or the fields it carries applied. */
  private async existing(run: BatchRun, named: LeadData, input: LeadInput, seenEarlier: boolean): Promise<Omit<ItemOutcome, 'keys'>> {
    if (run.onDuplicate === 'skip') return { status: 'skipped', id: named.id };
    const before = await this.ports.leads.findForUpdate(run.team, named.id);
    if (!before) throw new NotFound('Lead not found');
    const lead = Lead.restore(before);
    // A lead an earlier rehearsed batch would have updated is told as updated, whatever this item adds.
    if (!lead.update(changesOf(input), run.now)) return { status: seenEarlier ? 'updated' : 'unchanged', id: named.id };
    const data = lead.snapshot();
    await this.assertContactFree(run, data, before);
    await this.ports.leads.update(data);
    const view = await this.ports.leads.findViewById(run.team, data.id);
    if (!view) throw new NotFound('Lead not found');
    // An update changes the lead's own record, never its identity or company: the view as it was is this one
    // with the record before.
    await this.events.append(run.team, [this.events.draft('lead.updated', 'lead', view.id, view, { ...view, ...before })], run.now);
    return { status: 'updated', id: named.id };
  }

  /** A phone or e-mail the update gives the lead must be no other lead's in the project (422 DUPLICATE_ENTRY). */
  private async assertContactFree(run: BatchRun, lead: LeadData, before: LeadData): Promise<void> {
    const checks: [LeadMatch, { phoneKey: string | null; emailKey: string | null }][] = [];
    if (lead.phoneKey && lead.phoneKey !== before.phoneKey) checks.push(['phone', { phoneKey: lead.phoneKey, emailKey: null }]);
    if (lead.emailKey && lead.emailKey !== before.emailKey) checks.push(['email', { phoneKey: null, emailKey: lead.emailKey }]);
    for (const [by, keys] of checks) {
      const holder = await this.ports.leads.findByContact(run.team, run.projectId, keys);
      if (holder && holder.lead.id !== lead.id) throw duplicateLead(holder.lead, by);
    }
  }
}
