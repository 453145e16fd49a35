/** The tenant every use case acts for: fixed by the API key, never by the request body. */
export interface TeamContext {
  readonly teamId: string;
  /**
   * Who acts, as the audit trail records it: `api_key:<id>`, `cli`, `inbound:<endpoint id>`,
   * `whatsapp:<inbox id>`, `workflow:<id>`, `import:<id>`; `system` when absent.
   */
  readonly actor?: string;
  /** The request the change came with (`X-Request-Id`), when it came with one. */
  readonly requestId?: string;
}

/** Who acts when a context names no one: background work of the server itself. */
export const SYSTEM_ACTOR = 'system';

/** The operator CLI, as the audit trail names it. */
export const CLI_ACTOR = 'cli';

/** A team found by an operator command that names only a record (`task restore --id`): its changes are the CLI's. */
export const asOperator = (team: TeamContext): TeamContext => ({ ...team, actor: CLI_ACTOR });

export const apiKeyActor = (apiKeyId: string): string => `api_key:${apiKeyId}`;
export const inboundActor = (endpointId: string): string => `inbound:${endpointId}`;
export const whatsappActor = (inboxId: string): string => `whatsapp:${inboxId}`;
export const workflowActor = (workflowId: string): string => `workflow:${workflowId}`;
export const importActor = (importId: string): string => `import:${importId}`;
