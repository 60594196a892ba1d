import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NETWORK_GUARD, networkLog } from '../bad-input/network.js';
import { BIN, runCli, type CliResult } from '../helpers/cli.js';
import { MINIMAL_CONFIG, tmpSite } from '../helpers/tmp-site.js';

/*
 * --check-external from the command line: without it, no attempt at the network (the guard would
 * log one); with it, the site's external links are asked of a local server (127.0.0.1 only), and a
 * second run within the ttl asks nothing (the cache in $XDG_CACHE_HOME/doclint).
 */

const FRONT = '---\ntitle: Links\ndescription: A page of external links.\n---\n\n';

/** The CLI in a child process, without blocking this one (the test's server must answer it). */
function runCliAsync(args: string[], cwd: string, env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', DOCLINT_NO_REPLAY: '1', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('--check-external', () => {
  test('without the flag nothing goes to the network, whatever the configuration', () => {
    const root = tmpSite({
      'docs.json': JSON.stringify({
        ...(JSON.parse(MINIMAL_CONFIG) as object),
        navbar: { links: [{ label: 'Blog', href: 'https://blog.acme.dev' }] },
      }),
      'index.mdx': `${FRONT}Read the [guide](https://docs.acme.dev/guide) and ![chart](https://cdn.acme.dev/chart.png).\n`,
      '.doclintrc.json': JSON.stringify({ rules: { 'site-external-link': ['error', { fragments: true }] } }),
    });
    const result = runCli(['-f', 'json', '.'], { cwd: root, env: NETWORK_GUARD.env(root) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(networkLog(root)).toEqual([]);
  });

  test('with it, a broken link is an error at its place; a second run within the ttl asks nothing', async () => {
    const log: string[] = [];
    const server: Server = createServer((req, res) => {
      log.push(`${req.method} ${req.url}`);
      res.writeHead(req.url === '/gone' ? 404 : 200).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const root = tmpSite({
        'docs.json': MINIMAL_CONFIG,
        'index.mdx': `${FRONT}Read the [guide](${base}/guide).\n\nThe [old page](${base}/gone) moved.\n`,
        '.doclintrc.json': JSON.stringify({ rules: { 'site-external-link': ['error', { checkLocalhost: true }] } }),
      });
      const cache = mkdtempSync(path.join(os.tmpdir(), 'doclint-xdg-'));
      // Without --check-external-private, the loopback server is not asked (the configuration's `checkLocalhost` cannot permit it).
      const closed = await runCliAsync(['--check-external', '-f', 'unix', '.'], root, { XDG_CACHE_HOME: cache });
      expect(closed.stdout.split('\n').filter(Boolean)).toEqual([
        `index.mdx:6:10: warning link \`${base}/guide\` was not checked: its address is not public (loopback, private, link-local or unspecified); such addresses are asked only with \`--check-external-private\` on the command line (or list the URL in \`ignore\`) [site-external-link]`,
        `index.mdx:8:5: warning link \`${base}/gone\` was not checked: its address is not public (loopback, private, link-local or unspecified); such addresses are asked only with \`--check-external-private\` on the command line (or list the URL in \`ignore\`) [site-external-link]`,
      ]);
      expect(log).toEqual([]);
      const first = await runCliAsync(['--check-external', '--check-external-private', '-f', 'unix', '.'], root, {
        XDG_CACHE_HOME: cache,
        GITHUB_TOKEN: 'ghp_never_printed',
      });
      const finding = `index.mdx:8:5: error link \`${base}/gone\` is broken: HTTP 404 (Not Found); fix or remove it [site-external-link]`;
      expect(first.stderr).toBe('');
      expect(first.stdout.split('\n').filter(Boolean)).toEqual([finding]);
      expect(first.code).toBe(1);
      expect(log).toEqual(['HEAD /guide', 'HEAD /gone', 'GET /gone']);
      expect(existsSync(path.join(cache, 'doclint', 'external-links.json'))).toBe(true);
      const second = await runCliAsync(['--check-external', '--check-external-private', '-f', 'unix', '.'], root, {
        XDG_CACHE_HOME: cache,
        GITHUB_TOKEN: 'ghp_never_printed',
      });
      expect(second).toEqual(first);
      expect(log).toHaveLength(3);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  test('the flags that go with --check-external: a clear line without it, or with a budget that is not a number of seconds', () => {
    const root = tmpSite({ 'docs.json': MINIMAL_CONFIG, 'index.mdx': `${FRONT}Text.\n` });
    expect(runCli(['--check-external-private', '.'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: --check-external-private goes with --check-external\n',
    });
    expect(runCli(['--check-external-budget', '60', '.'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr: 'doclint: --check-external-budget goes with --check-external\n',
    });
    for (const bad of ['0', 'soon', '86401', '-5'])
      expect(
        runCli(['--check-external', `--check-external-budget=${bad}`, '.'], {
          cwd: root,
          env: NETWORK_GUARD.env(root),
        }),
      ).toEqual({
        code: 2,
        stdout: '',
        stderr: `doclint: --check-external-budget takes a number of seconds from 1 to 86400 (got "${bad}")\n`,
      });
    expect(networkLog(root)).toEqual([]);
  });

  test('doclint explain site-external-link prints the rule page', () => {
    const result = runCli(['explain', 'site-external-link']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('# site-external-link');
    expect(result.stdout).toContain('## Options');
  });

  test('with the flag and the rule set off in the configuration, nothing goes to the network either', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'doclint-site-'));
    writeFileSync(path.join(dir, 'docs.json'), MINIMAL_CONFIG);
    writeFileSync(path.join(dir, 'index.mdx'), `${FRONT}Read the [guide](https://docs.acme.dev/guide).\n`);
    writeFileSync(path.join(dir, '.doclintrc.json'), JSON.stringify({ rules: { 'site-external-link': 'off' } }));
    const result = runCli(['--check-external', '.'], { cwd: dir, env: NETWORK_GUARD.env(dir) });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(networkLog(dir)).toEqual([]);
  });
});
