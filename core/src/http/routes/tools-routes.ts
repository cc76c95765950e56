/**
 * Tool validation and detection: POST /api/validate/ripper, POST /api/validate/media-tool,
 * GET /api/detect-tools. A wrong or missing tool is a 200 with `valid:false` (or `found:false`)
 * and a message — only a malformed request is a 4xx. A path named in the body is run only after
 * tool-path-check.ts accepted it (absolute, the tool's own name, not writable by everyone);
 * otherwise the answer is `valid:false` saying why, and nothing was started.
 */
import type { ConfigService } from '../../config/config-service.ts';
import { detectTools } from '../../tools/detect-tools.ts';
import { validateMediaTool } from '../../tools/media-tool-validation.ts';
import { validateRipper } from '../../tools/ripper-validation.ts';
import { findTool, type ToolSearchOptions } from '../../tools/tool-locations.ts';
import { untrustedToolPathProblem } from '../../tools/tool-path-check.ts';
import { defineRoute, type JsonSchema, type RouteSpec } from '../route-spec.ts';

export interface ToolsRouteDeps {
  config: ConfigService;
  /** Where detection looks (tests point it at temp folders); default: this machine. */
  search?: ToolSearchOptions;
  timeoutMs?: number;
}

interface PathBody {
  path?: string;
}

const pathBody = (tool: string, field: string): JsonSchema => ({
  type: 'object',
  additionalProperties: false,
  description: `Optional. Without a path, the configured ${field} is checked, else the auto-detected ${tool}.`,
  properties: {
    path: {
      type: 'string',
      minLength: 1,
      maxLength: 4096,
      description: `Absolute path of the ${tool} executable to check. It is run only when the file is called ${tool} (see the tool names), is not writable by everyone and belongs to root or Spindle's user; otherwise the answer is valid:false and nothing runs.`,
    },
  },
});

const common = {
  valid: { type: 'boolean' },
  path: {
    type: ['string', 'null'],
    description: 'The executable checked; null when none was given, configured or found.',
  },
  version: { type: ['string', 'null'] },
  message: { type: 'string', description: 'What was found, or why the tool cannot be used.' },
};

const ripperResponse: JsonSchema = {
  type: 'object',
  required: ['valid', 'path', 'version', 'license', 'message'],
  properties: {
    ...common,
    license: {
      enum: ['registered', 'evaluation', 'expired', 'unknown'],
      description:
        'expired: MakeMKV refuses to work (evaluation over or build too old); registered: a key is installed; evaluation: no key.',
    },
  },
};

const mediaToolResponse: JsonSchema = {
  type: 'object',
  required: ['valid', 'path', 'version', 'chromaprint', 'message'],
  properties: {
    ...common,
    chromaprint: { type: 'boolean', description: 'The build has the chromaprint muxer (required).' },
  },
};

const detected: JsonSchema = {
  type: 'object',
  required: ['found', 'path', 'version'],
  properties: { found: { type: 'boolean' }, path: { type: ['string', 'null'] }, version: { type: ['string', 'null'] } },
};

export function toolsRoutes(deps: ToolsRouteDeps): RouteSpec[] {
  const search = deps.search ?? {};
  const timing = deps.timeoutMs ? { timeoutMs: deps.timeoutMs } : {};
  const platform = search.platform ? { platform: search.platform } : {};
  return [
    defineRoute<Record<string, never>, Record<string, never>, PathBody | undefined>({
      method: 'post',
      path: '/api/validate/ripper',
      tag: 'tools',
      summary: 'Checks a MakeMKV installation: it runs, its version, its license state',
      operationId: 'validateRipper',
      body: pathBody('makemkvcon', 'ripper_path'),
      bodyOptional: true,
      response: ripperResponse,
      handler: async ({ body }) => {
        const config = deps.config.get();
        const refused =
          body?.path !== undefined ? await untrustedToolPathProblem(body.path, 'ripper', search.platform) : null;
        if (refused)
          return { valid: false, path: body!.path!, version: null, license: 'unknown' as const, message: refused };
        const file = body?.path ?? config.ripper_path ?? (await findTool('ripper', search));
        return validateRipper(file, {
          keyConfigured: config.ripper_key !== null,
          ...(search.homeDir ? { homeDir: search.homeDir } : {}),
          ...platform,
          ...timing,
        });
      },
    }),
    defineRoute<Record<string, never>, Record<string, never>, PathBody | undefined>({
      method: 'post',
      path: '/api/validate/media-tool',
      tag: 'tools',
      summary: 'Checks an ffmpeg installation: it runs, its version, and the chromaprint muxer',
      operationId: 'validateMediaTool',
      body: pathBody('ffmpeg', 'media_tool_path'),
      bodyOptional: true,
      response: mediaToolResponse,
      handler: async ({ body }) => {
        const refused =
          body?.path !== undefined ? await untrustedToolPathProblem(body.path, 'media_tool', search.platform) : null;
        if (refused) return { valid: false, path: body!.path!, version: null, chromaprint: false, message: refused };
        const file = body?.path ?? deps.config.get().media_tool_path ?? (await findTool('media_tool', search));
        return validateMediaTool(file, { ...platform, ...timing });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/detect-tools',
      tag: 'tools',
      summary: 'Looks for makemkvcon and ffmpeg on PATH and in the platform’s usual install folders',
      operationId: 'detectTools',
      response: {
        type: 'object',
        required: ['ripper', 'media_tool'],
        properties: { ripper: detected, media_tool: detected },
      },
      handler: () => detectTools({ ...search, ...timing }),
    }),
  ];
}
