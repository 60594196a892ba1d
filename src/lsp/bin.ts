/**
 * `node dist/src/lsp/bin.js --stdio`: the language server on standard input and output (the
 * transport every editor supports). `doclint lsp --stdio` runs the same thing.
 */
import { startServer } from './server.js';

const transports = process.argv.slice(2).filter((a) => a.startsWith('--') && a !== '--stdio');
if (transports.length) {
  process.stderr.write(`doclint lsp: only --stdio is supported (got ${transports.join(' ')})\n`);
  process.exit(2);
}
startServer();
