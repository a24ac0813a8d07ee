import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Text editing: case, slugs, sorting, de-duplicating, cleaning, diff, find and replace, ciphers, numbers in words, lorem ipsum',
});
