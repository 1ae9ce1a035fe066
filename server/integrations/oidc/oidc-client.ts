import * as client from "openid-client";
import type { AppConfig } from "../../config";

/** What the rest of the app learns about a person from the identity provider. */
export interface OidcClaims {
  /** The issuer as the provider names itself in its ID tokens (the identity key, with the subject). */
  issuer: string;
  subject: string;
  email: string | undefined;
  /** Only an explicit `email_verified: true` from the provider counts. */
  emailVerified: boolean;
  name: string | undefined;
  nickname: string | undefined;
  preferredUsername: string | undefined;
  picture: string | undefined;
}

/** The secrets one sign-in attempt must carry from /auth to /callback (kept in a signed cookie). */
export interface OidcChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  /** A fresh state, nonce and PKCE verifier, and the provider URL to send the browser to. */
  startAuthorization(): Promise<{ url: URL; checks: OidcChecks }>;
  /** Verifies the callback (state, nonce, PKCE, ID token) and redeems the code; the claims on success. */
  completeAuthorization(callbackUrl: URL, checks: OidcChecks): Promise<OidcClaims>;
}

export interface OidcClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
  /** Plain-http issuers (a local test provider): never in production. */
  allowInsecure: boolean;
}

const SCOPE = "openid email profile";

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** Some providers send `"true"` as a string; anything else is "not verified". */
function verifiedClaim(value: unknown): boolean {
  return value === true || value === "true";
}

export function oidcClientOptions(config: AppConfig): OidcClientOptions | undefined {
  if (!config.oidc) return undefined;
  return {
    issuer: config.oidc.issuer,
    clientId: config.oidc.clientId,
    clientSecret: config.oidc.clientSecret,
    redirectUri: `${config.publicUrl}/callback`,
    allowInsecure: config.env === "test" || config.env === "development",
  };
}

/** openid-client v6 behind a two-call interface; discovery happens on first use and is retried after a failure. */
export function createOidcClient(options: OidcClientOptions): OidcClient {
  let discovered: Promise<client.Configuration> | undefined;

  function configuration(): Promise<client.Configuration> {
    if (!discovered) {
      discovered = client
        .discovery(
          new URL(options.issuer),
          options.clientId,
          options.clientSecret,
          options.clientSecret ? undefined : client.None(),
          options.allowInsecure ? { execute: [client.allowInsecureRequests] } : undefined,
        )
        .catch((error: unknown) => {
          // A provider that was down must not stay broken until a restart: the next call tries again.
          discovered = undefined;
          throw error;
        });
    }
    return discovered;
  }

  return {
    async startAuthorization() {
      const config = await configuration();
      const checks: OidcChecks = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri,
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
      });
      return { url, checks };
    },

    async completeAuthorization(callbackUrl, checks) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error("the provider returned no ID token");

      let profile: Record<string, unknown> = idToken;
      // Providers that conform strictly put scope claims only in userinfo when an access token is issued.
      if (stringClaim(idToken.email) === undefined) {
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        profile = { ...userinfo, ...stripUndefined(idToken) };
        // Email and its verification must come from the same statement.
        profile.email = userinfo.email;
        profile.email_verified = userinfo.email_verified;
      }

      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email: stringClaim(profile.email),
        emailVerified: verifiedClaim(profile.email_verified),
        name: stringClaim(profile.name),
        nickname: stringClaim(profile.nickname),
        preferredUsername: stringClaim(profile.preferred_username),
        picture: stringClaim(profile.picture),
      };
    },
  };
}

function stripUndefined(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
