import { definePlugin } from '@spindle/plugin-sdk';
import { AiIdentifier } from './ai-identifier.ts';

export default definePlugin({
  id: 'identifier-ai',
  name: 'AI fallback',
  stages: {
    identifier: { ai: () => new AiIdentifier() },
  },
});
