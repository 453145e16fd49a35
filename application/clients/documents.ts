import { ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

/** CPF and CNPJ are unique in the team, among active and inactive clients alike. */
export async function assertDocumentsFree(clients: ClientRepository, team: TeamContext, c: ClientData): Promise<void> {
  for (const field of ['cpf', 'cnpj'] as const) {
    const value = c[field];
    if (!value) continue;
    const holder = await clients.findByDocument(team, { [field]: value }, c.id);
    if (holder) {
      throw new Duplicate(`A client with this ${field.toUpperCase()} already exists`, { field, existing_id: holder.id });
    }
  }
}
