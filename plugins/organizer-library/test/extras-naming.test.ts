/**
 * Where bonus content goes in the library by the extras policy: kept extras in the folder of their
 * kind (Trailers, Featurettes, Other...), skipped or sent to review otherwise, a reviewer's choice
 * over the policy, and discarded titles skipped.
 */
import { describe, it } from 'vitest';
import { expectPlacement, match, movieJob, MOVIES, TV, tvJob, type Case } from './support/naming-cases.ts';

const cases: Case[] = [
  {
    name: 'a kept movie extra of unknown kind',
    job: movieJob(),
    match: match('extra'),
    file: '/staging/title_t05.mkv',
    extras: 'keep',
    kind: 'movie',
    expected: `${MOVIES}/The Movie (1999)/Other/title_t05.mkv`,
  },
  {
    name: 'a kept TV extra of unknown kind',
    job: tvJob(),
    match: match('extra'),
    file: '/staging/Gag Reel.mkv',
    extras: 'keep',
    kind: 'tv',
    expected: `${TV}/The Show/Other/Gag Reel.mkv`,
  },
  {
    name: 'a trailer',
    job: movieJob(),
    match: match('extra', { extraType: 'trailer' }),
    file: '/s/Teaser.mkv',
    extras: 'keep',
    expected: `${MOVIES}/The Movie (1999)/Trailers/Teaser.mkv`,
  },
  {
    name: 'a deleted scene of a show',
    job: tvJob(),
    match: match('extra', { extraType: 'deleted_scene' }),
    file: '/s/t03.mkv',
    extras: 'keep',
    expected: `${TV}/The Show/Deleted Scenes/t03.mkv`,
  },
  {
    name: 'a featurette',
    job: movieJob(),
    match: match('extra', { extraType: 'featurette' }),
    file: '/s/Making Of.mkv',
    extras: 'keep',
    expected: `${MOVIES}/The Movie (1999)/Featurettes/Making Of.mkv`,
  },
  {
    name: 'behind the scenes',
    job: movieJob(),
    match: match('extra', { extraType: 'behind_the_scenes' }),
    file: '/s/b.mkv',
    extras: 'keep',
    expected: `${MOVIES}/The Movie (1999)/Behind The Scenes/b.mkv`,
  },
  {
    name: 'an interview',
    job: tvJob(),
    match: match('extra', { extraType: 'interview' }),
    file: '/s/cast.mkv',
    extras: 'keep',
    expected: `${TV}/The Show/Interviews/cast.mkv`,
  },
  {
    name: 'a short',
    job: movieJob(),
    match: match('extra', { extraType: 'short' }),
    file: '/s/short.mkv',
    extras: 'keep',
    expected: `${MOVIES}/The Movie (1999)/Shorts/short.mkv`,
  },
  {
    name: 'a scene',
    job: movieJob(),
    match: match('extra', { extraType: 'scene' }),
    file: '/s/scene 1.mkv',
    extras: 'keep',
    expected: `${MOVIES}/The Movie (1999)/Scenes/scene 1.mkv`,
  },
  {
    name: 'an extra a reviewer kept although the policy asks',
    job: tvJob(),
    match: match('extra', { source: 'user_review' }),
    file: '/s/x.mkv',
    extras: 'ask',
    expected: `${TV}/The Show/Other/x.mkv`,
  },
  {
    name: 'an extra a reviewer kept although the policy skips',
    job: tvJob(),
    match: match('extra', { source: 'user_review', extraType: 'featurette' }),
    file: '/s/x.mkv',
    extras: 'skip',
    expected: `${TV}/The Show/Featurettes/x.mkv`,
  },
  { name: 'a skipped extra', job: tvJob(), match: match('extra'), extras: 'skip', expected: { action: 'skip' } },
  { name: 'an extra to ask about', job: tvJob(), match: match('extra'), extras: 'ask', expected: { action: 'review' } },
  {
    name: 'a kept extra of unknown content',
    job: tvJob(),
    match: match('extra'),
    extras: 'keep',
    kind: null,
    expected: { action: 'review' },
  },
  { name: 'a discarded title', job: tvJob(), match: match('discarded'), expected: { action: 'skip' } },
];

describe('library naming of extras', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => expectPlacement(c));
});
