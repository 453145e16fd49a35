import { Middleware } from 'koa';
import { NotFound, ValidationFailed } from '../../../domain/shared/errors';
import { MAX_BODY_DEPTH, nestedDeeperThan } from '../../../domain/shared/json';
import { locationOf } from '../shared/validation';

export type IllFormed = 'nul' | 'unicode';

/** A lone UTF-16 surrogate (what `String.prototype.isWellFormed` refuses): with the `u` flag it is a code point of its own, category Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

const problemOf = (s: string): IllFormed | null => (s.includes('\u0000') ? 'nul' : LONE_SURROGATE.test(s) ? 'unicode' : null);

interface Node {
  value: unknown;
  key: string | null;
  parent: Node | null;
}

const keysOf = (node: Node | null): string[] => {
  const keys: string[] = [];
  for (let n = node; n; n = n.parent) if (n.key !== null) keys.push(n.key);
  return keys.reverse();
};

export interface IllFormedText {
  /** The request field holding it (`tags`), or undefined for the body itself. */
  field: string | undefined;
  /** Where inside the field (`tags[1]`). */
  at: string;
  reason: IllFormed;
}

/**
 * The first string (a value, or an object's key, named by its object's place) that holds NUL or is not
 * well-formed Unicode, in document order. Walked with an explicit stack, so a body nested thousands of
 * levels deep is checked like any other and never overflows the call stack.
 */
export function firstIllFormed(root: unknown): IllFormedText | null {
  const stack: Node[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      const reason = problemOf(value);
      if (reason) {
        const keys = keysOf(node);
        return { field: keys[0], at: locationOf(keys) || 'body', reason };
      }
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: node });
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, v] = entries[i];
        stack.push({ value: v, key: k, parent: node });
        // The key is checked just before its value, and a bad key is named by the object holding it.
        stack.push({ value: k, key: null, parent: node });
      }
    }
  }
  return null;
}

/**
 * Text in is text out. PostgreSQL text cannot hold NUL (SQLite and memory can), and neither database
 * can store a lone surrogate (both write U+FFFD instead, memory keeps it), so such a request would be
 * stored differently, or fail with 500, depending on the backend. Every JSON body and query value is
 * checked here, the same on every route and backend: 400 VALIDATION_ERROR naming the field. So is a
 * body nested deeper than any record needs, before anything copies it.
 */
export const wellFormedText = (): Middleware => async (ctx, next) => {
  const deep = nestedDeeperThan(ctx.request.body, MAX_BODY_DEPTH);
  if (deep) throw new ValidationFailed(`${locationOf(deep)} is nested deeper than ${MAX_BODY_DEPTH} levels`, deep[0]);
  const found = firstIllFormed(ctx.query) ?? firstIllFormed(ctx.request.body);
  if (found) {
    const what = found.reason === 'nul' ? 'must not contain the NUL character' : 'must be well-formed Unicode text';
    throw new ValidationFailed(`${found.at} ${what}`, found.field);
  }
  await next();
};

/**
 * Paths the API can answer. The router matches paths in any letter case, but the middleware of a
 * prefixed router (authentication) only in the exact one: `/API/v1/deals` reached a keyed handler
 * without a team, a 500. So another spelling of the prefix is an unknown route. A path segment that is
 * not valid percent-encoded UTF-8, or that decodes to NUL, cannot name a resource: the router would pass
 * it on undecoded, or with a NUL that PostgreSQL refuses (500 on the public receiver); it is a 404 here.
 * `others` are the few paths served outside the prefix (the reference page and its assets, the health,
 * readiness and metrics endpoints).
 */
export const knownPath =
  (prefix: string, ...others: string[]): Middleware =>
  async (ctx, next) => {
    const path = ctx.path;
    const under = (base: string) => path === base || path.startsWith(`${base}/`);
    if (!under(prefix) && !others.some(under)) throw new NotFound('Route not found');
    for (const segment of path.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        throw new NotFound('Resource not found');
      }
      if (decoded.includes('\u0000')) throw new NotFound('Resource not found');
    }
    await next();
  };
