import { Static, TSchema } from '@sinclair/typebox';
import { ListQuery, Page } from '../../../domain/shared/list';
import { TeamContext } from '../../../domain/shared/team';
import { listParameters } from './documented';
import { many, one } from './envelope';
import { Operation, ParameterDoc, Schema, SuccessDoc, operation } from './operation';
import { Ctx, ListOptions, listQuery, pathId, teamOf } from './params';

// The usual operations on a resource, each declared once like any other `operation`: read one, read a
// page, create, change, delete. The builder writes the handler (the command from the path, query or
// body, the use case, the presenter, the envelope); the declaration keeps everything the document shows.

/**
 * A query parameter read into the command: documented as `name` with `schema`, read by `read` (`queryUuid`,
 * `queryText`, `queryValue`…, which refuse a bad value naming `name`) into the command's `key`.
 */
export interface QueryFilter<K extends string = string, V = unknown> {
  name: string;
  key: K;
  schema: Schema;
  description?: string;
  read: (ctx: Ctx, name: string) => V;
}

/** The command fields that `filters` fill, typed from their `key` and what their `read` returns. */
export type FilterValues<F extends readonly QueryFilter[]> = { [P in F[number] as P['key']]: ReturnType<P['read']> };

/** The filters' query parameters, in their order. */
export const filterParameters = (filters: readonly QueryFilter[]): ParameterDoc[] =>
  filters.map((f) => ({ name: f.name, in: 'query', schema: f.schema, description: f.description }));

/** Reads every filter, in their order (the first bad one is the 400). */
export const readFilters = <F extends readonly QueryFilter[]>(ctx: Ctx, filters: F): FilterValues<F> =>
  Object.fromEntries(filters.map((f) => [f.key, f.read(ctx, f.name)])) as FilterValues<F>;

/** What a builder leaves to the declaration: everything but the method, the handler and the success status. */
type Declared = Omit<Operation, 'method' | 'handle' | 'success' | 'body'> & { success: Omit<SuccessDoc, 'status' | 'list'> };

type UseCase<C, T> = { execute: (team: TeamContext, command: C) => Promise<T> };

export type ByIdOptions<T, P, F extends readonly QueryFilter[]> = Declared & {
  /** Query parameters the use case also takes (a scope). */
  filters?: F;
  useCase: UseCase<NoInfer<{ id: string } & FilterValues<F>>, T>;
  present: (result: T) => P;
};

const byId = <T, P, F extends readonly QueryFilter[]>(method: 'get' | 'delete', op: ByIdOptions<T, P, F>): Operation => {
  const { filters, useCase, present, success, ...declared } = op;
  return operation({
    ...declared,
    method,
    parameters: [...(declared.parameters ?? []), ...filterParameters(filters ?? [])],
    success: { status: 200, ...success },
    async handle(ctx: Ctx) {
      const command = { id: pathId(ctx), ...readFilters(ctx, filters ?? ([] as unknown as F)) };
      ctx.body = one(present(await useCase.execute(teamOf(ctx), command)));
    },
  });
};

/** GET `…/:id`: the use case takes `{ id }` (and the filters), its result is presented. */
export const getOne = <T, P, const F extends readonly QueryFilter[]>(op: ByIdOptions<T, P, F>): Operation => byId('get', op);

/** DELETE `…/:id`: the use case takes `{ id }`, and what it answers (the record deleted, archived…) is presented. */
export const deleteOne = <T, P, const F extends readonly QueryFilter[]>(op: ByIdOptions<T, P, F>): Operation => byId('delete', op);

/**
 * GET of a page: `page`, `limit`, `sort` and `search` (`list`) and the filters are documented in that order
 * and read in that order into the command, with the path's part (`scope`) and `query`; `many` answers.
 */
export type PageOptions<S extends string, T, P, F extends readonly QueryFilter[], X extends object> = Declared & {
  list: ListOptions<S>;
  filters?: F;
  /** What the path names, for the command: `(ctx: Ctx) => ({ projectId: pathId(ctx) })` of `/projects/:id/leads`. */
  scope?: (ctx: Ctx) => X;
  useCase: UseCase<NoInfer<X & FilterValues<F> & { query: ListQuery<S> }>, Page<T>>;
  present: (item: T) => P;
};

export const getPage = <S extends string, T, P, const F extends readonly QueryFilter[], X extends object>(
  op: PageOptions<S, T, P, F, X>,
): Operation => {
  const { list, filters, scope, useCase, present, success, ...declared } = op;
  return operation({
    ...declared,
    method: 'get',
    parameters: [...listParameters(list), ...filterParameters(filters ?? [])],
    success: { status: 200, list: true, ...success },
    async handle(ctx: Ctx) {
      const query = listQuery(ctx, list);
      const command = { ...(scope?.(ctx) as X), ...readFilters(ctx, filters ?? ([] as unknown as F)), query };
      ctx.body = many(await useCase.execute(teamOf(ctx), command), query, present);
    },
  });
};

type WithBody<B extends TSchema> = Declared & { body: { schema: B; description?: string; example?: unknown } };

/** POST that creates: the command from the body (and the path), 201 with what was created presented (and `Location`). */
export type CreateOptions<B extends TSchema, C, T, P> = WithBody<B> & {
  command: (body: Static<B>, ctx: Ctx) => C;
  useCase: UseCase<C, T>;
  present: (created: T) => P;
};

export const createOne = <B extends TSchema, C, T, P>(op: CreateOptions<B, C, T, P>): Operation<Static<B>> => {
  const { command, useCase, present, success, ...declared } = op;
  return operation({
    ...declared,
    method: 'post',
    success: { status: 201, ...success },
    async handle(ctx: Ctx, body: Static<B>) {
      const created = await useCase.execute(teamOf(ctx), command(body, ctx));
      ctx.status = 201;
      ctx.body = one(present(created));
    },
  });
};

/** PUT `…/:id`: the use case takes `{ id, changes }` (the body's change set, `changesOf`), its result is presented. */
export type UpdateOptions<B extends TSchema, C, T, P> = WithBody<B> & {
  changes: (body: Static<B>) => C;
  useCase: UseCase<{ id: string; changes: C }, T>;
  present: (updated: T) => P;
};

export const updateOne = <B extends TSchema, C, T, P>(op: UpdateOptions<B, C, T, P>): Operation<Static<B>> => {
  const { changes, useCase, present, success, ...declared } = op;
  return operation({
    ...declared,
    method: 'put',
    success: { status: 200, ...success },
    async handle(ctx: Ctx, body: Static<B>) {
      const id = pathId(ctx);
      ctx.body = one(present(await useCase.execute(teamOf(ctx), { id, changes: changes(body) })));
    },
  });
};

/** What a route of a `resource` still declares: `success` is only the answer's description. */
type OfResource<O> = Omit<O, 'path' | 'tag' | 'access' | 'success' | 'present'> & { success: string };

/**
 * The usual routes of one resource, from what they share: the collection's `path` (one item is `path/:id`),
 * the `tag`, and how an item is shown (`present`, and its documented `schema` under `name`). They take an
 * API key.
 */
export const resource = <T, P>(r: { path: string; tag: string; present: (item: T) => P; schema: Schema; name: string }) => {
  const shared = { tag: r.tag, access: 'key' as const, present: r.present };
  const shown = (description: string) => ({ description, data: r.schema, name: r.name });
  const item = `${r.path}/:id`;
  return {
    list: <S extends string, const F extends readonly QueryFilter[], X extends object>(op: OfResource<PageOptions<S, T, P, F, X>>) =>
      getPage<S, T, P, F, X>({ ...op, ...shared, path: r.path, success: shown(op.success) }),
    create: <B extends TSchema, C>(op: OfResource<CreateOptions<B, C, T, P>>) =>
      createOne<B, C, T, P>({ ...op, ...shared, path: r.path, success: shown(op.success) }),
    get: <const F extends readonly QueryFilter[]>(op: OfResource<ByIdOptions<T, P, F>>) =>
      getOne<T, P, F>({ ...op, ...shared, path: item, success: shown(op.success) }),
    update: <B extends TSchema, C>(op: OfResource<UpdateOptions<B, C, T, P>>) =>
      updateOne<B, C, T, P>({ ...op, ...shared, path: item, success: shown(op.success) }),
    /** A deletion answers what became of the item (deleted, archived…): its own presenter and schema. */
    delete: <U, Q>(op: Omit<ByIdOptions<U, Q, []>, 'path' | 'tag' | 'access' | 'filters'>) =>
      deleteOne<U, Q, []>({ ...op, tag: r.tag, access: 'key', path: item }),
  };
};
