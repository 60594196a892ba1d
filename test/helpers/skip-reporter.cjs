// A jest reporter that lists every skipped test after the run, with its file and full name (a
// test that needs a missing tool says why in its name: test/helpers/needs.ts). Jest's own summary
// only counts them.
const path = require('node:path');

class SkipReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const skipped = [];
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        if (test.status === 'pending' || test.status === 'skipped' || test.status === 'todo') {
          skipped.push(`${path.relative(this.rootDir, file.testFilePath)} › ${test.fullName}`);
        }
      }
    }
    if (skipped.length === 0) return;
    process.stderr.write(
      `\nSkipped tests (${skipped.length}), each with the reason it could not run:\n${skipped.map((line) => `  ○ ${line}\n`).join('')}\n`,
    );
  }
}

module.exports = SkipReporter;
