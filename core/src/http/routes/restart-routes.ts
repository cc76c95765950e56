/**
 * POST /api/restart: restarts the service in place (the same process closes everything and starts
 * again, reading the environment, .env and the configuration anew), for the changes that need it
 * (GET /api/status `pending_restart`). Only a service started by `spindle serve` / `npm start` can
 * restart itself; one embedded otherwise answers 409. Mounted like every route: the request guard
 * and the login apply.
 */
import { ConflictError } from '@spindle/plugin-sdk';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export interface RestartDeps {
  /** Asks the launcher to restart; absent when the service cannot restart itself. */
  restart?: () => void;
}

export function restartRoutes(deps: RestartDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/restart',
      tag: 'system',
      operationId: 'restartService',
      summary: 'Restarts Spindle (running jobs stop and resume after the restart); answers before it goes down',
      status: 202,
      response: { type: 'object', required: ['restarting'], properties: { restarting: { const: true } } },
      errors: [409],
      handler: () => {
        const restart = deps.restart;
        if (!restart)
          throw new ConflictError(
            'restart_unavailable',
            'This Spindle cannot restart itself (it was not started with `spindle serve`); restart it the way it was started',
          );
        // After the answer is on its way: the restart closes the HTTP server.
        setTimeout(restart, 100);
        return { restarting: true as const };
      },
    }),
  ];
}
