import { createEngine } from "/work/main/server/engine/index";

const EN =
  "I was walking through my grandmother's old house when the lights went out. A black dog followed me up the stairs, " +
  "and in the bedroom there was a window open to the sea. I climbed onto the roof and started flying over the city, " +
  "past a church and a bridge, until I fell into a river. My brother was swimming there and laughing. ";
let text = "";
while (text.length < 1000) text += EN;
text = text.slice(0, 1000);
const engine = createEngine();
for (let i = 0; i < 1000; i++) engine.match(text);
const t = performance.now();
for (let i = 0; i < 20000; i++) engine.match(text);
console.log(((20000 / (performance.now() - t)) * 1000).toFixed(0), "dreams/s");
