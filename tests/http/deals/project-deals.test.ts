import { expect } from 'chai';
import { CreateProjectDeal } from '../../../application/deals/create-project-deal';
import { DispatchDealEvents } from '../../../application/deals/dispatch-deal-events';
import { CreateWorkflow } from '../../../application/deals/create-workflow';
import { forEachHttpBackend, HttpEnv, TestTeam } from '../../support/http';

interface Setup {
  t: TestTeam;
  projectId: string;
  pipelineId: string;
  dealId: string;
  leadId: string;
  lossReasonId: string;
}

async function setup(env: () => HttpEnv): Promise<Setup> {
  const t = await env().team();
  const project = await env().request.post('/api/v1/projects').set(t.auth).send({ name: 'Funil Site' }).expect(201);
  const projectId = project.body.data.id;
  const pipelines = await env().request.get(`/api/v1/projects/${projectId}/pipelines`).set(t.auth).expect(200);
  const pipeline = pipelines.body.data[0];
  const created = await env()
    .runtime.container.get(CreateProjectDeal)
    .execute(
      { teamId: t.teamId },
      {
        projectId,
        contact: { fullName: 'Joana Lima', phone: '(81) 98888-7777', email: 'joana@example.com' },
        deal: {
          title: 'Site institucional',
          value: 4500,
          source: 'form',
          attribution: { first: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'verao', utm_term: 'site', utm_content: 'a1' } },
        },
      },
    );
  return {
    t,
    projectId,
    pipelineId: pipeline.id,
    dealId: created.deal.id,
    leadId: created.lead.id,
    lossReasonId: pipeline.loss_reasons[0].id,
  };
}

forEachHttpBackend('Project deals', (env) => {
  it('lists every deal card of the project with its complete lead, contacts and attribution', async () => {
    const s = await setup(env);
    // A lead without a deal never shows up as a deal.
    await env().request.post(`/api/v1/projects/${s.projectId}/leads`).set(s.t.auth).send({ full_name: 'Sem negócio' }).expect(201);
    const res = await env().request.get(`/api/v1/deals?project_id=${s.projectId}`).set(s.t.auth).expect(200);
    expect(res.body.pagination).to.deep.equal({ page: 1, limit: 20, total: 1, pages: 1 });
    const deal = res.body.data[0];
    expect(deal).to.include({
      id: s.dealId,
      scope: 'project',
      project_id: s.projectId,
      pipeline_id: s.pipelineId,
      lead_id: s.leadId,
      client_id: null,
      client: null,
    });
    expect(deal.phase).to.equal('novo');
    expect(deal.attribution.first).to.include({ utm_term: 'site', utm_content: 'a1' });
    expect(deal.lead).to.include({ id: s.leadId, full_name: 'Joana Lima', phone: '+5581988887777', email: 'joana@example.com' });
    expect(deal.lead.identity).to.be.an('object');
    expect(deal.lead.public_id).to.be.a('string');
    expect(deal.contacts).to.have.length(1);
    expect(deal.contacts[0]).to.include({ contact_id: s.leadId, is_primary: true, position: 1 });
    expect(deal.contacts[0].link_id).to.be.a('string');
    expect(deal.contacts[0].contact_identity_id).to.equal(deal.lead.identity.id);
    expect(deal.contacts[0].contact).to.include({ id: s.leadId, full_name: 'Joana Lima', email: 'joana@example.com' });

    const byPipeline = await env().request.get(`/api/v1/deals?pipeline_id=${s.pipelineId}`).set(s.t.auth).expect(200);
    expect(byPipeline.body.data.map((d: { id: string }) => d.id)).to.deep.equal([s.dealId]);
    const byLead = await env().request.get(`/api/v1/deals?project_id=${s.projectId}&client_id=${s.leadId}`).set(s.t.auth).expect(200);
    expect(byLead.body.pagination.total).to.equal(1);
  });

  it('keeps project deals out of the legacy scope and the legacy write routes', async () => {
    const s = await setup(env);
    expect((await env().request.get('/api/v1/deals').set(s.t.auth)).body.pagination.total).to.equal(0);
    await env().request.get(`/api/v1/deals/${s.dealId}`).set(s.t.auth).expect(404);
    const read = await env().request.get(`/api/v1/deals/${s.dealId}?project_id=${s.projectId}`).set(s.t.auth).expect(200);
    expect(read.body.data.lead.id).to.equal(s.leadId);
    expect(read.body.data.contacts).to.have.length(1);
    await env().request.get(`/api/v1/deals/${s.dealId}?pipeline_id=${s.pipelineId}`).set(s.t.auth).expect(200);
    await env().request.put(`/api/v1/deals/${s.dealId}`).set(s.t.auth).send({ title: 'x' }).expect(404);
    await env().request.delete(`/api/v1/deals/${s.dealId}`).set(s.t.auth).expect(404);
    const other = await env().team();
    await env().request.get(`/api/v1/deals/${s.dealId}?project_id=${s.projectId}`).set(other.auth).expect(404);
  });

  it('moves a deal between columns: won needs a win_note, lost a loss reason of the pipeline', async () => {
    const s = await setup(env);
    const move = (body: object) =>
      env()
        .request.post(`/api/v1/deals/${s.dealId}/move`)
        .set(s.t.auth)
        .send({ project_id: s.projectId, ...body });
    const open = await move({ phase: 'qualificado' });
    expect(open.status).to.equal(200);
    expect(open.body.data).to.include({ phase: 'qualificado', scope: 'project' });

    const noNote = await move({ phase: 'ganho' });
    expect(noNote.status).to.equal(400);
    expect(noNote.body.error.details.field).to.equal('win_note');
    const noReason = await move({ phase: 'perdido' });
    expect(noReason.status).to.equal(400);
    expect(noReason.body.error.details.field).to.equal('loss_reason_id');
    const before = (await env().request.get(`/api/v1/deals/${s.dealId}?project_id=${s.projectId}`).set(s.t.auth)).body.data;
    const badReason = await move({ phase: 'perdido', loss_reason_id: '0190a000-0000-7000-8000-000000000abc' });
    expect(badReason.status).to.equal(404);
    expect(badReason.body.error).to.nested.include({ code: 'NOT_FOUND', 'details.field': 'loss_reason_id' });
    const unknownColumn = await move({ phase: 'nowhere' });
    expect(unknownColumn.status).to.equal(400);
    expect(unknownColumn.body.error).to.nested.include({ code: 'VALIDATION_ERROR', 'details.field': 'phase' });
    // A failed move changes nothing.
    expect((await env().request.get(`/api/v1/deals/${s.dealId}?project_id=${s.projectId}`).set(s.t.auth)).body.data).to.deep.equal(before);

    const won = await move({ phase: 'ganho', win_note: 'Fechou no plano anual' });
    expect(won.status).to.equal(200);
    expect(won.body.data).to.include({ phase: 'ganho', win_note: 'Fechou no plano anual' });
    const lost = await move({ phase: 'perdido', loss_reason_id: s.lossReasonId });
    expect(lost.body.data.phase).to.equal('perdido');
    expect(lost.body.data.loss_reason_id).to.equal(s.lossReasonId);

    const other = await env().team();
    await env().request.post(`/api/v1/deals/${s.dealId}/move`).set(other.auth).send({ project_id: s.projectId, phase: 'novo' }).expect(404);
    await env().request.post(`/api/v1/deals/${s.dealId}/move`).set(s.t.auth).send({ phase: 'novo' }).expect(400);
  });

  it("raises deal_stage_changed on a move, which runs the team's workflows", async () => {
    const s = await setup(env);
    await env()
      .runtime.container.get(CreateWorkflow)
      .execute(
        { teamId: s.t.teamId },
        {
          event: 'deal_stage_changed',
          action: 'create_activity',
          config: { title: 'Deal moved', type: 'note' },
        },
      );
    await env().runtime.container.get(DispatchDealEvents).execute();
    await env()
      .request.post(`/api/v1/deals/${s.dealId}/move`)
      .set(s.t.auth)
      .send({ project_id: s.projectId, phase: 'proposta' })
      .expect(200);
    await env().runtime.container.get(DispatchDealEvents).execute();
    const activities = await env().request.get(`/api/v1/activities?deal_id=${s.dealId}`).set(s.t.auth).expect(200);
    expect(activities.body.data.map((a: { title: string }) => a.title)).to.deep.equal(['Deal moved']);
  });
});
