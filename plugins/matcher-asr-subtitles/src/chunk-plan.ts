/**
 * Where to listen: chunk start offsets spread over the title, outside the intro and the credits
 * (each skip is capped at 10 % of the title so short titles still have a middle), in an order
 * that covers the title early (middle first, then the quarters, then the rest) for early stopping.
 */
export function chunkOffsets(
  durationSeconds: number,
  settings: { chunk_seconds: number; max_chunks: number; skip_start_seconds: number; skip_end_seconds: number },
): number[] {
  const chunk = Math.min(settings.chunk_seconds, durationSeconds);
  const start = Math.min(settings.skip_start_seconds, durationSeconds * 0.1);
  const end = durationSeconds - Math.min(settings.skip_end_seconds, durationSeconds * 0.1) - chunk;
  if (end <= start) return [Math.max(0, (durationSeconds - chunk) / 2)];
  const count = Math.max(1, Math.min(settings.max_chunks, Math.floor((end - start) / chunk) + 1));
  const even = Array.from({ length: count }, (_, i) =>
    count === 1 ? (start + end) / 2 : start + ((end - start) * i) / (count - 1),
  );
  // Visit order: middle, then alternating outwards.
  const order: number[] = [];
  const mid = Math.floor((count - 1) / 2);
  for (let d = 0; order.length < count; d++) {
    if (mid + d < count && !order.includes(mid + d)) order.push(mid + d);
    if (mid - d >= 0 && !order.includes(mid - d)) order.push(mid - d);
  }
  return order.map((i) => Math.round(even[i]! * 10) / 10);
}
