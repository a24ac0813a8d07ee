import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Text analysis: word and character counts, word frequency, keyword density, readability, reading time, similarity',
});
