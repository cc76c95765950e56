/**
 * What startService hands its caller (the CLI, the test harness): the address it listens on and
 * the services a caller drives or watches, read from the container (service-view.ts).
 */
import type { DependencyContainer } from 'tsyringe';
import type { ServiceView } from './service-view.ts';
import { pickServices } from './service-view.ts';

export type RunningService = Pick<
  ServiceView,
  'settings' | 'db' | 'config' | 'jobService' | 'runner' | 'registry' | 'bus' | 'gateway' | 'logs'
> & {
  url: string;
  port: number;
  container: DependencyContainer;
  /** The fingerprint network's local side: queues, audit log, uploader, privacy controls. */
  fingerprint: ServiceView['fingerprint'];
  /** Contributors run after a job completes, in the background (`busy`, `settled()`). */
  contributors: ServiceView['contributors'];
  close(): Promise<void>;
};

export function runningService(
  c: DependencyContainer,
  started: { url: string; port: number; close(): Promise<void> },
): RunningService {
  return {
    ...pickServices(c, 'settings', 'db', 'config', 'jobService', 'runner', 'registry', 'bus', 'gateway', 'logs'),
    ...pickServices(c, 'fingerprint', 'contributors'),
    ...started,
    container: c,
  };
}
