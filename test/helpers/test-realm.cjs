// Jest runs each test file in a realm of its own, which on Node 20 lacks the symbols of explicit
// resource management that Node's own realm has: the spelling library (cspell) uses them to read
// its dictionaries. Node's symbols are registered ones, so the realm gets the same.
Symbol.dispose ??= Symbol.for('nodejs.dispose');
Symbol.asyncDispose ??= Symbol.for('nodejs.asyncDispose');
