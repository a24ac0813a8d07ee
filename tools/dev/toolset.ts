import { defineToolset } from '../../src/core/toolset.js';

export default defineToolset({
  description:
    'Developer helpers: SHA hashes, UUIDs, JWT decoding, Unix timestamps, number bases (binary, hex, octal), chmod permissions, HTTP status codes, regex testing, colour conversion (hex, RGB, HSL) and WCAG contrast, px/rem, UTM links',
});
