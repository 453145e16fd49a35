import { NotFound, ValidationFailed } from '../../domain/shared/errors';
import { TeamContext } from '../../domain/shared/team';
import { carriesAny } from '../../domain/shared/changes';
import {
  InboundAuthMode,
  WEBHOOK_CHANGE_FIELDS,
  WebhookEndpoint,
  WebhookEndpointChanges,
  WebhookEndpointData,
} from '../../domain/webhooks/webhook-endpoint';
import { WebhookEndpointRepository } from '../../domain/webhooks/webhook-endpoint-repository';
import { Clock } from '../shared/clock';
import { UnitOfWork } from '../shared/unit-of-work';
import { EndpointCredentials } from './endpoint-credentials';

/** The endpoint's own fields, and a new way for its source to authenticate. */
export interface WebhookEndpointUpdate extends WebhookEndpointChanges {
  /** A new mode: a new credential is issued (even for the same mode), and the former one admits nothing. */
  authMode?: InboundAuthMode;
  /** The signing secret of the new mode, when the operator or the sender has it. */
  signingSecret?: string;
}

export interface UpdateWebhookEndpointCommand {
  id: string;
  changes: WebhookEndpointUpdate;
  /** Request field names, so errors name what the caller sent. */
  fields?: { authMode?: string; signingSecret?: string };
}

export interface UpdatedWebhookEndpoint {
  endpoint: WebhookEndpointData;
  /** Only when the mode changed: the new secret or token made here, shown once (null when given or for `none`). */
  secret?: string | null;
}

/** PUT /webhooks/:id: name, is_active, field_mapping, idempotency_path, auth_mode; the action stays. */
export class UpdateWebhookEndpoint {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly endpoints: WebhookEndpointRepository,
    private readonly credentials: EndpointCredentials,
    private readonly clock: Clock,
  ) {}

  execute(team: TeamContext, command: UpdateWebhookEndpointCommand): Promise<UpdatedWebhookEndpoint> {
    const f = { authMode: 'auth_mode', signingSecret: 'signing_secret', ...command.fields };
    const { authMode, signingSecret, ...changes } = command.changes;
    if (authMode === undefined && signingSecret !== undefined) {
      throw new ValidationFailed(`A signing secret is given with the ${f.authMode} it signs for`, f.signingSecret);
    }
    const issued = authMode === undefined ? null : this.credentials.issue(authMode, signingSecret, f.signingSecret, f.authMode);
    return this.uow.run(async () => {
      const found = await this.endpoints.findById(team, command.id);
      if (!found) throw new NotFound('Webhook endpoint not found');
      const endpoint = WebhookEndpoint.restore(found);
      const now = this.clock.now();
      if (!issued || carriesAny(changes, WEBHOOK_CHANGE_FIELDS)) endpoint.update(changes, now);
      if (issued) endpoint.changeAuthentication(issued.credential, now);
      const data = endpoint.snapshot();
      await this.endpoints.update(data);
      return issued ? { endpoint: data, secret: issued.shown } : { endpoint: data };
    });
  }
}
