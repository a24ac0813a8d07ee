import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Dutch helpers: public and school holidays, working days, test BSNs, IBANs and document numbers',
  listedByDefault: true,
  order: ['dutch-holidays', 'working-days', 'test-bsn-generator', 'test-iban-generator'],
});
