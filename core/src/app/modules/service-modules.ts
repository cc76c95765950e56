/**
 * The container's modules, in the order they are composed (each needs only what the seeds and
 * the modules before it provide). ARCHITECTURE.md lists what each provides.
 */
import type { ContainerModule } from '../../container/container-module.ts';
import { afterJobModule } from './after-job-module.ts';
import { httpModule } from './http-module.ts';
import { persistenceModule } from './persistence-module.ts';
import { pipelineModule } from './pipeline-module.ts';
import { pluginsModule } from './plugins-module.ts';

export const SERVICE_MODULES: readonly ContainerModule[] = [
  persistenceModule,
  pluginsModule,
  afterJobModule,
  pipelineModule,
  httpModule,
];
