import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type AccountClaims } from "oidc-provider";
import { createTestApp, type Driver, TEST_ORIGIN, type TestAppOptions } from "./harness";

export const CLIENT_ID = "chitta-test";
export const CLIENT_SECRET = "a-client-secret-for-the-test-provider";
export const CALLBACK = `${TEST_ORIGIN}/callback`;

type TestAccount = Omit<AccountClaims, "sub"> & { email?: string; email_verified?: boolean };

/**
 * A real OpenID provider on a random loopback port. Its login and consent pages are replaced by a handler
 * that signs in as `provider.loginAs` and grants whatever is asked, as a person clicking through would.
 */
export async function startProvider() {
  const accounts = new Map<string, TestAccount>();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey: signingKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [CALLBACK],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        // openid-client's default way of presenting the secret.
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    pkce: { required: () => true },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...account }) };
    },
    claims: {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "nickname", "preferred_username", "picture"],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ["test-provider-cookie-key"] },
    jwks: { keys: [{ ...signingKey.export({ format: "jwk" }), kid: "test", use: "sig", alg: "RS256" }] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 600,
      IdToken: 600,
      Interaction: 600,
      Session: 600,
    },
  });
  provider.on("server_error", (_ctx, error) => console.error(error));

  const state = { loginAs: "", down: false };
  const providerCallback = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: state.loginAs } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({
          accountId: details.session!.accountId,
          clientId: String(details.params.client_id),
        });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (state.down) {
      res.statusCode = 503;
      res.end();
      return;
    }
    if (req.url?.startsWith("/interaction/")) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    providerCallback(req, res);
  });

  return {
    issuer,
    accounts,
    /** While true, the provider answers every request with 503. */
    setDown(down: boolean) {
      state.down = down;
    },
    /**
     * Follows the browser from the provider's authorization URL, through login and consent, back to the
     * app: the callback URL the provider redirects to. Each call is a fresh browser (no provider session).
     */
    async signIn(authorizationUrl: string, accountId: string): Promise<URL> {
      state.loginAs = accountId;
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 20; hop++) {
        if (url.href.startsWith(`${CALLBACK}?`)) return url;
        const headers: Record<string, string> = {};
        if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
        const response = await fetch(url, { redirect: "manual", headers });
        for (const line of response.headers.getSetCookie()) {
          const [pair = "", ...attributes] = line.split(";");
          const separator = pair.indexOf("=");
          const name = pair.slice(0, separator).trim();
          const value = pair.slice(separator + 1).trim();
          const expired = attributes.some((attribute) => /expires=.*1970/i.test(attribute));
          if (expired || value === "") jar.delete(name);
          else jar.set(name, value);
        }
        const location = response.headers.get("location");
        if (!location)
          throw new Error(`provider stopped at ${response.status} ${url}: ${await response.text()}`);
        await response.body?.cancel();
        url = new URL(location, url);
      }
      throw new Error("too many redirects at the provider");
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestProvider = Awaited<ReturnType<typeof startProvider>>;

/** The app on `driver` with a fresh local provider as its identity provider (the suites' usual setup). */
export async function createAppWithProvider(driver: Driver, options: TestAppOptions = {}) {
  const provider = await startProvider();
  const t = await createTestApp(driver, {
    ...options,
    env: {
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      ...options.env,
    },
  });
  return { t, provider };
}
