import { Bind, ResolvedValueInjectOptions, ServiceIdentifier } from 'inversify';

// Any constructor: with `unknown[]` parameters a class whose constructor takes typed ones would not fit.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Class = new (...args: any[]) => unknown;

/** What to resolve for each parameter, in order; optional trailing parameters may be left to their defaults. */
type Deps<A extends unknown[]> = { [K in keyof A]: ResolvedValueInjectOptions<A[K]> };

/** A service resolved when the function is called, not when what it is given to is built. */
export type Later<T> = () => T;

/**
 * What a module binds with: `bind`, used as `toResolvedValue(factory, [tokens])` (or `toConstantValue` for a
 * constant), and shorthands for its common cases. Plain functions, so that a module can destructure them.
 */
export interface Wiring {
  bind: Bind;
  /**
   * One instance of `cls` per container, built from `deps` in the order of its constructor's parameters,
   * bound to `cls` itself, or to `as` (the port it implements).
   */
  singleton: <C extends Class>(cls: C, deps: Deps<ConstructorParameters<C>>, as?: ServiceIdentifier) => void;
  /** A token for `{ name: service, … }`: the use cases a route module or a command group takes. */
  services: <S extends Record<string, Class>>(shape: S) => ServiceIdentifier<{ [K in keyof S]: InstanceType<S[K]> }>;
  /**
   * A token for `() => service`, which resolves `target` when it is called: for what may not be built with
   * the one it is given to (a construction cycle, or commands that are declared without a runtime). It is
   * a factory binding, the one place where the resolution context is asked for a service after the fact.
   */
  later: <T>(target: ServiceIdentifier<T>) => ServiceIdentifier<Later<T>>;
}

export function wiring(bind: Bind): Wiring {
  return {
    bind,
    singleton: (cls, deps, as = cls) => {
      bind(as)
        .toResolvedValue((...args: unknown[]) => new cls(...args), deps as never)
        .inSingletonScope();
    },
    services: (shape) => {
      const token = Symbol('services');
      const names = Object.keys(shape);
      bind(token).toResolvedValue(
        (...services: unknown[]) => Object.fromEntries(names.map((name, i) => [name, services[i]])),
        names.map((name) => shape[name]),
      );
      return token;
    },
    later: <T>(target: ServiceIdentifier<T>) => {
      const token = Symbol('later');
      bind<Later<T>>(token).toFactory((ctx) => () => ctx.get(target));
      return token;
    },
  };
}

/**
 * A function whose module is loaded on its first call, for what only the HTTP app calls (the contexts' route
 * modules): the operator CLI builds the same contexts, and never loads the routes, their schemas or their
 * validators. `load` requires the module, so that the context file does not import it.
 */
export function onFirstCall<A extends unknown[], R>(load: () => (...args: A) => R): (...args: A) => R {
  return (...args) => load()(...args);
}
