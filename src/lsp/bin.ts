/**
 * `node dist/src/lsp/bin.js --stdio`: the language server on its own, without the CLI in front
 * (`doclint lsp --stdio` runs the same thing).
 */
import { runLsp } from './cli.js';

void runLsp(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
