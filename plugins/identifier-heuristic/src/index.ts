import { definePlugin } from '@spindle/plugin-sdk';
import { HeuristicIdentifier } from './heuristic-identifier.ts';

export default definePlugin({
  id: 'identifier-heuristic',
  name: 'Duration heuristic',
  stages: {
    identifier: { heuristic: () => new HeuristicIdentifier() },
  },
});
