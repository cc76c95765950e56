/**
 * The pipeline the reliability services run: heuristic identification, the MakeMKV and folder
 * rippers, order-guess matching and the library organizer; `over` replaces any part.
 */
export const pipeline = (over: Record<string, unknown> = {}) => ({
  detectors: [],
  identifiers: ['heuristic'],
  rippers: { disc: 'makemkv', folder: 'folder' },
  matchers: ['order-guess'],
  organizer: 'library',
  contributors: [],
  providers: {},
  ...over,
});
