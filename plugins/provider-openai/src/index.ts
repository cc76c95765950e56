import { definePlugin } from '@spindle/plugin-sdk';
import { OpenAiChat } from './openai-chat.ts';

export default definePlugin({
  id: 'provider-openai',
  name: 'OpenAI-compatible AI',
  providers: {
    ai: { openai: (setup) => new OpenAiChat(setup) },
  },
});
