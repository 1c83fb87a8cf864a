// Renders a PDF's first page with pdfjs-dist on @napi-rs/canvas and prints what it found as JSON: the page count,
// the first page's text, its size and how many of its pixels are dark (a second argument: also write the page there
// as a PNG, at twice the scale). Run as a child process: pdfjs-dist is an
// ES module that Jest's CommonJS transform cannot load.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// pdfjs 4 calls Promise.withResolvers (Node 22); Node 20 lacks it.
Promise.withResolvers ??= () => {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
const { createCanvas } = await import('@napi-rs/canvas');
const root = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const pdf = await getDocument({ data: new Uint8Array(readFileSync(process.argv[2])), standardFontDataUrl: `${join(root, 'standard_fonts')}/`, verbosity: 0 })
  .promise;
const page = await pdf.getPage(1);
const items = (await page.getTextContent()).items;
const text = items.map((item) => item.str).join(' ');
// Where each piece of text starts (points from the left edge), so a test can check the layout's columns.
const left = Object.fromEntries(items.filter((item) => item.str.trim()).map((item) => [item.str, Math.round(item.transform[4])]));
const viewport = page.getViewport({ scale: 1 });
const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
const context = canvas.getContext('2d');
context.fillStyle = '#fff';
context.fillRect(0, 0, canvas.width, canvas.height);
await page.render({ canvasContext: context, viewport }).promise;
const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
let dark = 0;
for (let i = 0; i < pixels.length; i += 4) if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 384) dark++;
// Where each piece of text sits (points from the top edge), so a test can check the layout's order of lines.
const top = Object.fromEntries(items.filter((item) => item.str.trim()).map((item) => [item.str, Math.round(viewport.height - item.transform[5])]));
if (process.argv[3]) {
  const sharp = page.getViewport({ scale: 2 });
  const picture = createCanvas(Math.ceil(sharp.width), Math.ceil(sharp.height));
  const paint = picture.getContext('2d');
  paint.fillStyle = '#fff';
  paint.fillRect(0, 0, picture.width, picture.height);
  await page.render({ canvasContext: paint, viewport: sharp }).promise;
  writeFileSync(process.argv[3], picture.toBuffer('image/png'));
}
const { info } = await pdf.getMetadata();
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text, left, top, info, width: canvas.width, height: canvas.height, dark }));
