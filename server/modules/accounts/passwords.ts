import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

let commonPasswords: Set<string> | undefined;

/** True for passwords in the common-password list that ships with zxcvbn-ts (about 50,000 entries). */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary["passwords-common"] as string[]);
  return commonPasswords.has(password.toLowerCase());
}

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A real hash to verify against when the account does not exist, so timing does not reveal accounts. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword("decoy-password-for-timing");
  return decoyHash;
}
