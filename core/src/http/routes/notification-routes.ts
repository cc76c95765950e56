/** POST /api/notifications/test: a test message through every configured notifier (or one), with each outcome. */
import { NotFoundError } from '@spindle/plugin-sdk';
import type { NotificationService } from '../../notifications/notification-service.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

interface TestBody {
  notifier?: string;
}

const resultSchema = {
  type: 'object',
  required: ['notifier', 'plugin', 'target', 'status', 'attempts', 'message'],
  properties: {
    notifier: { type: 'string', description: 'implementation id, e.g. "discord"' },
    plugin: { type: 'string' },
    target: { type: ['string', 'null'], description: 'host it sends to (never a token)' },
    status: { enum: ['sent', 'failed', 'skipped'], description: 'skipped: the notifier has no destination set' },
    attempts: { type: 'integer' },
    message: { type: ['string', 'null'], description: 'why it failed or was skipped' },
  },
};

export function notificationRoutes(notifications: NotificationService): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, Record<string, never>, TestBody | undefined>({
      method: 'post',
      path: '/api/notifications/test',
      tag: 'config',
      operationId: 'testNotifications',
      summary: 'Sends a test notification through every configured notifier, or only the one named; one attempt each',
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          notifier: {
            type: 'string',
            pattern: '^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$',
            maxLength: 64,
            description: 'a notifier id from pipeline.providers.notifier',
          },
        },
      },
      bodyOptional: true,
      response: {
        type: 'object',
        required: ['results'],
        properties: { results: { type: 'array', items: resultSchema } },
      },
      errors: [400, 404],
      handler: async ({ body }) => {
        const id = body?.notifier;
        if (id !== undefined && !notifications.notifierIds().includes(id)) {
          throw new NotFoundError(
            'notifier_not_found',
            `No notifier "${id}" is configured; configured: ${notifications.notifierIds().join(', ') || 'none'} (pipeline.providers.notifier)`,
          );
        }
        return { results: await notifications.test(id) };
      },
    }),
  ];
}
