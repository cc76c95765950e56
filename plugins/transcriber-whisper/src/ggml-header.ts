/** Reads the hyper-parameters at the start of a whisper.cpp ggml model file (cheap sanity check). */
import { open } from 'node:fs/promises';

const GGML_FILE_MAGIC = 0x67676d6c;

export interface GgmlHeader {
  nVocab: number;
  nAudioLayer: number;
  nTextLayer: number;
  ftype: number;
}

/** The header, or null when the file does not start like a ggml whisper model. */
export async function readGgmlHeader(path: string): Promise<GgmlHeader | null> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(48);
    const { bytesRead } = await file.read(buf, 0, buf.length, 0);
    if (bytesRead < buf.length || buf.readUInt32LE(0) !== GGML_FILE_MAGIC) return null;
    const field = (index: number) => buf.readInt32LE(4 + 4 * index);
    return { nVocab: field(0), nAudioLayer: field(4), nTextLayer: field(8), ftype: field(10) };
  } finally {
    await file.close();
  }
}
