import { COMMON_ERRORS, Operation, Schema } from '../shared/operation';

/** One event a subscription receives, for the document's `webhooks`: what it means and its body. */
export interface WebhookDoc {
  summary: string;
  body: Schema;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  /** The API's base path, as the servers entry. */
  prefix: string;
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input: `VALIDATION_ERROR` (with `details.field`, the first bad field, and `details.errors`, every problem) or `invalid_idempotency_key`.',
  401: 'Missing, invalid or inactive API key (`UNAUTHORIZED`); on the inbound receiver, a missing or wrong `X-Webhook-Secret`.',
  403: 'Plan quota reached (`PLAN_LIMIT_REACHED`).',
  404: "Unknown, or another team's (`NOT_FOUND`); `details.field` names a referenced id that was not found.",
  405: 'Method not allowed on this resource (`METHOD_NOT_ALLOWED`); `Allow` lists the methods that are.',
  409: 'Conflict with the current state (`CONFLICT`, `PROJECT_ARCHIVED`, `customer_service_window_closed`).',
  413: 'Body larger than 1 MB, or an imported file larger than `IMPORT_MAX_BYTES` (`PAYLOAD_TOO_LARGE`).',
  415: 'Body in a content type the operation does not take (`UNSUPPORTED_MEDIA_TYPE`).',
  422: "Well-formed but refused: `DUPLICATE_ENTRY`, or `VALIDATION_ERROR` on the leads' `is_active`/`company_id`.",
  429: 'Too many requests (`RATE_LIMITED`); `Retry-After` says when to try again.',
  500: 'Storage failure (`INTERNAL_ERROR`), and the answers the spec names as 500.',
  502: 'The WhatsApp provider failed (`BAD_GATEWAY`); the message may have been accepted.',
};

const errorEnvelope: Schema = {
  type: 'object',
  required: ['success', 'error'],
  additionalProperties: false,
  properties: {
    success: { const: false },
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', examples: ['VALIDATION_ERROR'] },
        message: { type: 'string' },
        details: {
          type: 'object',
          properties: {
            field: { type: 'string', description: 'The first request field at fault.' },
            errors: {
              type: 'array',
              description: 'Every problem found, the first one first.',
              items: {
                type: 'object',
                required: ['message'],
                additionalProperties: false,
                properties: { field: { type: 'string' }, message: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
};

const pagination: Schema = {
  type: 'object',
  required: ['page', 'limit', 'total', 'pages'],
  additionalProperties: false,
  properties: {
    page: { type: 'integer', minimum: 1 },
    limit: { type: 'integer', minimum: 1, maximum: 100 },
    total: { type: 'integer', minimum: 0, description: 'Exact number of items matching the filters.' },
    pages: { type: 'integer', minimum: 0 },
  },
};

const rateLimitHeaders = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

/** `/clients/:id` → `/clients/{id}`. */
export const openApiPath = (koaPath: string): string => koaPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');

const pathParameters = (koaPath: string, examples: Record<string, string> = {}): Schema[] =>
  [...koaPath.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: name === 'endpointId' ? { type: 'string' } : { type: 'string', format: 'uuid' },
    description: name === 'endpointId' ? "The endpoint's public id (`endpoint_id`), not its uuid." : undefined,
    ...(examples[name] !== undefined ? { example: examples[name] } : {}),
  }));

function successResponse(op: Operation, dataRef: Schema, status: number): Schema {
  const body: Schema = op.success.list
    ? {
        type: 'object',
        required: ['success', 'data', 'pagination'],
        additionalProperties: false,
        properties: {
          success: { const: true },
          data: { type: 'array', items: dataRef },
          pagination: { $ref: '#/components/schemas/Pagination' },
        },
      }
    : {
        type: 'object',
        required: ['success', 'data'],
        additionalProperties: false,
        properties: { success: { const: true }, data: dataRef },
      };
  const headers: Schema = op.access === 'key' ? { ...rateLimitHeaders } : {};
  if (status === 201) headers.Location = { description: 'Where the created resource is.', schema: { type: 'string' } };
  if (status === 202) headers.Location = { description: 'Where to follow what was accepted.', schema: { type: 'string' } };
  if (op.parameters?.some((p) => p.name === 'Idempotency-Key') && status === 200) {
    headers['Idempotent-Replayed'] = {
      description: '`true` when this answers a replayed Idempotency-Key.',
      schema: { type: 'string', enum: ['true'] },
    };
  }
  return { description: op.success.description, headers, content: { 'application/json': { schema: body } } };
}

/**
 * The OpenAPI 3.1 document of the declared operations. Schemas are the ones the routes validate
 * with and the tests check answers against, so the document says what the API does.
 */
export function openApiDocument(operations: readonly Operation[], info: DocumentInfo, webhooks: Record<string, WebhookDoc> = {}): Schema {
  const schemas: Record<string, Schema> = { Error: errorEnvelope, Pagination: pagination };
  const paths: Record<string, Record<string, Schema>> = {};
  for (const op of operations) {
    let dataRef = op.success.data;
    if (op.success.name) {
      schemas[op.success.name] = op.success.data;
      dataRef = { $ref: `#/components/schemas/${op.success.name}` };
    }
    const responses: Record<string, Schema> = {};
    for (const status of [op.success.status, ...(op.success.alsoStatuses ?? [])])
      responses[String(status)] = successResponse(op, dataRef, status);
    // A body may always be refused as malformed (400), too large (413) or not JSON (415).
    const bodyErrors = op.body || op.multipart || op.freeBody ? [400, 413, 415] : [];
    const errors = [...new Set([...op.errors, ...bodyErrors, ...COMMON_ERRORS[op.access]])].sort((a, b) => a - b);
    for (const status of errors) responses[String(status)] = { $ref: `#/components/responses/E${status}` };
    Object.assign(responses, op.rawResponses ?? {});
    const parameters = [
      ...pathParameters(op.path, op.pathExamples),
      ...(op.parameters ?? []).map((p) => ({
        name: p.name,
        in: p.in,
        required: p.required ?? false,
        schema: p.schema,
        description: p.description,
      })),
    ];
    const operation: Schema = {
      operationId: op.id,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              ...(op.body.description ? { description: op.body.description } : {}),
              content: {
                'application/json': {
                  schema: op.body.schema,
                  ...(op.body.example !== undefined ? { example: op.body.example } : {}),
                  ...(op.body.examples !== undefined ? { examples: op.body.examples } : {}),
                },
              },
            },
          }
        : {}),
      ...(op.freeBody
        ? {
            requestBody: {
              required: false,
              description: op.freeBody.description,
              // No schema: nothing is validated, and a client generator gets no shape to hold the sender to.
              content: { 'application/json': { example: op.freeBody.example } },
            },
          }
        : {}),
      ...(op.multipart
        ? {
            requestBody: {
              required: true,
              ...(op.multipart.description ? { description: op.multipart.description } : {}),
              content: {
                'multipart/form-data': {
                  schema: op.multipart.schema,
                  ...(op.multipart.encoding ? { encoding: op.multipart.encoding } : {}),
                },
              },
            },
          }
        : {}),
      responses,
      security: op.access === 'key' ? [{ apiKey: [] }] : [],
    };
    (paths[openApiPath(op.path)] ??= {})[op.method] = operation;
  }
  const errorResponses = Object.fromEntries(
    Object.entries(ERROR_TEXT).map(([status, description]) => [
      `E${status}`,
      {
        description,
        ...(status === '429'
          ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } }, ...rateLimitHeaders } }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.prefix }],
    tags: [...new Set(operations.map((o) => o.tag))].map((name) => ({ name })),
    paths,
    ...(Object.keys(webhooks).length > 0 ? { webhooks: webhooksOf(webhooks) } : {}),
    components: {
      schemas,
      responses: errorResponses,
      headers: {
        'RateLimit-Limit': { description: 'Requests allowed per window for this API key.', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
      },
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: "The team's API key: `Authorization: Bearer <key>`." },
      },
    },
  };
}

/**
 * The document's `webhooks` (OpenAPI 3.1): each event type as the POST a subscriber receives, signed by the
 * Standard Webhooks headers, answered with any 2xx.
 */
function webhooksOf(webhooks: Record<string, WebhookDoc>): Schema {
  const header = (description: string) => ({ in: 'header', required: true, schema: { type: 'string' }, description });
  const parameters = [
    { name: 'webhook-id', ...header("The event's id: the same on every retry; deduplicate on it.") },
    { name: 'webhook-timestamp', ...header('When this attempt was signed, in seconds since 1970.') },
    {
      name: 'webhook-signature',
      ...header('`v1,<base64 HMAC-SHA256 of id.timestamp.body>`; two entries, space-separated, during a rotation.'),
    },
  ];
  return Object.fromEntries(
    Object.entries(webhooks).map(([type, doc]) => [
      type,
      {
        post: {
          operationId: `event:${type}`,
          summary: doc.summary,
          parameters,
          requestBody: { required: true, content: { 'application/json': { schema: doc.body } } },
          responses: {
            '2XX': {
              description: 'Received: any 2xx within the timeout. Anything else is retried on the schedule; 410 disables the subscription.',
            },
          },
        },
      },
    ]),
  );
}
