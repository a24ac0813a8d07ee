import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Dutch calendar and test numbers: public holidays (feestdagen), school holidays per region, working days between dates, test BSNs, test IBANs (NL, DE, BE, FR, GB), passport and ID card numbers',
  listedByDefault: true,
  order: ['dutch-holidays', 'working-days', 'test-bsn-generator', 'test-iban-generator'],
});
