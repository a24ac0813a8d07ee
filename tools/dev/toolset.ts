import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Developer helpers: hashes, UUIDs, JWT, timestamps, number bases, chmod, HTTP status, regex, colours, UTM',
});
