import { createECDH, type ECDH, randomBytes } from "node:crypto";
import http, { type IncomingHttpHeaders } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import type { PushSubscriptionJson } from "../../contract/push";

/** http_ece ships no types: the one function the push service uses. */
const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(body: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: Buffer }): Buffer;
};

export interface ReceivedPush {
  headers: IncomingHttpHeaders;
  /** The notification as the browser would read it: the body decrypted with the subscription's keys. */
  payload: unknown;
}

export interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
}

interface Browser {
  ecdh: ECDH;
  authSecret: Buffer;
  /** Answers for the next deliveries, in order; 201 once they run out. */
  answers: PushAnswer[];
  received: ReceivedPush[];
}

/**
 * A push service on 127.0.0.1 (the app needs PUSH_ALLOW_PRIVATE_ENDPOINTS=on to reach it) standing in for the
 * browsers too: each subscription it hands out has a real P-256 key pair and auth secret, and each delivery is
 * decrypted (aes128gcm) with them, as the browser would.
 */
export async function startPushService() {
  const browsers = new Map<string, Browser>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const browser = browsers.get(request.url ?? "");
      if (!browser) {
        response.writeHead(404).end();
        return;
      }
      const body = Buffer.concat(chunks);
      const plain = ece.decrypt(body, {
        version: "aes128gcm",
        privateKey: browser.ecdh,
        authSecret: browser.authSecret,
      });
      browser.received.push({ headers: request.headers, payload: JSON.parse(plain.toString("utf8")) });
      const answer = browser.answers.shift() ?? { status: 201 };
      response.writeHead(answer.status, answer.headers).end();
    });
  });
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let counter = 0;

  const browserOf = (endpoint: string) => {
    const browser = browsers.get(new URL(endpoint).pathname);
    if (!browser) throw new Error(`no subscription ${endpoint}`);
    return browser;
  };

  return {
    origin,
    /** A new browser subscription, as PushSubscription.toJSON() gives it. */
    subscription(): PushSubscriptionJson {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${++counter}`;
      browsers.set(path, { ecdh, authSecret, answers: [], received: [] });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString("base64url"),
          auth: authSecret.toString("base64url"),
        },
      };
    },
    /** How the service answers the next deliveries to this endpoint. */
    answerNext(endpoint: string, ...answers: PushAnswer[]) {
      browserOf(endpoint).answers.push(...answers);
    },
    received(endpoint: string): ReceivedPush[] {
      return browserOf(endpoint).received;
    },
    /** TCP connections made to the service so far, whatever was sent on them. */
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
