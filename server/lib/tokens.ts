import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

/** Tokens are stored as SHA-256 digests so a database leak yields no usable link or session. */
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
