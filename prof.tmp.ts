import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./server/db/client";
import { dreams, users } from "./server/db/schema/index";
import { createEngine } from "./server/engine/index";
import { recognizeWith } from "./server/modules/dreams/recognize";
import { withoutMeanings } from "./server/modules/dreams/meanings";
const FILL = [
 "It felt as if the whole evening had been planned by someone I could not quite remember.",
 "Somehow everything made sense at the time, although now it seems strange and slightly funny.",
 "There was a long conversation about nothing in particular, and nobody seemed to be in a hurry.",
 "Later the scene changed without warning, the way scenes always change in these stories.",
 "I kept thinking that I had forgotten something important, but I could not say what it was.",
 "Había una conversación larga sobre cosas sin importancia y nadie parecía tener prisa.",
 "Todo tenía sentido en ese momento, aunque ahora me parece extraño y un poco gracioso.",
 "Después la escena cambió sin aviso, como cambian siempre las escenas en estas historias.",
];
const SYM = ["A black snake slid under the bed.","Estaba volando sobre la ciudad.","A big dog chased me through the forest.","My teeth were falling out."];
function text(n: number) { const p = [`Night ${n}.`, SYM[n%4]!, SYM[(n+1)%4]!]; for (let i=0; p.join(" ").length < 4800; i++) p.push(FILL[(n*3+i)%FILL.length]!); return p.join(" "); }
const dir = mkdtempSync(path.join(os.tmpdir(), "prof-"));
const db = await openDatabase({ kind: "pglite", dataDir: path.join(dir, "pg") });
await db.migrate();
const [u] = await db.db.insert(users).values({ username: "p", email: "p@e.x", usernameSkeleton: "p" } as never).returning();
const e = createEngine();
const CH = Number(process.env.CH ?? 50);
const times: number[] = [];
let all = performance.now();
for (let from = 0; from < 5600; from += CH) {
  const rows = [];
  for (let i = from; i < from + CH; i++) { const c = text(i); const r = recognizeWith(e, c, "en"); rows.push({ userId: u!.id, title: `N${i}`, content: c, recognizedSymbols: withoutMeanings(r.symbols), symbolKeys: r.keys, language: r.language, createdAt: new Date(Date.UTC(2010,0,1)+i*86400000) }); }
  const t = performance.now();
  await db.db.insert(dreams).values(rows);
  times.push(performance.now() - t);
}
console.log("total", performance.now()-all, "insert sum", times.reduce((a,b)=>a+b,0), "max", Math.max(...times), "p50", times.sort((a,b)=>a-b)[times.length>>1], "top5", times.slice(-5).map(Math.round));
let t = performance.now();
const r = await db.db.select().from(dreams).limit(500);
console.log("select 500", performance.now()-t, JSON.stringify(r).length);
t = performance.now();
await db.db.execute(sql`select 1`);
console.log("ping", performance.now()-t);
await db.close();
