import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { routedPath } from "./security";

export const webDistDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../dist/web");

declare module "fastify" {
  interface FastifyInstance {
    /** Serves the single-page app for a browser navigation that no server route claims; false when not built. */
    serveWebApp(request: FastifyRequest, reply: FastifyReply): boolean;
  }
}

/** The built React app (`npm run build`): hashed assets cached for a year, the HTML shell never cached. */
export const webAppPlugin = fp(
  async (app: FastifyInstance, { distDir = webDistDir }: { distDir?: string }) => {
    const available = existsSync(path.join(distDir, "index.html"));
    if (available) {
      // The routes @fastify/static adds, one per built file, are the public web app.
      let addingFiles = true;
      app.addHook("onRoute", (route) => {
        if (addingFiles) route.config = { ...route.config, access: "public" };
      });
      await app.register(fastifyStatic, {
        root: distDir,
        index: false,
        wildcard: false,
        cacheControl: false,
        // A page load fetches dozens of files: their requests are not logged (errors still are).
        logLevel: "warn",
      });
      addingFiles = false;
      app.addHook("onSend", async (request, reply) => {
        // As routed, not as spelled: `/%61pi/user` is an /api answer, and keeps the security plugin's no-store.
        if (routedPath(request).startsWith("/api/")) return;
        // Vite fingerprints everything under /assets/: those never change; the shell, the service worker and
        // error answers (a missing asset may be deployed a moment later) may.
        const immutable = request.url.startsWith("/assets/") && reply.statusCode < 400;
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      });
    }
    // A shared oracle reading is for the people its link was given to, not for search engines.
    app.addHook("onSend", async (request, reply) => {
      if (routedPath(request).startsWith("/share/")) reply.header("x-robots-tag", "noindex");
    });
    app.decorate("serveWebApp", (request: FastifyRequest, reply: FastifyReply) => {
      if (!available || request.method !== "GET" || request.url.startsWith("/api/")) return false;
      // A missing asset (an old build's file, a typo) is a 404, not the page: served as a script it would fail
      // obscurely, and cached as immutable the wrong answer would stay for a year.
      if (request.url.startsWith("/assets/")) return false;
      void reply.type("text/html").sendFile("index.html");
      return true;
    });
  },
);
