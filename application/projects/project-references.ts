// Checks of the ids a project request refers to: unknown or another team's is 404 naming the field.
import { ClientRepository } from '../../domain/clients/client-repository';
import { ProjectData, ProjectView } from '../../domain/projects/project';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { SquadRepository } from '../../domain/projects/squad-repository';
import { NotFound } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';

export interface ProjectReferencePorts {
  squads: SquadRepository;
  clients: ClientRepository;
}

export async function checkProjectReferences(
  ports: ProjectReferencePorts,
  team: TeamContext,
  refs: { squadId?: string | null; clientId?: string | null },
): Promise<void> {
  if (refs.squadId && !(await ports.squads.findById(team, refs.squadId))) throw new NotFound('Squad not found', 'squad_id');
  if (refs.clientId && !(await ports.clients.findById(team, refs.clientId))) throw new NotFound('Client not found', 'client_id');
}

/** The project named in a path: 404 without a field, like any unknown path id. */
export async function requireProject(projects: ProjectRepository, team: TeamContext, id: string): Promise<ProjectData> {
  const project = await projects.findById(team, id);
  if (!project) throw new NotFound('Project not found');
  return project;
}

/**
 * The same, read as GET /projects/:id shows it (with its stage, squad and client), for a change that tells
 * what it was: the view, and the record alone that the entity is restored from.
 */
export async function requireProjectView(
  projects: ProjectRepository,
  team: TeamContext,
  id: string,
): Promise<{ view: ProjectView; data: ProjectData }> {
  const view = await projects.findViewById(team, id);
  if (!view) throw new NotFound('Project not found');
  const { stage: _stage, squad: _squad, client: _client, ...data } = view;
  return { view, data };
}
