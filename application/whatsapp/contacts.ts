// Checks shared by the contact use cases.
import { ClientRepository } from '../../domain/clients/client-repository';
import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { isUuid } from '../../domain/shared/values';
import { ContactData } from '../../domain/whatsapp/contact';
import { ContactRepository } from '../../domain/whatsapp/contact-repository';

/** A `client_id` in a body must be a client of the team. */
export async function assertClientOfTeam(clients: ClientRepository, team: TeamContext, clientId: string | null | undefined): Promise<void> {
  if (clientId === undefined || clientId === null) return;
  if (!isUuid(clientId)) throw new ValidationFailed('client_id must be a UUID', 'client_id');
  if (!(await clients.findById(team, clientId))) throw new NotFound('Client not found', 'client_id');
}

export async function contactOrNotFound(contacts: ContactRepository, team: TeamContext, id: string): Promise<ContactData> {
  const found = isUuid(id) ? await contacts.findById(team, id) : null;
  if (!found) throw new NotFound('Contact not found');
  return found;
}
