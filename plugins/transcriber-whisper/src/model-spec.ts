/**
 * The fixed speech model. The spec allows no selector: whisper `small`, multilingual, float16.
 *
 * Size and SHA-256 are those of `ggml-small.bin` as published in the ggerganov/whisper.cpp
 * repository on Hugging Face (the file's Git LFS object: 487 601 967 bytes). The whisper.cpp source
 * that nodejs-whisper ships lists the same file as 466 MiB with SHA-1
 * 55356645c2b361a969dfd0ef2c5a50d530afd8d5 (cpp/whisper.cpp/models/README.md).
 */
export interface ModelSpec {
  /** The model's name in the ASR status. */
  name: string;
  fileName: string;
  sizeBytes: number;
  sha256: string;
}

export const SMALL_MODEL: ModelSpec = {
  name: 'small',
  fileName: 'ggml-small.bin',
  sizeBytes: 487_601_967,
  sha256: '1be3a9b2063867b937e64e2ec7483364a79917e157fa98c5d94b5c1fffea987b',
};

/** The message of every "this model file is unusable" error (the file is deleted first). */
export const MODEL_DAMAGED_MESSAGE = 'the speech model file is damaged; it will be downloaded again';

/** ggml ftype → the precision reported as compute_type. */
export function computeTypeOfFtype(ftype: number | null): string {
  switch (ftype === null ? 1 : ftype % 1000) {
    case 0:
      return 'float32';
    case 1:
      return 'float16';
    default:
      return 'quantized';
  }
}
