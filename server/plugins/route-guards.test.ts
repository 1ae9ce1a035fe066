import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import type { SessionUser } from "../modules/accounts/sessions";
import { errorsPlugin, validatorCompiler } from "./errors";
import { caller, type OwnerCheck, routeGuardsPlugin } from "./route-guards";

/** Callers by name (the `x-caller` header stands in for the session cookie). */
const CALLERS: Record<string, Partial<SessionUser>> = {
  alice: { id: 1, isAdmin: false, subscriptionTier: "free", hasUnlimitedAccess: false },
  bob: { id: 2, isAdmin: false, subscriptionTier: "premium", hasUnlimitedAccess: false },
  root: { id: 3, isAdmin: true, subscriptionTier: "free", hasUnlimitedAccess: false },
};

/** Notes 7 is Alice's; no other note exists. */
const noteOwner: OwnerCheck = {
  notFoundKey: "errors.dreamNotFound",
  ownerOf: async (id) => (id === 7 ? 1 : null),
};

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** The guards with the errors plugin, as the app has them, around the routes `add` declares. */
async function guarded(add: (app: FastifyInstance) => void) {
  app = Fastify();
  app.decorateRequest("user", null);
  app.decorateRequest("language", "en");
  app.addHook("onRequest", async (request) => {
    const name = request.headers["x-caller"];
    request.user = typeof name === "string" ? (CALLERS[name] as SessionUser) : null;
  });
  app.setValidatorCompiler(validatorCompiler);
  await app.register(errorsPlugin);
  await app.register(routeGuardsPlugin);
  add(app);
  await app.ready();
  return app;
}

async function call(url: string, who?: string) {
  const response = await app!.inject({ method: "GET", url, headers: who ? { "x-caller": who } : {} });
  return { status: response.statusCode, body: response.json() };
}

describe("declared access", () => {
  it("refuses to start with a route that declares no access, or an owner route without its check", async () => {
    await expect(guarded((a) => a.get("/api/forgotten", async () => ({})))).rejects.toThrow(
      /GET \/api\/forgotten declares no access/,
    );
    await expect(
      guarded((a) => a.get("/api/notes/:id", { config: { access: "owner" } }, async () => ({}))),
    ).rejects.toThrow(/GET \/api\/notes\/:id must declare an owner check/);
  });

  it("answers each level through the hook: 401 signed out, 403 for the wrong account, the handler otherwise", async () => {
    await guarded((a) => {
      const ok = async () => ({ ok: true });
      a.get("/open", { config: { access: "public" } }, ok);
      a.get("/mine", { config: { access: "user" } }, async (request) => ({ id: caller(request).id }));
      a.get("/premium", { config: { access: "premium" } }, ok);
      a.get("/admin", { config: { access: "admin" } }, ok);
    });
    expect((await call("/open")).status).toBe(200);
    expect(await call("/mine")).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    expect(await call("/mine", "alice")).toEqual({ status: 200, body: { id: 1 } });

    expect((await call("/premium")).status).toBe(401);
    const free = await call("/premium", "alice");
    expect(free).toMatchObject({ status: 403, body: { code: "FORBIDDEN", reason: "PREMIUM_REQUIRED" } });
    expect(free.body.message).toBe("This feature is part of Premium.");
    expect((await call("/premium", "bob")).status).toBe(200);

    expect((await call("/admin")).status).toBe(401);
    expect(await call("/admin", "bob")).toMatchObject({ status: 403, body: { code: "FORBIDDEN" } });
    expect((await call("/admin", "root")).status).toBe(200);
  });

  it("answers another user's resource exactly like a missing one, and a malformed id like validation does", async () => {
    await guarded((a) => {
      a.get(
        "/api/notes/:id",
        {
          config: { access: "owner", owner: noteOwner },
          schema: { params: z.object({ id: z.coerce.number().int().positive() }) },
        },
        async (request) => ({ note: (request.params as { id: number }).id }),
      );
    });
    expect((await call("/api/notes/7")).status).toBe(401);
    expect(await call("/api/notes/7", "alice")).toEqual({ status: 200, body: { note: 7 } });
    const others = await call("/api/notes/7", "bob");
    expect(others).toMatchObject({ status: 404, body: { code: "NOT_FOUND", message: "Dream not found." } });
    expect(await call("/api/notes/8", "bob")).toEqual(others);
    // Administrators own nothing of anyone's either.
    expect(await call("/api/notes/7", "root")).toEqual(others);
    expect((await call("/api/notes/abc", "bob")).status).toBe(422);
  });
});
