/**
 * Symbol engine and reading throughput on one core: dreams per second and p50/p99 latency for 1,000- and
 * 5,000-character dreams, in English and Spanish, for the matcher alone and for the whole translation (match +
 * readDream). Targets: >= 5,000 dreams/s matched at 1,000 characters; a 5,000-character dream translated in
 * < 20 ms at p99. Run: npm run bench:engine
 */
import { createEngine } from "../server/engine/index";
import { readDream } from "../server/engine/reading/index";

const EN =
  "I was walking through my grandmother's old house when the lights went out. A black dog followed me up the stairs, " +
  "and in the bedroom there was a window open to the sea. I climbed onto the roof and started flying over the city, " +
  "past a church and a bridge, until I fell into a river. My brother was swimming there and laughing. I was so scared! ";
const ES =
  "Estaba caminando por la casa vieja de mi abuela cuando se apagaron las luces. Un perro negro me seguía por las " +
  "escaleras y en el dormitorio había una ventana abierta al mar. Subí al techo y empecé a volar sobre la ciudad, " +
  "pasando una iglesia y un puente, hasta que me caí en un río. Mi hermano estaba nadando allí y se reía. ¡Qué miedo! ";

function dreamOf(base: string, length: number): string {
  let text = "";
  while (text.length < length) text += base;
  return text.slice(0, length);
}

const started = performance.now();
const engine = createEngine();
console.log(
  `lexicon: ${engine.data.symbols.length} symbols compiled in ${(performance.now() - started).toFixed(0)} ms`,
);

function measure(label: string, iterations: number, run: () => void): void {
  for (let i = 0; i < Math.min(200, iterations); i++) run(); // warm-up
  const latencies = new Float64Array(iterations);
  const begin = performance.now();
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    run();
    latencies[i] = performance.now() - t0;
  }
  const elapsed = performance.now() - begin;
  latencies.sort();
  const p50 = latencies[Math.floor(iterations / 2)] ?? 0;
  const p99 = latencies[Math.floor(iterations * 0.99)] ?? 0;
  const perSecond = (iterations / elapsed) * 1000;
  console.log(
    `${label}: ${perSecond.toFixed(0).padStart(6)} dreams/s  p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`,
  );
}

for (const [language, base] of [
  ["en", EN],
  ["es", ES],
] as const) {
  for (const length of [1000, 5000]) {
    const text = dreamOf(base, length);
    const size = String(length).padStart(4);
    measure(`${language} ${size} chars, match`, length === 1000 ? 20_000 : 4_000, () => engine.match(text));
    measure(`${language} ${size} chars, match + reading`, length === 1000 ? 4_000 : 1_000, () => {
      const { symbols } = engine.match(text);
      readDream(text, symbols, engine.data, { language, premium: true, ultraSimplified: false });
    });
  }
}
