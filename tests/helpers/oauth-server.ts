import { OAuth2Server } from "oauth2-mock-server";

export interface OAuthAccount {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A real OAuth 2.0 / OpenID Connect server on 127.0.0.1 (oauth2-mock-server)
 * standing in for Google through the GOOGLE_* overrides. It signs in at once
 * (no login screen) as the account last given to `signInAs`, and checks PKCE.
 */
export async function startOAuthServer() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const issuer = server.issuer.url!;
  let account: OAuthAccount = { sub: "google-sub-1", email: "google.user@example.com", email_verified: true, name: "Google User" };
  let nextError: { error: string; description?: string } | null = null;
  let nextState: string | null = null;

  server.service.on("beforeUserinfo", (response) => {
    response.body = { email_verified: true, ...account };
  });
  server.service.on("beforeAuthorizeRedirect", (redirect) => {
    if (nextState) redirect.url.searchParams.set("state", nextState);
    nextState = null;
    if (!nextError) return;
    redirect.url.searchParams.delete("code");
    redirect.url.searchParams.set("error", nextError.error);
    if (nextError.description) redirect.url.searchParams.set("error_description", nextError.description);
    nextError = null;
  });

  return {
    issuer,
    /** The app's GOOGLE_* variables pointing at this server. */
    env: {
      GOOGLE_CLIENT_ID: "test-client",
      GOOGLE_CLIENT_SECRET: "test-secret",
      GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    },
    /** The account the next sign-in returns. */
    signInAs(next: OAuthAccount) {
      account = next;
    },
    /** The next authorization answers with this error instead of a code. */
    failNextAuthorization(error: string, description?: string) {
      nextError = { error, description };
    },
    /** The next authorization sends the browser back with this state instead of the one it was given. */
    forgeNextState(state: string) {
      nextState = state;
    },
    stop: () => server.stop(),
  };
}

export type OAuthServer = Awaited<ReturnType<typeof startOAuthServer>>;
