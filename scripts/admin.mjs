// `npm run admin -- <command>`: the server's administration commands, on the database `npm start` uses.
import path from 'node:path';
import { ensureBuilt, root } from './build.mjs';

ensureBuilt();
await import(path.join(root, 'apps/server/dist/setup/admin-cli.js'));
