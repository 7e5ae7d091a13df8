// `npm start`: build what is not built, then run the server (API, console, demo data) in this process.
import path from 'node:path';
import { ensureBuilt, root } from './build.mjs';

ensureBuilt();
process.env.WEB_DIST ??= path.join(root, 'apps/web/dist');
await import(path.join(root, 'apps/server/dist/main.js'));
