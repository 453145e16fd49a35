import { RouterContext } from '@koa/router';
import { NotFound, ValidationFailed } from '../../../domain/shared/errors';
import { ListQuery } from '../../../domain/shared/list';
import { TeamContext } from '../../../domain/shared/team';
import { isUuid } from '../../../domain/shared/values';
import type { RawInboundBody } from '../webhooks/inbound-body';
import { Text } from './body';

/** What the middleware leave on a request for the handlers (the inbound receiver reads its body itself). */
export interface RequestState {
  team?: TeamContext;
  apiKeyId?: string;
  requestId?: string;
  /** The receiver's body, read when the receiver admits its sender (`inboundReceiverBody`). */
  readInboundBody?: () => Promise<RawInboundBody>;
}

export type Ctx = RouterContext<RequestState>;

export const teamOf = (ctx: Ctx): TeamContext => {
  if (!ctx.state.team) throw new Error('route needs the auth middleware');
  return ctx.state.team;
};

/** A path id that is not a UUID cannot exist: 404, like an unknown one. */
export const pathId = (ctx: Ctx, name = 'id'): string => {
  const id = ctx.params?.[name];
  if (!isUuid(id)) throw new NotFound('Resource not found');
  // Ids are stored in lower case; PostgreSQL would match any case, SQLite and memory only this one.
  return id.toLowerCase();
};

/** A single query value (the last one when repeated). */
export const queryValue = (ctx: Ctx, name: string): string | undefined => {
  const v = ctx.query[name];
  const s = Array.isArray(v) ? v[v.length - 1] : v;
  return s === undefined || s === '' ? undefined : s;
};

/**
 * A free-text query value that reaches storage (`search`; a filter is declared `Q.text`): at most
 * `Text.query` characters, else 400 naming it. Counted in characters, as the body limits are.
 */
const queryText = (ctx: Ctx, name: string): string | undefined => {
  const v = queryValue(ctx, name);
  if (v !== undefined && [...v].length > Text.query) {
    throw new ValidationFailed(`${name} must be at most ${Text.query} characters long`, name);
  }
  return v;
};

const positiveInt = (ctx: Ctx, name: string, fallback: number, max?: number): number => {
  const v = queryValue(ctx, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!/^\d+$/.test(v) || !Number.isSafeInteger(n) || n < 1 || (max !== undefined && n > max)) {
    throw new ValidationFailed(`${name} must be a whole number from 1${max ? ` to ${max}` : ''}`, name);
  }
  return n;
};

/** How a list reads and documents `page`, `limit`, `sort` and `search` (`listQuery`, `listParameters`). */
export interface ListOptions<F extends string> {
  sortable: readonly F[];
  /** Campaigns and activities: an unlisted field sorts by created_at, keeping the direction. */
  fallbackToCreatedAt?: boolean;
  defaultSort?: string;
  /** What `search` matches: the list documents `search` only with it (it is read either way). */
  search?: string;
  /** Said of `sort` in the document beyond the usual, e.g. how a field sorts. */
  sortNote?: string;
}

/** page (default 1), limit (default 20, 1 to 100), sort (`field` or `-field`), search. */
export function listQuery<F extends string>(ctx: Ctx, options: ListOptions<F>): ListQuery<F> {
  const page = positiveInt(ctx, 'page', 1);
  const limit = positiveInt(ctx, 'limit', 20, 100);
  // The offset must stay an exact integer for every database.
  if (!Number.isSafeInteger((page - 1) * limit)) throw new ValidationFailed('page is too large', 'page');
  const raw = queryValue(ctx, 'sort') ?? options.defaultSort ?? '-created_at';
  const descending = raw.startsWith('-');
  let field = (descending ? raw.slice(1) : raw) as F;
  if (!options.sortable.includes(field)) {
    if (!options.fallbackToCreatedAt) {
      throw new ValidationFailed(`sort must be one of: ${options.sortable.join(', ')} (prefix - for descending)`, 'sort');
    }
    field = 'created_at' as F;
  }
  const search = queryText(ctx, 'search')?.trim() || undefined;
  return { page, limit, sort: { field, descending }, search };
}
