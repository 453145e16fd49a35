import { expect } from 'chai';
import { createDemoTeam } from '../../../bootstrap/demo';
import { forEachHttpBackend } from '../../support/http';

forEachHttpBackend('Demo data for tasks, campaigns and activities', (env) => {
  it('gives the demo team tasks and a campaign in its internal project, and activities', async () => {
    const { apiKey } = await createDemoTeam(env().runtime);
    const auth = { Authorization: `Bearer ${apiKey.key}` };
    const tasks = await env().request.get('/api/v1/tasks').set(auth);
    const campaigns = await env().request.get('/api/v1/campaigns').set(auth);
    const activities = await env().request.get('/api/v1/activities?type=meeting').set(auth);
    expect(tasks.body.pagination.total).to.equal(2);
    expect(tasks.body.data[0].column).to.not.equal('backlog');
    expect(campaigns.body.data[0]).to.include({ name: 'Lançamento de verão', status: 'active' });
    expect(campaigns.body.data[0].project.name).to.be.a('string');
    expect(activities.body.data.map((a: { title: string }) => a.title)).to.include('Reunião de alinhamento');
  });
});
