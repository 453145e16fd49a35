// A rehearsal (a file import's preview) decides every item as the batch would, writes nothing, and remembers
// what earlier rehearsed batches would have written.
import { expect } from 'chai';
import { UpsertClients } from '../../../application/clients/upsert-clients';
import { CreateProject } from '../../../application/projects/create-project';
import { UpsertLeads } from '../../../application/projects/upsert-leads';
import { newRehearsalMemory } from '../../../application/shared/batch';
import { CreateTeam } from '../../../application/teams/create-team';
import { CLIENT_TOKENS } from '../../../bootstrap/contexts/clients';
import { PROJECT_TOKENS } from '../../../bootstrap/contexts/projects';
import { ClientRepository } from '../../../domain/clients/client-repository';
import { LeadRepository } from '../../../domain/projects/lead-repository';
import { forEachBackend } from '../../support/backends';

forEachBackend('Batch rehearsal', (env) => {
  const team = async (clientQuota: number | null = null) => ({
    teamId: (await env().container.get(CreateTeam).execute({ name: 'Ensaio', clientQuota })).team.id,
  });
  const clientCount = (t: { teamId: string }) => env().container.get<ClientRepository>(CLIENT_TOKENS.ClientRepository).countActive(t);

  it('tells clients as execute would, writes none, and counts earlier batches in the duplicates and the quota', async () => {
    const t = await team(3);
    const upsert = env().container.get(UpsertClients);
    await upsert.execute(t, { items: [{ command: { type: 'PF', name: 'Existente', cpf: '529.982.247-25' } }], onDuplicate: 'skip' });
    const memory = newRehearsalMemory();
    const first = await upsert.rehearse(
      t,
      {
        items: [
          { command: { type: 'PF', name: 'Maria', cpf: '52998224725' } },
          { command: { type: 'PF', name: 'Ana', email: 'ana@example.com' } },
          { command: { type: 'PF', name: 'Ana de novo', email: 'ANA@example.com' } },
          { error: { code: 'VALIDATION_ERROR', message: 'name is required', details: { field: 'name' } } },
        ],
        onDuplicate: 'skip',
      },
      memory,
    );
    expect(first.map((r) => r.status)).to.deep.equal(['skipped', 'created', 'skipped', 'error']);
    expect(first[1]).to.not.have.property('id');
    expect(memory.created).to.equal(1);
    expect(memory.keys.has('email:ana@example.com')).to.equal(true);

    const second = await upsert.rehearse(
      t,
      {
        items: [
          { command: { type: 'PF', name: 'Ana', email: ' ana@EXAMPLE.com' } },
          { command: { type: 'PF', name: 'Bia' } },
          { command: { type: 'PF', name: 'Caio' } },
        ],
        onDuplicate: 'update',
      },
      memory,
    );
    expect(second.map((r) => r.status)).to.deep.equal(['updated', 'created', 'error']);
    expect(second[2].error!.code).to.equal('PLAN_LIMIT_REACHED');
    expect(memory.created).to.equal(2);
    expect(await clientCount(t)).to.equal(1);
  });

  it('tells leads as execute would and writes none', async () => {
    const t = await team();
    const project = await env().container.get(CreateProject).execute(t, { name: 'Ensaio' });
    const upsert = env().container.get(UpsertLeads);
    const memory = newRehearsalMemory();
    const first = await upsert.rehearse(
      t,
      {
        projectId: project.id,
        items: [{ command: { fullName: 'Ana', phone: '(11) 98765-4321' } }, { command: { fullName: 'Ana', phone: '+55 11 8765-4321' } }],
        onDuplicate: 'skip',
      },
      memory,
    );
    expect(first.map((r) => r.status)).to.deep.equal(['created', 'skipped']);
    const second = await upsert.rehearse(
      t,
      { projectId: project.id, items: [{ command: { fullName: 'Ana', phone: '11987654321' } }], onDuplicate: 'skip' },
      memory,
    );
    expect(second).to.deep.equal([{ index: 0, status: 'skipped' }]);
    expect(memory).to.deep.equal({ keys: new Set(['phone:5511987654321']), created: 1 });
    const leads = env().container.get<LeadRepository>(PROJECT_TOKENS.LeadRepository);
    expect(await leads.findByContact(t, project.id, { phoneKey: '5511987654321', emailKey: null })).to.equal(null);
  });
});
