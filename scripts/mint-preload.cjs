// Preloaded (`node --require`) into the platform's CLI by scripts/differential-links.mjs: the CLI
// lays its output out for the terminal's width and wraps long lines at 80 columns when stdout is a
// file. A wide terminal keeps every reported link on one line.
try {
  Object.defineProperty(process.stdout, 'columns', { value: 10000, configurable: true });
} catch {}
