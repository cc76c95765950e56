import type { Conditioning } from './audio-chunks.ts';

/** Log-odds nudges for evidence the fitted calibration does not cover (the rest is fitted). */
export interface ComponentWeights {
  separation?: number;
  vote_consensus?: number;
  coverage?: number;
  runtime_agreement: number;
  disc_order_prior: number;
}

export interface AsrMatcherSettings {
  chunk_seconds: number;
  max_chunks: number;
  min_chunks: number;
  skip_start_seconds: number;
  skip_end_seconds: number;
  window_seconds: number;
  vote_margin: number;
  min_similarity: number;
  early_stop_votes: number;
  min_transcript_words: number;
  weights: ComponentWeights;
  /** An extra is matched as an episode only at this confidence (or the auto-accept threshold, if higher). */
  extra_episode_confidence: number;
  audio_conditioning: Conditioning;
}
