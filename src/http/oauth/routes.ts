/** The OAuth routes: discovery, registration, authorize (consent), token, revoke. */
import type { Context, Hono } from 'hono';
import { HttpError } from '../../core/errors.js';
import type { RouteHelpers } from '../app.js';
import type { Identity } from '../identity/identity.js';
import { authorizeRoutes, type ConsentArgs } from './authorize.js';
import { discoveryRoutes } from './discovery.js';
import type { OAuth } from './oauth.js';
import { OAuthHttpError } from './protocol.js';

export function oauthRoutes(oauth: OAuth, identity: Identity, consent: (c: Context, args: ConsentArgs) => Response) {
  return (app: Hono, h: RouteHelpers) => {
    discoveryRoutes(app, oauth);
    // Registration errors in RFC 7591's shape: a 400 is invalid_client_metadata unless it names its own error.
    app.post('/oauth/register', async (c) => {
      try {
        return c.json(await oauth.register(c, await h.readJsonObject(c)), 201, { 'Cache-Control': 'no-store' });
      } catch (err) {
        if (err instanceof OAuthHttpError) return c.json({ error: err.error, error_description: err.description }, err.status as 400);
        if (err instanceof HttpError && err.status === 400)
          return c.json({ error: 'invalid_client_metadata', error_description: err.message }, 400);
        return h.errorResponse(c, err);
      }
    });
    app.post('/oauth/token', (c) => oauth.tokenEndpoint(c));
    app.post('/oauth/revoke', (c) => oauth.revokeEndpoint(c));
    authorizeRoutes(app, oauth, identity, consent);
  };
}
