// npm run openapi — writes docs/openapi.json, the OpenAPI 3.1 document built from the calls declared in
// packages/contracts (packages/contracts/src/api/openapi.ts). A server test fails while the file is stale.
import fs from 'node:fs';
import path from 'node:path';
import { openApiText } from '@cvrisk/contracts';

const file = path.resolve(import.meta.dirname, '../docs/openapi.json');
const text = openApiText();
const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
fs.writeFileSync(file, text);
const operations = Object.values((JSON.parse(text) as { paths: Record<string, object> }).paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
console.log(`${path.relative(process.cwd(), file)}: ${operations} calls, ${before === text ? 'unchanged' : 'written'}`);
