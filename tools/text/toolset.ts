import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Edit text: change case (upper, title, camelCase...), make slugs, sort or de-duplicate lines, remove line breaks, clean up, diff two texts, find and replace, add line numbers or prefixes, reverse or flip, ROT13/Caesar, Morse, binary, leetspeak, Roman numerals, numbers in words, lorem ipsum',
});
