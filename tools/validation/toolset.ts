import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Validate: IBAN bank account numbers, e-mail addresses, EU and UK VAT numbers, payment card numbers (Luhn)',
});
