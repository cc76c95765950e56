/**
 * Assembles the server: database, stores, services, Koa app, HTTP listener. Stateless apart from
 * the database, so several instances can share one PostgreSQL database behind a load balancer.
 * Koa runs with `proxy: false` and nothing reads the peer address: no client IP is stored or logged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { ContributionService } from './contribution-service.ts';
import { errorMiddleware } from './http/api-error.ts';
import { buildRouter } from './http/routes.ts';
import { IdentifyService } from './identify/identify-service.ts';
import { PromotionService } from './identify/promotion-service.ts';
import { CanonicalStore } from './persistence/canonical-store.ts';
import { ContributionStore } from './persistence/contribution-store.ts';
import { openServerDatabase, type ServerDatabase } from './persistence/database.ts';
import { PseudonymRateLimiter } from './persistence/rate-limiter.ts';
import type { FingerprintServerSettings } from './server-settings.ts';

/** Long enough for a fingerprint in the identify query string (≈10 KB percent-encoded). */
const MAX_HEADER_BYTES = 64 * 1024;

export interface RunningFingerprintServer {
  url: string;
  port: number;
  db: ServerDatabase;
  canonical: CanonicalStore;
  contributions: ContributionStore;
  identify: IdentifyService;
  close(): Promise<void>;
}

export async function startFingerprintServer(
  settings: FingerprintServerSettings,
  log: (line: string) => void = (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`),
): Promise<RunningFingerprintServer> {
  const db = await openServerDatabase(settings.databaseUrl);
  const contributions = new ContributionStore(db.orm);
  const canonical = new CanonicalStore(db.orm);
  const promotion = new PromotionService(contributions, canonical, { minConfidence: settings.minPromotionConfidence, releases: settings.promotionReleases });
  const limiter = new PseudonymRateLimiter(db.orm, db.dialect, settings.contributionsPerWindow, settings.rateWindowSeconds);
  const identify = new IdentifyService(canonical);
  const service = new ContributionService(contributions, promotion, limiter);

  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(errorMiddleware(log));
  const router = buildRouter({
    contributions: service,
    identify,
    maxBodyBytes: settings.maxBodyBytes,
    health: async () => {
      const counts = await contributions.counts();
      return { canonical_fingerprints: await canonical.count(), episode_contributions: counts.episodes, disc_contributions: counts.discs, database: db.dialect };
    },
  });
  app.use(router.routes());
  app.use(router.allowedMethods());

  const server: Server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, app.callback());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => resolve());
    });
  } catch (error) {
    await db.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}`;
  return {
    url,
    port,
    db,
    canonical,
    contributions,
    identify,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await db.close();
    },
  };
}
