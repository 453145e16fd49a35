import { expect } from 'chai';
import { CreateLead } from '../../../../application/projects/create-lead';
import { CreateProject } from '../../../../application/projects/create-project';
import { FindOrCreateLead } from '../../../../application/projects/find-or-create-lead';
import { ArchiveProject } from '../../../../application/projects/archive-project';
import { CreateTeam } from '../../../../application/teams/create-team';
import { Runtime } from '../../../../bootstrap/container';
import { ProjectArchived, ValidationFailed } from '../../../../domain/shared/errors';
import { TeamContext } from '../../../../domain/shared/team';
import { startRuntime } from '../../../support/backends';

describe('FindOrCreateLead', () => {
  let runtime: Runtime & { dispose(): Promise<void> };
  let team: TeamContext;
  let projectId: string;
  before(async () => {
    runtime = await startRuntime('memory');
  });
  after(async () => runtime.dispose());
  beforeEach(async () => {
    const { team: t } = await runtime.container.get(CreateTeam).execute({ name: 'T' });
    team = { teamId: t.id };
    projectId = (await runtime.container.get(CreateProject).execute(team, { name: 'P' })).id;
  });

  it('creates the lead with attribution, metadata and custom fields on lead and identity', async () => {
    const { lead, created } = await runtime.container.get(FindOrCreateLead).execute(team, {
      projectId,
      fullName: 'Ana',
      phone: '11987654321',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'bf',
      attribution: { first: { utm_source: 'google', utm_term: 'crm' } },
      metadata: { form: 'site' },
      customFields: { budget: 1000 },
      identityCustomFields: { cpf: '52998224725' },
    });
    expect(created).to.equal(true);
    expect(lead).to.include({ phone: '+5511987654321', utmSource: 'google', utmCampaign: 'bf' });
    expect(lead.attribution).to.deep.equal({ first: { utm_source: 'google', utm_term: 'crm' } });
    expect(lead.customFields).to.deep.equal({ budget: 1000 });
    expect(lead.identity.customFields).to.deep.equal({ cpf: '52998224725' });
  });

  it('returns the existing lead found by phone, then by email, without creating another', async () => {
    const uc = runtime.container.get(FindOrCreateLead);
    const first = await uc.execute(team, { projectId, fullName: 'Ana', phone: '11987654321', email: 'ana@x.com' });
    const byPhone = await uc.execute(team, { projectId, fullName: 'Someone', phone: '+55 11 98765-4321' });
    const byEmail = await uc.execute(team, { projectId, fullName: 'Someone', email: 'ANA@x.com' });
    expect(byPhone).to.deep.include({ created: false });
    expect(byPhone.lead.id).to.equal(first.lead.id);
    expect(byEmail.lead.id).to.equal(first.lead.id);
  });

  it('keeps the rules of CreateLead: a name is needed and an archived project takes no lead', async () => {
    const uc = runtime.container.get(FindOrCreateLead);
    let err: unknown;
    try {
      await uc.execute(team, { projectId, fullName: ' ' });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ValidationFailed);
    await runtime.container.get(ArchiveProject).execute({ id: projectId });
    err = undefined;
    try {
      await uc.execute(team, { projectId, fullName: 'Ana' });
    } catch (e) {
      err = e;
    }
    expect(err).to.be.instanceOf(ProjectArchived);
  });
});

describe('CreateLead', () => {
  let runtime: Runtime & { dispose(): Promise<void> };
  before(async () => {
    runtime = await startRuntime('memory');
  });
  after(async () => runtime.dispose());

  it('refuses a duplicate before touching the shared identity', async () => {
    const { team: t } = await runtime.container.get(CreateTeam).execute({ name: 'T' });
    const team = { teamId: t.id };
    const projectId = (await runtime.container.get(CreateProject).execute(team, { name: 'P' })).id;
    const uc = runtime.container.get(CreateLead);
    const first = await uc.execute(team, { projectId, fullName: 'Ana', email: 'ana@x.com' });
    let err: { details?: object } | undefined;
    try {
      await uc.execute(team, { projectId, fullName: 'Ana', email: 'ana@x.com', phone: '11 91234-5678' });
    } catch (e) {
      err = e as never;
    }
    expect(err?.details).to.deep.equal({ existing_contact_id: first.id, matched_by: 'email', archived: false });
    // The identity was not given the phone of the refused lead.
    const again = await uc.execute(team, { projectId, fullName: 'Bia', phone: '11 91234-5678' });
    expect(again.identity.id).to.not.equal(first.identity.id);
  });
});
