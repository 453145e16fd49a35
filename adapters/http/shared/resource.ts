import { Static, TObject, TProperties, TSchema } from '@sinclair/typebox';
import { ListQuery, Page } from '../../../domain/shared/list';
import { TeamContext } from '../../../domain/shared/team';
import { listParameters } from './documented';
import { many, one } from './envelope';
import { BodyExamples, Operation, Schema, SuccessDoc, operation } from './operation';
import { Ctx, ListOptions, listQuery, pathId, teamOf } from './params';
import { NoQuery, QueryValues, queryParameters, queryReader } from './query';

// The usual operations on a resource, each declared once like any other `operation`: read one, read a
// page, create, change, delete. The builder writes the handler (the command from the path, query or
// body, the use case, the presenter, the envelope); the declaration keeps everything the document shows.

/** What a builder leaves to the declaration: everything but the method, the handler and the success status. */
type Declared = Omit<Operation, 'method' | 'handle' | 'success' | 'body'> & { success: Omit<SuccessDoc, 'status' | 'list'> };

type UseCase<C, T> = { execute: (team: TeamContext, command: C) => Promise<T> };

/**
 * The query parameters a route reads into its command (filters, a scope), declared like a body: a TypeBox
 * object of `Q` schemas, which gives both their documented parameters and their reader (`shared/query.ts`).
 */
type WithQuery<Q extends TProperties> = { query?: TObject<Q> };

/** No part of the path for the command, beyond the item's id. */
type NoScope = Record<never, never>;

export type ByIdOptions<T, P, Q extends TProperties> = Declared &
  WithQuery<Q> & {
    useCase: UseCase<NoInfer<{ id: string } & QueryValues<Q>>, T>;
    present: (result: T) => P;
  };

const byId = <T, P, Q extends TProperties>(method: 'get' | 'delete', op: ByIdOptions<T, P, Q>): Operation => {
  const { query, useCase, present, success, ...declared } = op;
  const read = queryReader(query);
  return operation({
    ...declared,
    method,
    parameters: [...(declared.parameters ?? []), ...queryParameters(query)],
    success: { status: 200, ...success },
    async handle(ctx: Ctx) {
      const command = { id: pathId(ctx), ...read(ctx) };
      ctx.body = one(present(await useCase.execute(teamOf(ctx), command)));
    },
  });
};

/** GET `…/:id`: the use case takes `{ id }` (and the query's values), its result is presented. */
export const getOne = <T, P, Q extends TProperties = NoQuery>(op: ByIdOptions<T, P, Q>): Operation => byId('get', op);

/** DELETE `…/:id`: the use case takes `{ id }`, and what it answers (the record deleted, archived…) is presented. */
export const deleteOne = <T, P, Q extends TProperties = NoQuery>(op: ByIdOptions<T, P, Q>): Operation => byId('delete', op);

/**
 * GET of a page: `page`, `limit`, `sort` and `search` (`list`), then the declared `query`, are documented in
 * that order and read in that order into the command, with the path's part (`scope`) and the list's own
 * parameters as `query`; `many` answers.
 */
export type PageOptions<S extends string, T, P, Q extends TProperties, X extends object> = Declared &
  WithQuery<Q> & {
    list: ListOptions<S>;
    /** What the path names, for the command: `(ctx: Ctx) => ({ projectId: pathId(ctx) })` of `/projects/:id/leads`. */
    scope?: (ctx: Ctx) => X;
    useCase: UseCase<NoInfer<X & QueryValues<Q> & { query: ListQuery<S> }>, Page<T>>;
    present: (item: T) => P;
  };

export const getPage = <S extends string, T, P, Q extends TProperties = NoQuery, X extends object = NoScope>(
  op: PageOptions<S, T, P, Q, X>,
): Operation => {
  const { list, query: declaredQuery, scope, useCase, present, success, ...declared } = op;
  const read = queryReader(declaredQuery);
  return operation({
    ...declared,
    method: 'get',
    parameters: [...listParameters(list), ...queryParameters(declaredQuery)],
    success: { status: 200, list: true, ...success },
    async handle(ctx: Ctx) {
      const query = listQuery(ctx, list);
      const command = { ...(scope?.(ctx) as X), ...read(ctx), query };
      ctx.body = many(await useCase.execute(teamOf(ctx), command), query, present);
    },
  });
};

type WithBody<B extends TSchema> = Declared & { body: { schema: B; description?: string; example?: unknown; examples?: BodyExamples } };

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
export const resource = <T, P>(r: {
  path: string;
  tag: string;
  present: (item: T) => P;
  schema: Schema;
  name: string;
  /** The `:id` of the item routes' examples, unless one says otherwise: a record of the demo team. */
  exampleId?: string;
  /** The other path parameters' examples (the project of `/projects/:id/leads`). */
  pathExamples?: Record<string, string>;
}) => {
  const shared = { tag: r.tag, access: 'key' as const, present: r.present };
  const shown = (description: string) => ({ description, data: r.schema, name: r.name });
  const item = `${r.path}/:id`;
  const onPath = (op: { pathExamples?: Record<string, string> }) => ({ pathExamples: { ...r.pathExamples, ...op.pathExamples } });
  const onItem = (op: { pathExamples?: Record<string, string> }) => ({
    pathExamples: { ...r.pathExamples, ...(r.exampleId !== undefined ? { id: r.exampleId } : {}), ...op.pathExamples },
  });
  return {
    list: <S extends string, Q extends TProperties = NoQuery, X extends object = NoScope>(op: OfResource<PageOptions<S, T, P, Q, X>>) =>
      getPage<S, T, P, Q, X>({ ...op, ...shared, ...onPath(op), path: r.path, success: shown(op.success) }),
    create: <B extends TSchema, C>(op: OfResource<CreateOptions<B, C, T, P>>) =>
      createOne<B, C, T, P>({ ...op, ...shared, ...onPath(op), path: r.path, success: shown(op.success) }),
    get: <Q extends TProperties = NoQuery>(op: OfResource<ByIdOptions<T, P, Q>>) =>
      getOne<T, P, Q>({ ...op, ...shared, ...onItem(op), path: item, success: shown(op.success) }),
    update: <B extends TSchema, C>(op: OfResource<UpdateOptions<B, C, T, P>>) =>
      updateOne<B, C, T, P>({ ...op, ...shared, ...onItem(op), path: item, success: shown(op.success) }),
    /** A deletion answers what became of the item (deleted, archived…): its own presenter and schema. */
    delete: <U, Shown>(op: Omit<ByIdOptions<U, Shown, NoQuery>, 'path' | 'tag' | 'access' | 'query'>) =>
      deleteOne<U, Shown, NoQuery>({ ...op, ...onItem(op), tag: r.tag, access: 'key', path: item }),
  };
};
