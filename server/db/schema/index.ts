export * from "./abtests";
export * from "./billing";
export * from "./dreams";
export * from "./memory";
export * from "./oracle";
export * from "./referrals";
export * from "./support";
export * from "./users";
