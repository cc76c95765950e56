/**
 * The container's composition fails fast at startup, naming what is missing: a module needing a
 * token no earlier module provides, a module not registering what it declares, or a service
 * asking for an unregistered token. And the module list accounts for every token exactly once.
 */
import 'reflect-metadata';
import { container as root, type DependencyContainer } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { SERVICE_MODULES } from '../../src/app/modules/service-modules.ts';
import { pickServices } from '../../src/app/service-view.ts';
import { composeModules, provide, provideValue, type ContainerModule } from '../../src/container/container-module.ts';
import { Tokens, type Token } from '../../src/container/tokens.ts';
import { JobService } from '../../src/jobs/job-service.ts';
import { StepProbes } from '../../src/pipeline/step-probes.ts';

/** What app/container-seeds.ts seeds before composing. */
const SEEDS: Token[] = [
  Tokens.ServerSettings,
  Tokens.StartOptions,
  Tokens.StartedAt,
  Tokens.LogSink,
  Tokens.SecretRedactor,
  Tokens.Logger,
  Tokens.EventBus,
  Tokens.Clock,
  Tokens.Shutdown,
];

function seeded(): DependencyContainer {
  const c = root.createChildContainer();
  for (const token of SEEDS) provideValue(c, token, { seed: token.description });
  return c;
}

describe('container composition', () => {
  it('refuses to start when a module is left out, naming the tokens nobody provided', async () => {
    const withoutPersistence = SERVICE_MODULES.filter((m) => m.name !== 'persistence');
    await expect(composeModules(seeded(), withoutPersistence)).rejects.toThrow(
      /container module "plugins" needs Tokens\.Database, Tokens\.ConfigService, which no earlier module provides/,
    );
  });

  it('refuses a module that does not register what it declares', async () => {
    const forgetful: ContainerModule = {
      name: 'forgetful',
      needs: [Tokens.Logger],
      provides: [Tokens.JobCommands],
      register: () => undefined,
    };
    await expect(composeModules(seeded(), [forgetful])).rejects.toThrow(
      'container module "forgetful" declares Tokens.JobCommands but did not register it',
    );
  });

  it('builds every provided service at startup, so a constructor asking for an unregistered token fails there, named', async () => {
    // JobService injects Tokens.JobLifecycle; this module forgot to provide it.
    const jobs: ContainerModule = {
      name: 'jobs',
      needs: [Tokens.EventBus, Tokens.Clock, Tokens.Logger],
      provides: [Tokens.JobRepository, Tokens.TitleRepository, Tokens.JobService],
      register(c) {
        provideValue(c, Tokens.JobRepository, {});
        provideValue(c, Tokens.TitleRepository, {});
        c.registerSingleton(Tokens.JobService, JobService);
      },
    };
    const failure = await composeModules(seeded(), [jobs]).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/container module "jobs" could not build Tokens\.JobService/);
    expect(failure?.message).toContain('JobLifecycle');
  });

  it('a service built from a deps object (pickServices) fails there too, naming the token it lacks', async () => {
    // The module forgot to provide Tokens.ProviderTable, one of the services StepProbes picks.
    const probes: ContainerModule = {
      name: 'probes',
      needs: [],
      provides: [Tokens.StepProbes],
      register(c) {
        provide(
          c,
          Tokens.StepProbes,
          () => new StepProbes(pickServices(c, 'providers', 'runner', 'jobs', 'titles', 'subtitles', 'config')),
        );
      },
    };
    const failure = await composeModules(seeded(), [probes]).then(
      () => null,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/container module "probes" could not build Tokens\.StepProbes/);
    expect(failure?.message).toContain('ProviderTable');
  });

  it('accounts for every token exactly once: seeded by service-host or provided by one module, each needed token provided earlier', () => {
    const providedBy = new Map<Token, string>(SEEDS.map((t) => [t, 'seeds']));
    for (const module of SERVICE_MODULES) {
      for (const need of module.needs)
        expect(providedBy.has(need), `${module.name} needs ${need.description}`).toBe(true);
      for (const token of module.provides) {
        expect(providedBy.get(token), `${token.description} provided twice`).toBeUndefined();
        providedBy.set(token, module.name);
      }
    }
    expect([...providedBy.keys()].map((t) => t.description).sort()).toEqual(
      Object.values(Tokens)
        .map((t) => t.description)
        .sort(),
    );
    expect(SERVICE_MODULES.map((m) => m.name)).toEqual(['persistence', 'plugins', 'after-job', 'pipeline', 'http']);
  });
});
