// A stand-in for YouTube's thumbnail host (https://i.ytimg.com) on loopback, for the Lighthouse runs: the machines
// this project is measured on cannot reach it, and a page whose twelve thumbnails all fail is not the page a user
// sees (each card then renders again with its fallback, after the simulated requests fail). Chromium is pointed at
// it with `--host-resolver-rules` (the page's URLs and its content-security policy stay as they are) and trusts its
// self-signed certificate with `--ignore-certificate-errors`. Every `/vi/<id>/<name>.jpg` is the same 480×360 JPEG,
// the size of the `hqdefault.jpg` the catalogue names, made once by Chromium from a noisy picture so that it weighs
// what a photograph does (about 20-40 kB), with YouTube's caching headers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const THUMBNAIL_HOST = 'i.ytimg.com';

/** A photograph-like 480×360 JPEG, drawn and encoded by the Chromium at `chromePath`. */
export async function photographLikeJpeg(chromePath) {
  const browser = await chromium.launch({ executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(() => {
    const canvas = Object.assign(globalThis.document.createElement('canvas'), { width: 480, height: 360 });
    const context = canvas.getContext('2d');
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const gradient = context.createLinearGradient(0, 0, 480, 360);
    gradient.addColorStop(0, '#27364a');
    gradient.addColorStop(1, '#c7a27a');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 480, 360);
    for (let i = 0; i < 900; i++) {
      context.fillStyle = `hsla(${Math.floor(random() * 360)}, 55%, ${Math.floor(20 + random() * 60)}%, 0.5)`;
      context.beginPath();
      context.arc(random() * 480, random() * 360, 2 + random() * 26, 0, 2 * Math.PI);
      context.fill();
    }
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  await browser.close();
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}

/**
 * Serves `jpeg` for every thumbnail path over HTTPS (HTTP/2, as the real host does) on a free loopback port, with a
 * certificate made for the host in `dir` (openssl). Returns the Chromium flags that send the host's requests there,
 * and a stop.
 */
export async function startThumbnailHost(dir, jpeg) {
  const key = join(dir, 'thumbnail-host.key');
  const cert = join(dir, 'thumbnail-host.crt');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '2', '-subj', `/CN=${THUMBNAIL_HOST}`],
    {
      stdio: 'ignore',
    },
  );
  const server = createSecureServer({ key: readFileSync(key), cert: readFileSync(cert), allowHTTP1: true }, (request, response) => {
    if (request.method !== 'GET' || !/^\/vi\/[\w-]+\/\w+\.jpg$/.test(request.url ?? '')) {
      response.writeHead(404);
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': jpeg.length, 'cache-control': 'public, max-age=7200' });
    response.end(jpeg);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    chromeFlags: [`--host-resolver-rules=MAP ${THUMBNAIL_HOST} 127.0.0.1:${port}`, '--ignore-certificate-errors'],
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
