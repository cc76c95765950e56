/** Builds the core's fingerprint-network services from the server settings (one call from the composition root). */
import type { Logger } from '@spindle/plugin-sdk';
import type { ConfigService } from '../config/config-service.ts';
import type { ServerSettings } from '../config/server-settings.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { MikroORM } from '@mikro-orm/sqlite';
import { auditLogPath, ContributionAuditLog } from './contribution-audit-log.ts';
import { ContributionQueue } from './contribution-queue.ts';
import { ContributionUploader } from './contribution-uploader.ts';
import { FingerprintPrivacy } from './fingerprint-privacy.ts';
import { HostFingerprintNetwork } from './host-fingerprint-network.ts';
import { FingerprintNetworkClient } from './network-client.ts';

export interface FingerprintServices {
  queue: ContributionQueue;
  auditLog: ContributionAuditLog;
  uploader: ContributionUploader;
  privacy: FingerprintPrivacy;
  port: HostFingerprintNetwork;
  /** Re-tags queued rows with the current pseudonym (a crash may have split a rotation) and starts polling. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createFingerprintServices(deps: {
  orm: MikroORM;
  settings: ServerSettings;
  config: ConfigService;
  bus: EventBus;
  logger: Logger;
  appVersion: string;
}): FingerprintServices {
  const { settings, config } = deps;
  const queue = new ContributionQueue(deps.orm);
  const auditLog = new ContributionAuditLog(auditLogPath(settings.dataDir));
  const client = settings.fingerprintServerUrl
    ? new FingerprintNetworkClient(settings.fingerprintServerUrl, `Spindle/${deps.appVersion}`, undefined, {
        allowLinkLocal: settings.allowLinkLocalRequests,
      })
    : null;
  const uploader = new ContributionUploader({
    queue,
    auditLog,
    client,
    config,
    bus: deps.bus,
    logger: deps.logger,
    clientVersion: deps.appVersion,
    intervalMs: settings.fingerprintUploadIntervalSeconds * 1000,
  });
  const privacy = new FingerprintPrivacy({ config, queue, uploader, client });
  const port = new HostFingerprintNetwork(queue, config, client, deps.appVersion);
  let unsubscribe: (() => void) | null = null;
  return {
    queue,
    auditLog,
    uploader,
    privacy,
    port,
    async start() {
      await queue.retag(config.get().contribution_pseudonym);
      unsubscribe = config.onChange((changed) => uploader.configChanged(changed));
      uploader.start();
    },
    async stop() {
      unsubscribe?.();
      await uploader.stop();
    },
  };
}
