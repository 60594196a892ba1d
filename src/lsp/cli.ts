import { startServer, type ServerOptions } from './server.js';

export const LSP_USAGE = `Usage: doclint lsp --stdio [--no-plugins]

Runs doclint's language server on standard input and output, for editors: diagnostics for pages,
docs.json (and its $ref files) and robots.txt as you type and on save, quick fixes, and hover and
completion in docs.json. See docs/editors.md for VS Code, Neovim, Helix and Zed.

  --no-plugins   Import nothing the configuration names (plugins, remark plugins, JavaScript
                 extends), for a workspace you do not trust; the client may ask the same with
                 initializationOptions { "plugins": false }
`;

/**
 * `doclint lsp [--stdio]`. The server then owns standard input and output and runs until the
 * editor sends `exit` (or closes standard input): the returned promise settles only on a usage
 * error.
 */
export function runLsp(args: string[], options: ServerOptions = {}): Promise<number> {
  if (args.includes('-h') || args.includes('--help')) {
    process.stdout.write(LSP_USAGE);
    return Promise.resolve(0);
  }
  // vscode-languageclient adds --clientProcessId=N; the server learns the same from initialize.
  const unknown = args.filter((a) => a !== '--stdio' && a !== '--no-plugins' && !a.startsWith('--clientProcessId'));
  if (unknown.length) {
    process.stderr.write(
      `doclint lsp: unknown argument ${unknown.join(' ')} (only --stdio and --no-plugins are supported)\n`,
    );
    return Promise.resolve(2);
  }
  startServer(args.includes('--no-plugins') ? { ...options, plugins: false } : options);
  return new Promise<number>(() => {});
}
