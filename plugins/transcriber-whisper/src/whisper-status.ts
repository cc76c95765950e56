/**
 * What the whisper transcriber reports through status() (GET /api/asr-status): what it is doing
 * right now (building, downloading and how far), the last problem of each part, or what first use
 * will do.
 */
import type { TranscriberStatus } from '@spindle/plugin-sdk';
import { computeTypeOfFtype, type ModelSpec } from './model-spec.ts';
import type { BuildVariant } from './whisper-build.ts';

export interface Activity {
  activity: 'building' | 'downloading';
  progress: number | null;
  message: string;
}

/** Sizes are shown in MiB, labelled MB as the spec does ("about 465 MB"). */
const MB = 1024 * 1024;

/** The facts status() is made of, gathered by the transcriber. */
export interface StatusFacts {
  /** whisper-cli is built and the model is on disk. */
  ready: boolean;
  variant: BuildVariant | null;
  ftype: number | null;
  spec: ModelSpec;
  current: Activity | null;
  problems: { build: string | null; model: string | null };
  gpu: { detected: boolean; enabled: boolean; runtimeInstalled: boolean };
}

export function describeStatus(facts: StatusFacts): TranscriberStatus {
  const { ready, spec, current, problems } = facts;
  const idle = ready
    ? null
    : `whisper-cli is built and the ${spec.name} model (${Math.round(spec.sizeBytes / MB)} MB) downloaded on first use`;
  return {
    device: facts.variant === 'cuda' ? 'cuda' : 'cpu',
    computeType: computeTypeOfFtype(facts.ftype),
    model: spec.name,
    ready: ready && current === null,
    message: current?.message ?? problems.model ?? problems.build ?? idle,
    activity: current?.activity ?? null,
    progress: current?.progress ?? null,
    gpu: facts.gpu,
  };
}

/** The activity shown while the model downloads. */
export function downloadActivity(p: { fraction: number; receivedBytes: number; totalBytes: number }): Activity {
  return {
    activity: 'downloading',
    progress: p.fraction,
    message: `downloading the speech model: ${Math.floor(p.fraction * 100)}% (${Math.round(p.receivedBytes / MB)} of ${Math.round(p.totalBytes / MB)} MB)`,
  };
}
