/**
 * GET /api/asr-status with the whisper transcriber configured under pipeline.providers.transcriber:
 * the answer comes from the plugin's status(), with the spec's fields and clamps kept.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { physicalCoreCount } from '../core/src/asr/asr-environment.ts';
import { EMPTY_PIPELINE, startTestService, type TestService } from './support/service-harness.ts';

describe('ASR status with the whisper transcriber configured', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService({
      config: {
        pipeline: { ...EMPTY_PIPELINE, providers: { transcriber: ['whisper'] } },
        max_concurrent_matches: 64,
        // Nothing is built or downloaded here: status() only looks. Port 1 has no server.
        plugin_settings: {
          'transcriber-whisper': {
            model_base_url: 'http://127.0.0.1:1/models',
            build_cache_dir: join('/nonexistent', 'whisper-build'),
          },
        },
      },
    });
  });
  afterAll(() => t?.close());

  it('reports the whisper runtime truthfully: small model, CPU, not ready until built and downloaded', async () => {
    const res = await fetch(`${t.url}/api/asr-status`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      device: 'cpu',
      compute_type: 'float16',
      model: 'small',
      gpu_enabled: false,
      gpu_runtime_installed: false,
      ready: false,
    });
    expect(body.message).toMatch(/whisper-cli is built and the small model \(465 MB\) downloaded on first use/);
    expect(body.max_concurrent_matches).toBe(Math.min(64, await physicalCoreCount()));
    expect(['unavailable', 'available_not_installed', 'unsupported_os']).toContain(body.gpu_state);
  });
});
