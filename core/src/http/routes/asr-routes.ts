/** GET /api/asr-status: the resolved speech-recognition runtime (the spec's ASR status object). */
import type { Transcriber } from '@spindle/plugin-sdk';
import { gatherAsrFacts, type GpuProbeOptions } from '../../asr/asr-environment.ts';
import { ASR_COMPUTE_TYPE, ASR_MODEL, resolveAsrStatus } from '../../asr/asr-status.ts';
import type { ConfigService } from '../../config/config-service.ts';
import { defineRoute, type RouteSpec } from '../route-spec.ts';

export interface AsrRouteDeps {
  config: ConfigService;
  /** max_concurrent_matches as configured when the service started (changes apply after a restart). */
  configuredAtStart?: number;
  /** Where the GPU probe looks (tests); default: this machine. */
  gpuProbe?: GpuProbeOptions;
  /** The configured transcriber (`pipeline.providers.transcriber`), asked for its status on each request. */
  transcriber?: () => Transcriber | null;
}

const GPU_STATES = [
  'active',
  'available_not_enabled',
  'available_not_installed',
  'downloading',
  'installing',
  'unsupported_os',
  'unavailable',
];

export function asrRoutes(deps: AsrRouteDeps): RouteSpec[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/asr-status',
      tag: 'system',
      summary: 'The speech-recognition runtime matching will use: device, model, parallelism, GPU state',
      operationId: 'getAsrStatus',
      response: {
        type: 'object',
        additionalProperties: false,
        required: [
          'device',
          'compute_type',
          'model',
          'workers',
          'cpu_threads',
          'max_concurrent_matches',
          'gpu_detected',
          'gpu_enabled',
          'gpu_runtime_installed',
          'gpu_state',
        ],
        properties: {
          device: { enum: ['cpu', 'cuda'], description: 'The effective device.' },
          compute_type: {
            type: 'string',
            description: `Precision of the model weights (${ASR_COMPUTE_TYPE} for ggml-${ASR_MODEL}.bin), as the configured transcriber reports it.`,
          },
          model: {
            type: 'string',
            description: `The fixed speech model (${ASR_MODEL}), as the configured transcriber reports it.`,
          },
          workers: {
            type: 'integer',
            minimum: 1,
            description: 'Transcriptions run in parallel (one per title being matched).',
          },
          cpu_threads: {
            type: ['integer', 'null'],
            minimum: 1,
            description: 'Threads per transcription on CPU; null on GPU.',
          },
          max_concurrent_matches: {
            type: 'integer',
            minimum: 1,
            description:
              'The configured value clamped to the physical cores on CPU, to 4 on GPU. Changes apply after a restart.',
          },
          gpu_detected: { type: 'boolean' },
          gpu_enabled: { type: 'boolean' },
          gpu_runtime_installed: { type: 'boolean' },
          gpu_state: { enum: GPU_STATES, description: 'installing while the transcriber builds its CUDA runtime.' },
          ready: {
            type: 'boolean',
            description: 'With a configured transcriber: it can transcribe now (runtime built, model downloaded).',
          },
          message: {
            type: ['string', 'null'],
            description:
              'With a configured transcriber: what it is doing (building, downloading with progress) or what went wrong; null when ready.',
          },
        },
      },
      handler: async () =>
        resolveAsrStatus(
          await gatherAsrFacts(deps.configuredAtStart ?? deps.config.get().max_concurrent_matches, deps.gpuProbe),
          deps.transcriber?.()?.status() ?? null,
        ),
    }),
  ];
}
