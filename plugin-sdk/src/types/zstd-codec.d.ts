/** The part of zstd-codec (which ships no types) that Spindle uses: the `Simple` API. */
declare module 'zstd-codec' {
  export interface ZstdSimple {
    /** Compresses a whole buffer into one zstd frame at `level` (1–22). */
    compress(data: Uint8Array, level?: number): Uint8Array | null;
    decompress(data: Uint8Array): Uint8Array | null;
  }
  export interface ZstdBinding {
    Simple: new () => ZstdSimple;
  }
  export const ZstdCodec: {
    /** Loads the (WebAssembly) binding and calls back with it. */
    run(callback: (zstd: ZstdBinding) => void): void;
  };
  const codec: { ZstdCodec: typeof ZstdCodec };
  export default codec;
}
