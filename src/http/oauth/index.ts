/** OAuth 2.1 for /mcp (see oauth.ts for how the parts of this folder fit together): what the rest of werkbank uses. */
export { OAuth, type OAuthOptions } from './oauth.js';
export { oauthRoutes } from './routes.js';
export type { ConsentArgs } from './authorize.js';
export { redirectMatches } from './client-metadata.js';
export { SCOPES, SCOPE_TEXT, type OAuthClient } from './protocol.js';
export { ACCESS_TOKEN_PREFIX, type ClientValue, type GrantValue } from './tables.js';
