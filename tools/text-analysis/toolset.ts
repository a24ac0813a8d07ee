import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Analyse text: word and character counts, word frequency, SEO keyword density, readability scores, reading and speaking time, similarity of two texts',
});
