// Preloaded into the CLI by tests (`node --require`): every way out to the network throws and is
// written to the file named by DOCLINT_NETWORK_LOG, so a test can assert that nothing tried.
'use strict';
const fs = require('node:fs');

const log = process.env.DOCLINT_NETWORK_LOG;
function deny(what) {
  return function denied(target) {
    const where =
      target && typeof target === 'object' ? target.href || target.host || target.hostname || target.path : target;
    if (log) fs.appendFileSync(log, `${what} ${String(where)}\n`);
    throw new Error(`network access is not allowed in this test (${what})`);
  };
}

const net = require('node:net');
net.Socket.prototype.connect = deny('socket.connect');
net.connect = deny('net.connect');
net.createConnection = deny('net.createConnection');
require('node:tls').connect = deny('tls.connect');
for (const name of ['node:http', 'node:https']) {
  const mod = require(name);
  mod.request = deny(`${name}.request`);
  mod.get = deny(`${name}.get`);
}
const dns = require('node:dns');
dns.lookup = deny('dns.lookup');
dns.resolve = deny('dns.resolve');
dns.promises.lookup = deny('dns.promises.lookup');
globalThis.fetch = async (input) => deny('fetch')(input);
require('node:module').syncBuiltinESMExports();
