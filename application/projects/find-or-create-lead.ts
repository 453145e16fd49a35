import { Lead, LeadData, LeadTouch, LeadView } from '../../domain/projects/lead';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { DealDispatchTrigger } from '../deals/deal-dispatch-trigger';
import { EventLog } from '../events/event-log';
import { UnitOfWork } from '../shared/unit-of-work';
import { LeadInput, LeadIntakePorts, retryWhenTaken, takeLead } from './lead-intake';

export interface FoundOrCreatedLead {
  lead: LeadView;
  created: boolean;
}

/** Who sends the contact again: new notes and UTM of a returning lead are recorded under this source. */
export interface ReturningLeadSource {
  via: string;
  /** False when anyone could have sent the contact: it then only adds a note to a returning lead. */
  authenticated: boolean;
}

export interface FindOrCreateLeadCommand extends LeadInput {
  projectId: string;
  /** When the lead exists, record what this contact adds (notes, UTM) under this source. */
  source?: ReturningLeadSource;
}

/**
 * For integrations (the inbound webhook): the project's lead with this phone, else this email, or a
 * new one. An existing lead, active or not, keeps its data; with `source`, what the new payload adds
 * is recorded on it (notes appended with a dated source line, UTM as the `last` touch), never dropped.
 * A new lead is logged as `lead.created`, a returning one that changed as `lead.updated`, in the same
 * transaction.
 *
 * It runs inside its callers' units of work (the inbound receiver, a project deal's creation), so it does not
 * wake the dispatcher itself: a wake-up from inside an open transaction would run the dispatcher in that
 * transaction's context. The caller calls `wakeDispatcher` once its transaction has committed.
 */
export class FindOrCreateLead {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly ports: LeadIntakePorts,
    private readonly events: EventLog,
    private readonly trigger: DealDispatchTrigger,
  ) {}

  async execute(team: TeamContext, command: FindOrCreateLeadCommand): Promise<FoundOrCreatedLead> {
    const { projectId, source, ...input } = command;
    return retryWhenTaken(() =>
      this.uow.run(async () => {
        const intake = await takeLead(this.ports, team, projectId, input);
        const now = this.ports.clock.now();
        if (intake.kind === 'created') {
          await this.events.append(team, [this.events.draft('lead.created', 'lead', intake.lead.id, intake.lead)], now);
          return { lead: intake.lead, created: true };
        }
        const before = source
          ? await this.recordReturn(
              team,
              intake.lead.id,
              { via: source.via, notes: input.notes, utm: utmOf(input), authenticated: source.authenticated },
              now,
            )
          : null;
        const lead = await this.ports.leads.findViewById(team, intake.lead.id);
        if (!lead) throw new NotFound('Lead not found');
        // A return changes the lead's own record, never its identity or company: the view as it was is this one
        // with the record before.
        if (before) await this.events.append(team, [this.events.draft('lead.updated', 'lead', lead.id, lead, { ...lead, ...before })], now);
        return { lead, created: false };
      }),
    );
  }

  /** Asks the dispatcher to deliver the lead's events; call it outside any transaction. */
  wakeDispatcher(): void {
    this.trigger.kick();
  }

  /**
   * Records what a returning contact adds; returns the lead's record as it was when that changed it, null when it
   * added nothing.
   */
  private async recordReturn(team: TeamContext, leadId: string, touch: LeadTouch, now: Date): Promise<LeadData | null> {
    const found = await this.ports.leads.findForUpdate(team, leadId);
    if (!found) throw new NotFound('Lead not found');
    const lead = Lead.restore(found);
    if (!lead.recordReturn(touch, now)) return null;
    await this.ports.leads.update(lead.snapshot());
    return found;
  }
}

/** The full UTM set of the input, as stored: its attribution's `first` touch, else its UTM columns. */
const utmOf = (input: LeadInput): Record<string, string | null> | null => {
  const first = input.attribution?.first;
  if (first && typeof first === 'object' && !Array.isArray(first)) {
    return Object.fromEntries(Object.entries(first as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? v : null]));
  }
  const columns = { utm_source: input.utmSource ?? null, utm_medium: input.utmMedium ?? null, utm_campaign: input.utmCampaign ?? null };
  return Object.values(columns).some((v) => v !== null) ? columns : null;
};
