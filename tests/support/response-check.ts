import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import Koa from 'koa';
import { openApiPath } from '../../adapters/http/openapi/openapi-document';
import { OperationState } from '../../adapters/http/shared/operation';

type Json = Record<string, any>;

/** What answered differently from its operation's documented responses, since the last test ended. */
const mismatches: string[] = [];

export function takeMismatches(): string[] {
  return mismatches.splice(0, mismatches.length);
}

/** The document's `#/…` references, made absolute so a piece of it compiles on its own. */
const absolute = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(absolute);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `openapi.json${v}` : absolute(v),
      ]),
    );
  }
  return value;
};

/**
 * A middleware, first in the app, that checks every answer of a declared operation against the
 * document: its status must be one the operation documents, and its body must match that status's
 * schema. A mismatch fails the test that made the request (see the root hook in setup.ts).
 */
export function responseChecker(document: Json): Koa.Middleware {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  const doc = absolute(document) as Json;
  ajv.addSchema({ $id: 'openapi.json', components: doc.components });
  const compiled = new Map<string, ValidateFunction | 'text' | null>();

  /** `text`: the answer is text/plain, checked against that content when the status documents it beside JSON. */
  const validatorFor = (path: string, method: string, status: number, text: boolean): ValidateFunction | 'text' | null | undefined => {
    const key = `${method} ${path} ${status}${text ? ' text' : ''}`;
    if (compiled.has(key)) return compiled.get(key);
    let response = doc.paths?.[path]?.[method]?.responses?.[String(status)];
    if (response === undefined) return undefined;
    if (response.$ref) response = doc.components.responses[String(response.$ref).split('/').pop()!];
    const content = response.content ?? {};
    const json = content['application/json']?.schema;
    const v = (text || !json) && content['text/plain'] ? 'text' : json ? ajv.compile(json) : null;
    compiled.set(key, v);
    return v;
  };

  return async (ctx, next) => {
    await next();
    const op = (ctx.state as OperationState).operation;
    if (!op) return;
    const where = `${op.method.toUpperCase()} ${op.path} answered ${ctx.status}`;
    const check = validatorFor(openApiPath(op.path), op.method, ctx.status, ctx.response.is('text/plain') === 'text/plain');
    if (check === undefined) {
      mismatches.push(`${where}, a status its operation (${op.id}) does not document`);
    } else if (check === 'text') {
      if (typeof ctx.body !== 'string') mismatches.push(`${where} with a body that is not text`);
    } else if (check) {
      const body = JSON.parse(JSON.stringify(ctx.body ?? null));
      if (!check(body)) {
        mismatches.push(
          `${where} with a body that does not match the document: ${ajv.errorsText(check.errors)}; body ${JSON.stringify(body).slice(0, 500)}`,
        );
      }
    }
  };
}
