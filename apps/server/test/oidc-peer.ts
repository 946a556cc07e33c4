import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real, standards-compliant OpenID provider (node oidc-provider) on a free loopback port:
 * the local peer that stands in for Google in tests. Its dev login form accepts any login,
 * which becomes the `sub`, with the email `<sub>@example.test` (verified).
 */
export interface OidcPeer {
  issuer: string;
  /** Registers our client with these redirect URIs (call once the app's origin is known). */
  configure(redirectUris: string[]): void;
  close(): Promise<void>;
}

export async function startOidcPeer(client: { clientId: string; clientSecret: string }): Promise<OidcPeer> {
  let handler: http.RequestListener = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    configure(redirectUris) {
      handler = providerFor(issuer, client, redirectUris).callback();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

function providerFor(issuer: string, client: { clientId: string; clientSecret: string }, redirectUris: string[]) {
  return new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: `${sub}@example.test`, email_verified: true, name: `Person ${sub}` };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => false, methods: ['S256'] },
    features: { devInteractions: { enabled: true } },
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
}
