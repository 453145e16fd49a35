import Router from '@koa/router';
import { Static, TSchema } from '@sinclair/typebox';
import { Ctx, pathId } from './params';
import { validator } from './validation';
import { UnsupportedMediaType } from './http-errors';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';
export type Schema = Record<string, unknown>;

/** A query parameter or request header the operation reads. */
export interface ParameterDoc {
  name: string;
  in: 'query' | 'header';
  schema: Schema;
  description?: string;
  required?: boolean;
}

/** Named examples of a body: `{ template: { summary: 'An approved template', value: {…} } }`. */
export type BodyExamples = Record<string, { summary: string; value: unknown }>;

/** What a successful answer carries: `{ success: true, data }`, or a page of `data` with `pagination`. */
export interface SuccessDoc {
  /** 202: accepted, to be done in the background (with `Location`, where to follow it). */
  status: 200 | 201 | 202;
  description: string;
  /** The schema of `data` (of one item, for a list). */
  data: Schema;
  /** A name for `data` in the document's components, so client generators give it a type name. */
  name?: string;
  list?: boolean;
  /** Other statuses answered with the same body (a replayed POST /deals is 200). */
  alsoStatuses?: number[];
}

/**
 * One route, declared once: from it come the Koa route, the body validator (compiled once, at start),
 * the operation of the OpenAPI document, and the check that tests make on every response.
 */
export interface Operation<B = unknown, E = unknown> {
  /** The OpenAPI operationId: what a generated client calls the method. */
  id: string;
  method: HttpMethod;
  /** Koa style, under the API prefix: `/clients/:id`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  /** `key`: the Bearer API key, rate-limited per key; `public`: no key (inbound webhooks). */
  access: 'key' | 'public';
  parameters?: ParameterDoc[];
  /**
   * An example of each path parameter, by name (`{ id: DEMO_IDS.client }`): the reference page fills the path
   * with it, so its "Test Request" names a record of the demo team (`shared/demo-ids.ts`).
   */
  pathExamples?: Record<string, string>;
  /** `example`, or `examples` by name when the body takes several forms (OpenAPI's example objects). */
  body?: { schema: Schema; description?: string; example?: unknown; examples?: BodyExamples };
  /**
   * A `multipart/form-data` body the handler reads itself, as it streams (a file upload): documented, never
   * parsed or validated here. `schema` describes its parts; `encoding` their content types.
   */
  multipart?: { schema: Schema; description?: string; encoding?: Record<string, { contentType: string }> };
  /**
   * A free-form JSON body the handler reads itself, as sent (the inbound receiver's payload): documented with an
   * example for the reference page, never parsed or validated here.
   */
  freeBody?: { description: string; example: unknown };
  success: SuccessDoc;
  /** The error statuses this operation can answer besides the ones every operation of its access can. */
  errors: number[];
  /**
   * Responses that are not the envelope (the inbound receiver's own shape, Meta's plain-text challenge),
   * as OpenAPI response objects by status; they replace the envelope for those statuses.
   */
  rawResponses?: Record<string, Schema>;
  /**
   * When path ids are checked as UUIDs (404 otherwise): before everything (the default), after the body
   * (where the spec validates the body first), or never (a route that answers the same whatever the id).
   */
  pathIds?: 'first' | 'afterBody' | 'never';
  /**
   * Runs before the body is validated: reads what is refused whatever the body (a header), once; what it
   * returns is handed to `handle`.
   */
  first?(ctx: Ctx): E;
  /** The answer's `Location` for a 201: the path of what was created, under the API prefix. */
  location?(data: { id: string }, ctx: Ctx): string;
  handle(ctx: Ctx, body: B, first: E): Promise<void> | void;
}

/**
 * Declares an operation. With a TypeBox body schema, `handle` receives the body typed from the schema
 * itself (`Static<typeof schema>`); without a body, nothing. It receives what `first` read, typed too.
 */
export function operation<S extends TSchema, E = undefined>(
  op: Omit<Operation<Static<S>, E>, 'body'> & { body: { schema: S; description?: string; example?: unknown; examples?: BodyExamples } },
): Operation<Static<S>, E>;
export function operation<B = undefined, E = undefined>(op: Operation<B, E>): Operation<B, E>;
export function operation(op: Operation<unknown>): Operation<unknown> {
  return op;
}

/**
 * Statuses every operation of a kind can answer (listed once in the document, not in each declaration):
 * keyed ones are limited per key, public ones per client address and per endpoint.
 */
export const COMMON_ERRORS: Record<Operation['access'], number[]> = {
  key: [401, 429, 500],
  public: [429, 500],
};

/** The state an operation leaves on the context: which one answered, for logs and the response check. */
export interface OperationState {
  operation?: Operation;
}

/**
 * Mounts declared operations on a router. The body is validated before `handle` sees it; a 201 gets
 * `Location` (the created resource's path: `path/:id` unless the operation says otherwise).
 */
export function routerOf(operations: readonly Operation[], prefix: string): Router {
  const router = new Router();
  for (const op of operations) {
    const parse = op.body ? validator<unknown>(op.body.schema) : null;
    const ids = [...op.path.matchAll(/:([A-Za-z_]\w*)/g)].map(([, name]) => name).filter((name) => name !== 'endpointId');
    router[op.method](op.path, async (ctx: Ctx) => {
      (ctx.state as OperationState).operation = op;
      // A path id that is not a UUID names nothing: 404, by default before the body is looked at.
      const checkIds = () => {
        for (const name of ids) pathId(ctx, name);
      };
      if ((op.pathIds ?? 'first') === 'first') checkIds();
      const first = op.first?.(ctx);
      // The body parser reads JSON only: a body in another type would reach the schema as no body at all.
      if (parse && ctx.request.is('json', '+json') === false) throw new UnsupportedMediaType('Send the body as application/json');
      const body = parse ? parse(ctx.request.body) : undefined;
      if (op.pathIds === 'afterBody') checkIds();
      await op.handle(ctx, body, first);
      if (ctx.status === 201) {
        const data = (ctx.body as { data?: { id?: unknown } } | undefined)?.data;
        if (data && typeof data.id === 'string') {
          ctx.set('Location', op.location ? `${prefix}${op.location(data as { id: string }, ctx)}` : `${ctx.path}/${data.id}`);
        }
      }
    });
  }
  return router;
}
