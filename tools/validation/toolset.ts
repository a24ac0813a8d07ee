import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description: 'Validators: IBAN, e-mail, VAT and card numbers',
});
