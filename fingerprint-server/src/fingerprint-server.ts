/**
 * Assembles the server: database, stores, services, Koa app, HTTP listener. Stateless apart from
 * the database, so several instances can share one PostgreSQL database behind a load balancer.
 * Koa runs with `proxy: false` and nothing reads the peer address: no client IP is stored or logged.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { errorMiddleware, jsonNotFound } from '@spindle/http-kit';
import Koa from 'koa';
import { ContributionService } from './contribution-service.ts';
import { accessLog } from './http/access-log.ts';
import { buildRouter } from './http/routes.ts';
import { IdentifyService } from './identify/identify-service.ts';
import { PromotionService } from './identify/promotion-service.ts';
import { CanonicalStore } from './persistence/canonical-store.ts';
import { ContributionStore } from './persistence/contribution-store.ts';
import { openServerDatabase, type ServerDatabase } from './persistence/database.ts';
import { NetworkLimiter } from './persistence/network-limiter.ts';
import { PseudonymRateLimiter } from './persistence/rate-limiter.ts';
import type { FingerprintServerSettings } from './server-settings.ts';

/** Long enough for a fingerprint in the identify query string (≈10 KB percent-encoded). */
const MAX_HEADER_BYTES = 64 * 1024;
/** A client that trickles its headers or body is cut off after these (slow-request floods). */
const HEADERS_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 20_000;

export interface ServerOptions {
  /** The clock of rate windows and contribution times (tests move it). */
  now?: () => number;
}

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
  options: ServerOptions = {},
): Promise<RunningFingerprintServer> {
  const now = options.now ?? (() => Date.now());
  const db = await openServerDatabase(settings.databaseUrl);
  const contributions = new ContributionStore(db.orm, now);
  const canonical = new CanonicalStore(db.orm);
  const promotion = new PromotionService(contributions, canonical, {
    minConfidence: settings.minPromotionConfidence,
    releases: settings.promotionReleases,
    pseudonyms: settings.promotionPseudonyms,
    spreadSeconds: settings.promotionSpreadSeconds,
    maxConflicts: settings.maxConflicts,
  });
  const limiter = new PseudonymRateLimiter(
    db.orm,
    db.dialect,
    settings.contributionsPerWindow,
    settings.rateWindowSeconds,
    now,
  );
  const network = new NetworkLimiter(
    db.orm,
    { requestsPerMinute: settings.globalRequestsPerMinute, storedBytesPerMinute: settings.globalStoredBytesPerMinute },
    now,
  );
  const identify = new IdentifyService(canonical, settings.requestBudgetMs);
  const service = new ContributionService(contributions, promotion, limiter, network, identify, {
    budgetMs: settings.requestBudgetMs,
  });
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();

  const app = new Koa({ proxy: false });
  app.silent = true;
  app.use(accessLog(log));
  app.use(
    errorMiddleware({
      internalMessage: 'Internal error; the server log has the details',
      onServerError: (ctx, error) =>
        log(
          `error ${ctx.method} ${ctx.path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        ),
    }),
  );
  app.use(jsonNotFound());
  const router = buildRouter({
    contributions: service,
    identify,
    maxBodyBytes: settings.maxBodyBytes,
    health: async () => {
      const counts = await contributions.counts();
      return {
        canonical_fingerprints: await canonical.count(),
        episode_contributions: counts.episodes,
        disc_contributions: counts.discs,
        database: db.dialect,
        // How long the event loop was held at worst since start (a stall delays every request).
        event_loop_delay_ms: {
          p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
          max: Math.round(loopDelay.max / 1e4) / 100,
        },
      };
    },
  });
  app.use(router.routes());
  app.use(router.allowedMethods());

  const server: Server = createServer(
    { maxHeaderSize: MAX_HEADER_BYTES, headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    app.callback(),
  );
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => resolve());
    });
  } catch (error) {
    loopDelay.disable();
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
      loopDelay.disable();
      await db.close();
    },
  };
}
