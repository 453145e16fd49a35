import { NotFound, ValidationFailed, Duplicate } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { PipelineRepository } from '../../domain/projects/pipeline-repository';
import { Pipeline } from '../../domain/projects/pipeline';
import { ProjectRepository } from '../../domain/projects/project-repository';
import { Project } from '../../domain/projects/project';
import { requireSlug, slugify, uniqueSlug } from '../../domain/projects/slug';
import { InboundActionType, InboundAuthMode, WebhookEndpoint, WebhookEndpointData } from '../../domain/webhooks/webhook-endpoint';
import { ENDPOINT_ID_PREFIX } from '../../domain/webhooks/endpoint-id';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { IdGenerator } from '../shared/id-generator';
import { SecretHasher } from '../shared/secret-hasher';
import { UnitOfWork } from '../shared/unit-of-work';
import { EndpointCredentials } from './endpoint-credentials';

export interface CreateWebhookEndpointCommand {
  name: string;
  slug?: string;
  isActive?: boolean;
  actionType?: InboundActionType;
  /** Optional when `pipelineId` names a project pipeline: the project is then the pipeline's. */
  projectId?: string;
  pipelineId?: string;
  columnSlug?: string;
  fieldMapping?: unknown;
  /** Where the sender's id of a payload is, so that a redelivery creates nothing. */
  idempotencyPath?: string | null;
  /** How the source authenticates; `secret` (X-Webhook-Secret) when absent. */
  authMode?: InboundAuthMode;
  /** The signing secret of a signature mode, when the operator or the sender has it (Meta's app secret). */
  signingSecret?: string;
  /** Request field names, so errors name what the caller sent (the CLI and the API differ). */
  fields?: { project?: string; pipeline?: string; column?: string; signingSecret?: string; authMode?: string };
}

export interface CreatedWebhookEndpoint {
  endpoint: WebhookEndpointData;
  /** The secret, signing secret or URL token in clear, when it was made here: shown once. */
  secret: string | null;
}

const SLUG_ATTEMPTS = 5;

/**
 * An endpoint, its public id and its one-time secret. Without a project or pipeline it targets the
 * team's internal project (create_deal: its default pipeline's first open column). A create_deal
 * endpoint's target column is checked now (it must be `open`) and again when each payload is processed.
 */
export class CreateWebhookEndpoint {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly projects: ProjectRepository,
    private readonly pipelines: PipelineRepository,
    private readonly hasher: SecretHasher,
    private readonly credentials: EndpointCredentials,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(team: TeamContext, command: CreateWebhookEndpointCommand): Promise<CreatedWebhookEndpoint> {
    const f = {
      project: 'project_id',
      pipeline: 'target_pipeline_id',
      column: 'target_column_id',
      signingSecret: 'signing_secret',
      authMode: 'auth_mode',
      ...command.fields,
    };
    const issued = this.credentials.issue(command.authMode ?? 'secret', command.signingSecret, f.signingSecret, f.authMode);
    const actionType = command.actionType ?? 'create_deal';
    // A name alone is enough (the legacy description): the endpoint then feeds the team's internal project.
    let projectId = command.projectId ?? (command.pipelineId === undefined ? await this.internalProjectId(team) : undefined);
    let pipelineId: string | null = null;
    let columnSlug: string | null = null;
    if (actionType === 'create_deal') {
      const pipeline =
        command.pipelineId !== undefined
          ? await this.pipelines.findById(team, command.pipelineId)
          : projectId !== undefined
            ? await this.pipelines.findDefaultForProject(team, projectId)
            : null;
      if (
        command.pipelineId !== undefined &&
        (!pipeline || pipeline.projectId === null || (projectId !== undefined && pipeline.projectId !== projectId))
      ) {
        throw new NotFound('Pipeline not found in the project', f.pipeline);
      }
      projectId = projectId ?? pipeline?.projectId ?? undefined;
      if (projectId === undefined) throw new ValidationFailed(`${f.project} or ${f.pipeline} is required`, f.project);
      await this.requireProject(team, projectId, f.project);
      if (!pipeline) throw new NotFound('The project has no pipeline', f.pipeline);
      pipelineId = pipeline.id;
      columnSlug = Pipeline.restore(pipeline).startColumn(command.columnSlug ?? null, f.column).slug;
    } else {
      if (command.pipelineId !== undefined || command.columnSlug !== undefined) {
        throw new ValidationFailed('A create_lead endpoint has no target pipeline or column', f.pipeline);
      }
      if (projectId === undefined) throw new ValidationFailed(`${f.project} is required`, f.project);
      await this.requireProject(team, projectId, f.project);
    }

    const now = this.clock.now();
    const insert = () =>
      this.uow.run(async () => {
        const slug = await this.slugFor(team, command.name, command.slug);
        const endpoint = WebhookEndpoint.create(
          this.ids.next(),
          team.teamId,
          {
            name: command.name,
            slug,
            // The public id is random, not time-ordered: it must not be guessable from the admin id or time.
            endpointId: this.hasher.generate(ENDPOINT_ID_PREFIX),
            isActive: command.isActive,
            actionType,
            actionConfig: { projectId: projectId, pipelineId, columnSlug },
            fieldMapping: command.fieldMapping,
            idempotencyPath: command.idempotencyPath,
            credential: issued.credential,
          },
          now,
        );
        const data = endpoint.snapshot();
        await this.endpoints.insert(data);
        return { endpoint: data, secret: issued.shown };
      });
    // Two creations with one name can both pick the same free slug; the unique key stops the second,
    // which then takes the next suffix. A slug the caller chose is not retried: it is taken.
    for (let attempt = 1; ; attempt++) {
      try {
        return await insert();
      } catch (err) {
        if (!(err instanceof Duplicate) || command.slug !== undefined || attempt >= SLUG_ATTEMPTS) throw err;
      }
    }
  }

  private async internalProjectId(team: TeamContext): Promise<string | undefined> {
    return (await this.projects.findInternal(team))?.id;
  }

  private async requireProject(team: TeamContext, projectId: string, field: string): Promise<void> {
    const project = await this.projects.findById(team, projectId);
    if (!project) throw new NotFound('Project not found', field);
    Project.restore(project).assertWritable();
  }

  /** A slug sent that is taken is refused; one generated from the name gets `-2`, `-3`… */
  private async slugFor(team: TeamContext, name: string, given: string | undefined): Promise<string> {
    if (given !== undefined) {
      const slug = requireSlug(given);
      if ((await this.endpoints.slugsLike(team, slug)).includes(slug))
        throw new Duplicate('A webhook with this slug already exists', { field: 'slug' });
      return slug;
    }
    const base = slugify(name) || 'webhook';
    return uniqueSlug(base, await this.endpoints.slugsLike(team, base), 'webhook');
  }
}
