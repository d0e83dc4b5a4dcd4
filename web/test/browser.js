// Debian's Chromium, headless, driven by puppeteer-core (which downloads no browser), against
// web/dist/ served by server.js. Shared by the tests and measure.js.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { serve } from './server.js';

export const ROOT = process.env.IDN_HOSTNAME_ROOT;
if (!ROOT) throw new Error('IDN_HOSTNAME_ROOT is not set (web/test.sh sets it)');
export const DIST = join(ROOT, 'web', 'dist');

export async function start() {
  const server = await serve(DIST);
  const profile = mkdtempSync(join(tmpdir(), 'idn-hostname-web-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=en-US',
    ],
  });
  const stop = async () => {
    await browser.close();
    await server.close();
    rmSync(profile, { recursive: true, force: true });
  };
  return { server, browser, stop };
}

// A new tab on the page (with `hash`), every request outside the server recorded in `foreign`.
export async function open(browser, origin, hash = '') {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const foreign = [];
  const errors = [];
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) foreign.push(url);
  });
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(`${origin}/index.html${hash}`, { waitUntil: 'load' });
  await page.waitForFunction(() => ['ready', 'done', 'checking'].includes(document.body.dataset.state));
  return { page, foreign, errors };
}

// Puts `text` in the names box as a paste would, and checks it; resolves when the check is done.
export async function checkText(page, text) {
  await page.evaluate((t) => {
    document.body.dataset.state = 'submitting';
    const box = document.getElementById('names');
    box.value = t;
    box.dispatchEvent(new Event('input', { bubbles: true })); // as typing does
    document.getElementById('check').click();
  }, text);
  await page.waitForFunction(() => document.body.dataset.state === 'done', { timeout: 120_000, polling: 50 });
}

// The rows of the current page as a person reads them.
export function readRows(page) {
  return page.$$eval('#rows tr', (trs) =>
    trs.map((tr) => {
      const cell = (td) => ({
        valid: td.classList.contains('valid'),
        code: td.querySelector('.code')?.textContent ?? null,
        message: td.querySelector('.message')?.textContent ?? null,
        where: td.querySelector('.where')?.textContent ?? null,
        fault: td.querySelector('mark.fault')?.textContent ?? null,
        label: td.querySelector('mark.label')?.textContent ?? null,
        clause: td.querySelector('.clause')?.textContent ?? null,
      });
      const tds = tr.querySelectorAll(':scope > td');
      return {
        line: Number(tds[0].textContent),
        name: tds[1].textContent,
        hostname: cell(tds[2]),
        idnHostname: cell(tds[3]),
        forms: tds[4].textContent,
        uts46: tds[5].textContent,
        // The display verdict: the name as shown, and each label with its form and reasons.
        display: {
          shown: tds[6].querySelector('.shown-as')?.textContent ?? null,
          labels: [...tds[6].querySelectorAll('li')].map((li) => ({
            label: li.querySelector('.label-text').textContent,
            form: li.querySelector('.form').textContent,
            reasons: [...li.querySelectorAll('.reasons code')].map((c) => c.textContent),
          })),
          text: tds[6].textContent,
        },
        lookalike: { text: tds[7].textContent, trusted: tds[7].querySelector('.trusted')?.textContent ?? null },
      };
    }),
  );
}

// Pastes into the names box (a paste event with its clipboard data, as Ctrl+V gives): `text`,
// `count` names made in the page (`host-I.example`, every tenth `bad_I.example`), or one line
// made in the page, `repeat.unit` `repeat.times` times. A paste
// larger than the page's LARGE_PASTE is checked at once; a smaller one by the Check button.
// Resolves with the time from the paste to the summary, in the page's clock, unless `wait` is false.
export async function paste(page, { text = null, count = 0, repeat = null, wait = true }) {
  await page.evaluate(
    (t, n, r) => {
      document.body.dataset.state = 'pasting';
      let value = t;
      if (r !== null) {
        value = r.unit.repeat(r.times); // one line, made in the page
      } else if (value === null) {
        const names = new Array(n);
        for (let i = 0; i < n; i += 1) names[i] = i % 10 === 0 ? `bad_${i}.example` : `host-${i}.example`;
        value = names.join('\n');
      }
      window.__pasteStarted = performance.now();
      const data = new DataTransfer();
      data.setData('text/plain', value);
      const box = document.getElementById('names');
      box.focus();
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      if (document.body.dataset.state === 'pasting') {
        box.value = value; // what the browser does with a paste the page lets through
        document.getElementById('check').click();
      }
    },
    text,
    count,
    repeat,
  );
  if (!wait) return null;
  await page.waitForFunction(() => document.body.dataset.state === 'done', { timeout: 300_000, polling: 50 });
  return page.evaluate(() => performance.now() - window.__pasteStarted);
}
