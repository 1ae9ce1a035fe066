/**
 * Draws the app's PNG icons from web/public/icon.svg (run once when the icon changes, commit the PNGs):
 *   npx tsx scripts/make-icons.ts
 * "any" icons keep the SVG's rounded tile on transparency; the maskable and Apple icons are full-bleed on the
 * theme background, the art inside the safe zone (launchers crop them to a circle or a squircle).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../web/public");
const THEME_BACKGROUND = "#0f0b1e";

const svg = readFileSync(path.join(publicDir, "icon.svg"), "utf8");
const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
if (!viewBox) throw new Error("icon.svg needs a viewBox starting at 0 0");
const side = Number(viewBox[1]);
// The drawing without its tile: the full-bleed icons put it on the theme colour instead.
const art = svg
  .replace(/^<svg[^>]*>/, "")
  .replace(/<\/svg>\s*$/, "")
  .replace(/<rect [^>]*\/>/, "");

/** The art on a full-bleed background, `padding` (a fraction of the side) left free on each edge. */
function fullBleed(padding: number): string {
  const scale = 1 - 2 * padding;
  const offset = side * padding;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="${THEME_BACKGROUND}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${art}</g></svg>`;
}

const icons: { file: string; size: number; source: string; transparent: boolean }[] = [
  { file: "icon-192.png", size: 192, source: svg, transparent: true },
  { file: "icon-512.png", size: 512, source: svg, transparent: true },
  // Maskable: the art (already inset on its tile) lands within 30% of the centre, well inside the safe circle
  // (40%), so a circle crop keeps about 20% of the side free around it.
  { file: "icon-maskable-512.png", size: 512, source: fullBleed(0.1), transparent: false },
  // iOS fills transparency with black and rounds the corners itself.
  { file: "apple-touch-icon.png", size: 180, source: fullBleed(0.05), transparent: false },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const sized = icon.source.replace("<svg ", `<svg width="${icon.size}" height="${icon.size}" `);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">${sized}</body></html>`,
    );
    const png = await page.screenshot({
      omitBackground: icon.transparent,
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    writeFileSync(path.join(publicDir, icon.file), png);
    await page.close();
    console.log(`web/public/${icon.file} (${icon.size}x${icon.size})`);
  }
} finally {
  await browser.close();
}
