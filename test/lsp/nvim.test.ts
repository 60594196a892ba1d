import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO } from '../helpers/cli.js';
import { commandMissing, testIf } from '../helpers/needs.js';
import { copySite, SERVER_COMMAND } from './client.js';

interface NvimDiagnostic {
  lnum: number;
  col: number;
  end_lnum: number;
  end_col: number;
  severity: number;
  source: string;
  message: string;
  code: string;
}

const LINK_TEXT = 'link text "here" does not say where the link goes: use words that name the target';

describe('a real editor: headless Neovim with its built-in LSP client', () => {
  testIf(commandMissing('nvim', 'apt-get install -y neovim'))(
    'opens a broken page of the example site and shows doclint diagnostics',
    () => {
      const root = copySite('fixtures/example');
      const page = path.join(root, 'guides/quickstart.mdx');
      const original = readFileSync(page, 'utf8');
      const broken = original.replace(
        '## Before you begin\n',
        '## Before you begin\n\n東京 ground stations 🛰️ are listed [here](/guides/scheduling-passes).\n\n#### Requirements\n',
      );
      expect(broken).not.toBe(original);
      writeFileSync(page, broken);

      const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'doclint-nvim-')), 'diagnostics.json');
      const result = spawnSync(
        'nvim',
        [
          '--headless',
          '-u',
          'NONE',
          '-i',
          'NONE',
          '-n',
          '-c',
          `luafile ${path.join(REPO, 'test/lsp/nvim-diagnostics.lua')}`,
        ],
        {
          cwd: root,
          encoding: 'utf8',
          timeout: 120_000,
          env: {
            ...process.env,
            DOCLINT_CMD: JSON.stringify([process.execPath, ...SERVER_COMMAND]),
            DOCLINT_ROOT: root,
            DOCLINT_PAGE: page,
            DOCLINT_OUT: out,
            XDG_STATE_HOME: path.dirname(out),
            XDG_CACHE_HOME: path.dirname(out),
          },
        },
      );
      const report = JSON.parse(readFileSync(out, 'utf8')) as {
        arrived?: boolean;
        error?: string;
        version?: { major: number; minor: number };
        diagnostics: NvimDiagnostic[];
      };
      expect(report.error).toBeUndefined();
      expect(result.status).toBe(0);
      expect(report.arrived).toBe(true);
      const lines = broken.split('\n');
      const linkLine = lines.findIndex((l) => l.startsWith('東京'));
      const headingLine = lines.indexOf('#### Requirements');
      const found = report.diagnostics
        .map((d) => ({
          code: d.code,
          severity: d.severity,
          source: d.source,
          message: d.message,
          lnum: d.lnum,
          col: d.col,
          end_lnum: d.end_lnum,
          end_col: d.end_col,
        }))
        .sort((a, b) => a.lnum - b.lnum);
      // "東京 ground stations 🛰️ are listed [": the server sends UTF-16 code units (🛰️ is 3: a
      // surrogate pair and a variation selector) and Neovim turns them into byte columns with the
      // line's text, so a byte column that lands exactly on "[" proves the UTF-16 count was right.
      const prefix = '東京 ground stations 🛰️ are listed ';
      const link = '[here](/guides/scheduling-passes)';
      expect(found).toEqual([
        {
          code: 'page-link-text',
          severity: 2,
          source: 'doclint',
          message: LINK_TEXT,
          lnum: linkLine,
          col: Buffer.byteLength(prefix),
          end_lnum: linkLine,
          end_col: Buffer.byteLength(prefix + link),
        },
        {
          code: 'page-heading-increment',
          severity: 2,
          source: 'doclint',
          message: 'heading level 4 skips level 3 (the previous heading is level 2): use `###`',
          lnum: headingLine,
          col: 0,
          end_lnum: headingLine,
          end_col: '#### Requirements'.length,
        },
      ]);
    },
    180_000,
  );
});
