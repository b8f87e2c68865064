import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importedScaleCatalog, scaleDatabase } from './scripts/scale-catalog.mjs';
const work = mkdtempSync(path.join(os.tmpdir(), 'facetdb-'));
const database = await scaleDatabase(work, 'postgres://postgres@127.0.0.1:5432/postgres', 'facetdb');
console.log(database.env.DATABASE_URL);
const r = await importedScaleCatalog(work, database.env, 100000, 'postgres');
console.log(JSON.stringify(r));
