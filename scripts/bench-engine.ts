/**
 * Symbol engine throughput on one core: dreams per second and p99 latency for 1,000- and 5,000-character
 * dreams, in English and Spanish. Target: >= 5,000 dreams/s at 1,000 characters. Run: npm run bench:engine
 */
import { createEngine } from "../server/engine/index";

const EN =
  "I was walking through my grandmother's old house when the lights went out. A black dog followed me up the stairs, " +
  "and in the bedroom there was a window open to the sea. I climbed onto the roof and started flying over the city, " +
  "past a church and a bridge, until I fell into a river. My brother was swimming there and laughing. ";
const ES =
  "Estaba caminando por la casa vieja de mi abuela cuando se apagaron las luces. Un perro negro me seguía por las " +
  "escaleras y en el dormitorio había una ventana abierta al mar. Subí al techo y empecé a volar sobre la ciudad, " +
  "pasando una iglesia y un puente, hasta que me caí en un río. Mi hermano estaba nadando allí y se reía. ";

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

for (const [language, base] of [
  ["en", EN],
  ["es", ES],
] as const) {
  for (const length of [1000, 5000]) {
    const text = dreamOf(base, length);
    for (let i = 0; i < 200; i++) engine.match(text); // warm-up
    const iterations = length === 1000 ? 20_000 : 4_000;
    const latencies = new Float64Array(iterations);
    const begin = performance.now();
    for (let i = 0; i < iterations; i++) {
      const t0 = performance.now();
      engine.match(text);
      latencies[i] = performance.now() - t0;
    }
    const elapsed = performance.now() - begin;
    latencies.sort();
    const p99 = latencies[Math.floor(iterations * 0.99)] ?? 0;
    const perSecond = (iterations / elapsed) * 1000;
    console.log(
      `${language} ${String(length).padStart(4)} chars: ${perSecond.toFixed(0).padStart(6)} dreams/s  p50 ${(latencies[Math.floor(iterations / 2)] ?? 0).toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`,
    );
  }
}
