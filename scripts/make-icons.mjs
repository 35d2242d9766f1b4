#!/usr/bin/env node
// SPDX-License-Identifier: GPL-3.0-or-later
// Renders the app icons of the web app manifest from web/public/favicon.svg with the
// machine's Chromium (playwright-core), once; the PNGs are committed.
//
//   node scripts/make-icons.mjs
//
// Writes into web/public/icons/:
//   icon-192.png, icon-512.png      the favicon drawn edge to edge ("any" purpose)
//   maskable-512.png                the favicon shrunk into the safe zone (the centred
//                                   circle of 80% diameter that every mask keeps) on a
//                                   full-bleed background ("maskable" purpose)
//   apple-touch-icon.png (180×180)  as maskable: iOS rounds the corners itself
// Run it again only when favicon.svg changes. Chromium: GRIDMILP_CHROMIUM or /usr/bin/chromium.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const svg = readFileSync(join(repoRoot, 'web', 'public', 'favicon.svg'), 'utf8');
const outDir = join(repoRoot, 'web', 'public', 'icons');

/** The background behind the maskable icons: the page's light surface colour. */
const BACKGROUND = '#f4f5f8';
/**
 * Share of the maskable icon's side the favicon takes. The favicon is a square, so its
 * corners must lie inside the safe circle (diameter 0.8): side ≤ 0.8 / √2 ≈ 0.566.
 */
const MASKABLE_SCALE = 0.54;

const icons = [
  { file: 'icon-192.png', size: 192, scale: 1, background: 'transparent' },
  { file: 'icon-512.png', size: 512, scale: 1, background: 'transparent' },
  { file: 'maskable-512.png', size: 512, scale: MASKABLE_SCALE, background: BACKGROUND },
  { file: 'apple-touch-icon.png', size: 180, scale: MASKABLE_SCALE, background: BACKGROUND },
];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.GRIDMILP_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    const side = Math.round(icon.size * icon.scale);
    const offset = Math.round((icon.size - side) / 2);
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:${icon.background}">` +
        `<div style="position:absolute;left:${offset}px;top:${offset}px;width:${side}px;height:${side}px">` +
        svg.replace('<svg ', `<svg width="${side}" height="${side}" `) +
        `</div></body></html>`,
    );
    await page.screenshot({
      path: join(outDir, icon.file),
      omitBackground: icon.background === 'transparent',
      clip: { x: 0, y: 0, width: icon.size, height: icon.size },
    });
    await page.close();
    process.stdout.write(`wrote web/public/icons/${icon.file} (${icon.size}×${icon.size})\n`);
  }
} finally {
  await browser.close();
}
