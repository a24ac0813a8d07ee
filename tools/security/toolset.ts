import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Passwords and randomness: strength estimation, password and random number generation',
});
