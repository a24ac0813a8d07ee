import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Dutch test-data generators: BRP persons and UPA pension declarations',
  listedByDefault: true,
});
