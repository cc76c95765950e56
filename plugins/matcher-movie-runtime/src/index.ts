import { definePlugin } from '@spindle/plugin-sdk';
import { MovieRuntimeMatcher } from './movie-runtime-matcher.ts';

export default definePlugin({
  id: 'matcher-movie-runtime',
  name: 'Movie runtime',
  stages: {
    matcher: { 'movie-runtime': () => new MovieRuntimeMatcher() },
  },
});
