import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser journeys (DESIGN 6): the built app served by the real server, which tests/e2e/global-setup.ts starts.
// `npm run test:e2e` builds the client first; this config builds nothing.

/**
 * The server's port. Chosen once, in the runner process, and handed to the worker processes (which re-read this file)
 * through the environment they inherit, so every process agrees on it. E2E_PORT pins it; otherwise a free one.
 */
function e2ePort(): number {
  if (!process.env.E2E_PORT) {
    const script = "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
    process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
  }
  return Number(process.env.E2E_PORT);
}

const port = e2ePort();
const baseURL = `http://127.0.0.1:${port}`;
// The server's console, where the helpers read the e-mailed links; one file per run (see tests/e2e/helpers/paths.ts).
process.env.E2E_SERVER_LOG ??= path.resolve(import.meta.dirname, 'tests/e2e/.artifacts', `server-${port}.log`);
const CI = process.env.CI === 'true';

/**
 * Debian's Chromium (never `npx playwright install`, DESIGN 2). Its old headless shell (package chromium-headless-shell,
 * which .ci/run installs) when there: the same Blink and V8 without the full browser around them, and
 * the journeys take about a fifth less time on the 2-core machine (decision 068). E2E_CHROMIUM names another binary.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  globalSetup: './tests/e2e/global-setup.ts',
  // Every test signs up its own users with unique addresses, so two workers never share state.
  workers: 2,
  fullyParallel: true,
  forbidOnly: CI,
  // One retry in CI only: a retried pass is reported as "flaky" (never hidden), and it keeps the trace and the
  // screenshots of the failed first attempt. The retry absorbs one-off stalls of a shared CI machine (a cold
  // Chromium or a slow PostgreSQL at start) without masking a journey that fails twice. Locally: no retries.
  retries: CI ? 1 : 0,
  // A journey signs up its users through the UI and runs axe 4–6 times (about 3 s each on this 2-core machine): the
  // account-setup journeys took 50–66 s alone, so 60 s failed them whenever the other worker was busy. The bound
  // still catches a hang; each step keeps its own 10 s limit.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: CI ? [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]] : [['list']],
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    video: 'off',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    { name: 'desktop', testIgnore: /narrow-screens\.spec\.ts/, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    // The long journeys run once, at desktop width; each checks its own screens at 375 px inside it.
    {
      name: 'phone',
      testIgnore: /(scheduling|signing)-journey\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 375, height: 812 }, isMobile: false, hasTouch: false },
    },
  ],
});
