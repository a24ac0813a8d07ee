import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Passwords and randomness: generate strong passwords, check password strength, draw random numbers',
});
