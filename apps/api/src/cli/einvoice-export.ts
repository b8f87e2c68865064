import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseCertificate, certificatePem } from '@shop/zatca';
import { openDatabase } from '../db/client.ts';
import { DataDirBusyError, withDataDirLock } from '../db/data-dir-lock.ts';
import { activeUnit, documentsOfUnit, unitById } from '../modules/einvoices/service.ts';
import { commandConfig, runCommand } from './command-config.ts';

/*
 * `npm run einvoice:export -- --out DIR [--unit ID]` (from the repository root): writes a signing
 * unit's documents as they were signed, one XML file each, named by counter
 * (`000001-10001.xml`), and the unit's certificate (`certificate.pem`), so that the chain can be
 * checked away from the shop (`npm run einvoice:verify-chain -- DIR`) or handed to an
 * accountant. The active unit by default. Reads DATABASE_URL, else the embedded database in
 * DATA_DIR (with the shop stopped).
 */

const usage =
  'Usage: npm run einvoice:export -- --out DIR [--unit ID]\n' +
  '  database: DATABASE_URL (PostgreSQL), else the embedded database in DATA_DIR (default ./data)';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: process.argv.slice(2).filter((a) => a !== '--'),
      options: { out: { type: 'string' }, unit: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }).values;
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  if (args.help || !args.out || (args.unit !== undefined && !/^[1-9][0-9]*$/.test(args.unit))) {
    console.error(usage);
    return args.help ? 0 : 2;
  }
  process.chdir(process.env.INIT_CWD ?? process.cwd());
  const out = path.resolve(args.out);
  const config = commandConfig();
  if (!config) return 1;
  const run = async () => {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const unit = args.unit ? await unitById(database.db, Number(args.unit)) : await activeUnit(database.db);
      if (!unit) {
        console.error(args.unit ? `No signing unit ${args.unit}.` : 'No signing unit is onboarded.');
        return 1;
      }
      const documents = await documentsOfUnit(database.db, unit.id);
      await mkdir(out, { recursive: true });
      await writeFile(path.join(out, 'certificate.pem'), certificatePem(parseCertificate(unit.certificate)));
      for (const doc of documents) {
        const name = `${String(doc.icv).padStart(6, '0')}-${doc.number.replace(/[^A-Za-z0-9-]/g, '_')}.xml`;
        await writeFile(path.join(out, name), doc.xml);
      }
      console.log(
        `Exported ${documents.length} documents of unit ${unit.id} (${unit.commonName}) to ${out}.`,
      );
      return 0;
    } finally {
      await database.close();
    }
  };
  try {
    return config.databaseUrl ? await run() : await withDataDirLock(config.dataDir, 'einvoice:export', run);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(`${error.message}\nStop the shop, run this command, then start the shop again.`);
      return 1;
    }
    throw error;
  }
}

runCommand(main);
