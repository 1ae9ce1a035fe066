import { createEngine } from "../server/engine/index";
import { tokenize } from "../server/engine/text";

const EN =
  "I was walking through my grandmother's old house when the lights went out. A black dog followed me up the stairs, " +
  "and in the bedroom there was a window open to the sea. I climbed onto the roof and started flying over the city, " +
  "past a church and a bridge, until I fell into a river. My brother was swimming there and laughing. ";
let text = "";
while (text.length < 1000) text += EN;
text = text.slice(0, 1000);
const engine = createEngine();
const r = engine.match(text, { trace: true });
const toks = tokenize(text);
console.log("tokens", toks.length, "trace", r.trace.length, "kept", r.trace.filter((t) => t.kept).length);
// @ts-expect-error
const lex = (engine as any).lexicon ?? (engine as any).compiled;
console.log(Object.keys(engine));
const words = engine.lexicon.words.en;
let ids = 0,
  steps = 0,
  rootHits = 0;
for (const t of toks) {
  const l = words.byForm.get(t.norm) ?? [];
  ids += l.length;
  for (const id of l) if ((engine.lexicon.tries.en as any).children?.get(id)) rootHits++;
}
console.log("ids per token", ids / toks.length, "root hits per token", rootHits / toks.length);
const root = engine.lexicon.tries.en as any;
console.log("root children", root.children.size, "root wild", !!root.wild);
