import { createEngine } from "../server/engine/index";

const e = createEngine();
for (const t of process.argv.slice(2)) {
  const r = e.match(t, { trace: true });
  console.log(
    t,
    "=>",
    r.symbols.map((s) => s.key).join(","),
    JSON.stringify(r.trace.map((x) => [x.key, x.term, x.text, x.kept ? "K" : x.reason])),
  );
}
