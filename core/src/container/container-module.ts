/**
 * A container module: a named group of services that declares the tokens it needs from earlier
 * modules (the seeds, app/container-seeds.ts, are there for every module and are not listed) and
 * the tokens it provides. `composeModules` registers
 * them in order and fails fast, naming the missing registration, when a module needs something no
 * one provided, forgets to provide what it declared, or a service asks for an unregistered token.
 */
import { instanceCachingFactory, type DependencyContainer } from 'tsyringe';
import { tokenName, type Token } from './tokens.ts';
import { errorMessage } from '@spindle/plugin-sdk';

export interface ContainerModule {
  name: string;
  needs: readonly Token[];
  provides: readonly Token[];
  /** Registers the provided tokens (may do asynchronous start-up work such as opening the database). */
  register(container: DependencyContainer): void | Promise<void>;
}

export class CompositionError extends Error {
  override name = 'CompositionError';
}

/** Registers a singleton built on first resolve (classes taking one deps object, built by their module). */
export function provide<T>(container: DependencyContainer, token: Token, build: (c: DependencyContainer) => T): void {
  container.register(token, { useFactory: instanceCachingFactory(build) });
}

/** Registers a value already built (opened, loaded or started). */
export function provideValue<T>(container: DependencyContainer, token: Token, value: T): void {
  container.register(token, { useValue: value });
}

export async function composeModules(
  container: DependencyContainer,
  modules: readonly ContainerModule[],
): Promise<void> {
  for (const module of modules) {
    const missing = module.needs.filter((token) => !container.isRegistered(token, true));
    if (missing.length > 0) {
      throw new CompositionError(
        `container module "${module.name}" needs ${missing.map(tokenName).join(', ')}, which no earlier module provides`,
      );
    }
    await module.register(container);
    for (const token of module.provides) {
      if (!container.isRegistered(token, true))
        throw new CompositionError(
          `container module "${module.name}" declares ${tokenName(token)} but did not register it`,
        );
      try {
        // Built now, in module order: a service asking for an unregistered token fails here, at startup.
        container.resolve(token);
      } catch (error) {
        const reason = errorMessage(error);
        throw new CompositionError(`container module "${module.name}" could not build ${tokenName(token)}: ${reason}`);
      }
    }
  }
}
