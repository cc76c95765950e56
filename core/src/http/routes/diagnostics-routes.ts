/** GET /api/diagnostics/report: a sanitized bug report and a pre-filled GitHub issue link. */
import { buildDiagnosticsReport, type DiagnosticsSources } from '../../diagnostics/diagnostics-report.ts';
import { MAX_ISSUE_URL_LENGTH } from '../../diagnostics/issue-url.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export function diagnosticsRoutes(sources: DiagnosticsSources): RouteSpec[] {
  return [
    defineRoute<Record<string, never>, { job_id?: number }>({
      method: 'get',
      path: '/api/diagnostics/report',
      tag: 'diagnostics',
      summary:
        'A sanitized bug report (system, configuration, plugins, recent errors, optional job) and a pre-filled issue URL',
      operationId: 'getDiagnosticsReport',
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          job_id: {
            type: 'integer',
            minimum: 1,
            maximum: 2147483647,
            description: 'Adds this job’s state, error and timeline.',
          },
        },
      },
      response: {
        type: 'object',
        required: ['report', 'issue_url'],
        properties: {
          report: {
            type: 'string',
            description:
              'Markdown. Secrets are "***", the contribution pseudonym "<pseudonym>", the home directory "~".',
          },
          issue_url: {
            type: 'string',
            format: 'uri',
            description: `GitHub new-issue URL with title and body filled in; shorter than ${MAX_ISSUE_URL_LENGTH} characters (the body is truncated when needed).`,
          },
        },
      },
      errors: [404],
      handler: ({ query }) => buildDiagnosticsReport(sources, query.job_id),
    }),
  ];
}
