import { ClientData } from '../../domain/clients/client';
import { ClientRepository } from '../../domain/clients/client-repository';
import { Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

const documentTaken = (field: 'cpf' | 'cnpj', holderId: string): Duplicate =>
  new Duplicate(`A client with this ${field.toUpperCase()} already exists`, { field, existing_id: holderId });

/** CPF and CNPJ are unique in the team, among active and inactive clients alike. */
export async function assertDocumentsFree(clients: ClientRepository, team: TeamContext, c: ClientData): Promise<void> {
  for (const field of ['cpf', 'cnpj'] as const) {
    const value = c[field];
    if (!value) continue;
    const holder = await clients.findByDocument(team, { [field]: value }, c.id);
    if (holder) {
      throw documentTaken(field, holder.id);
    }
  }
}

/** The same rule against clients already read (a batch's): none of `others` but `c` itself may hold its CPF or CNPJ. */
export function assertDocumentsFreeAmong(c: ClientData, others: Iterable<ClientData>): void {
  for (const other of others) {
    if (other.id === c.id) continue;
    for (const field of ['cpf', 'cnpj'] as const) {
      if (c[field] && other[field] === c[field]) throw documentTaken(field, other.id);
    }
  }
}
