'use strict';
require('../bin/code-cache.cjs').load(require('node:path').join(__dirname, 'main.cjs'), { saveAfterMs: 2000 }).startPageWorker();
