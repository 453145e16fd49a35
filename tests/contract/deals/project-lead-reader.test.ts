import { expect } from 'chai';
import { FindOrCreateLead } from '../../../application/projects/find-or-create-lead';
import { CreateTeam } from '../../../application/teams/create-team';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { DEAL_TOKENS } from '../../../bootstrap/contexts/deals';
import { ProjectLeadReader } from '../../../domain/deals/project-lead-reader';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { forEachBackend } from '../../support/backends';
import { createProjectFixture } from '../../http/webhooks/fixtures';

forEachBackend('ProjectLeadReader contract', (env) => {
  it("reads many leads at once exactly as the projects repository reads one, and only the team's", async () => {
    const { team } = await env().container.get(CreateTeam).execute({ name: 'Readers' });
    const { projectId } = await createProjectFixture(env(), team.id);
    const create = env().container.get(FindOrCreateLead);
    const ctx = { teamId: team.id };
    const a = await create.execute(ctx, {
      projectId,
      fullName: 'Ana',
      phone: '11 98765-4321',
      email: 'ana@x.com',
      tags: ['vip'],
      utmSource: 'google',
      attribution: { first: { utm_term: 'crm' } },
      metadata: { form: 'lp' },
      customFields: { plan: 'pro' },
    });
    const b = await create.execute(ctx, { projectId, fullName: 'Bruno', email: 'bruno@x.com' });
    // As a spreadsheet exports it: capitals, accents, the phone with its country code and punctuation.
    const c = await create.execute(ctx, { projectId, fullName: 'JOÃO DA CONCEIÇÃO', phone: '+55 (21) 99876-5432' });
    const reader = env().container.get<ProjectLeadReader>(DEAL_TOKENS.ProjectLeadReader);
    const leads = env().container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository);
    const views = await reader.viewsByIds(ctx, [a.lead.id, b.lead.id, a.lead.id, '0190a000-0000-7000-8000-000000000000']);
    expect([...views.keys()].sort()).to.deep.equal([a.lead.id, b.lead.id].sort());
    expect(views.get(a.lead.id)).to.deep.equal(await leads.findViewById(ctx, a.lead.id));
    expect(views.get(b.lead.id)).to.deep.equal(await leads.findViewById(ctx, b.lead.id));
    expect((await reader.viewsByIds(ctx, [c.lead.id])).get(c.lead.id)).to.deep.equal(await leads.findViewById(ctx, c.lead.id));
    expect((await reader.viewsByIds(ctx, [c.lead.id])).get(c.lead.id)!.fullName).to.equal('JOÃO DA CONCEIÇÃO');
    expect(views.get(a.lead.id)!.identity.displayName).to.equal('Ana');
    expect((await reader.viewsByIds({ teamId: '0190a000-0000-7000-8000-000000000001' }, [a.lead.id])).size).to.equal(0);
    expect((await reader.viewsByIds(ctx, [])).size).to.equal(0);
  });
});
