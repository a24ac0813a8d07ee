import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Dutch test-data generators: BRP population-register persons (with BSNs, addresses, family events) and UPA pension declaration XML files',
  listedByDefault: true,
});
