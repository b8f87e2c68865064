import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { verifyChain } from '@shop/zatca';
import { runCommand } from './command-config.ts';

/*
 * `npm run einvoice:verify-chain -- DIR` (from the repository root): checks a chain exported by
 * `npm run einvoice:export`, with no database: counters 1..n without gap or repeat, each PIH the
 * previous document's hash (the first ZATCA's initial hash), every stamp (hash, signature,
 * signed properties, QR code) valid for `certificate.pem`. Exit 0 when whole, 1 with each
 * problem otherwise.
 */

async function main(): Promise<number> {
  const [dirArg] = process.argv.slice(2).filter((a) => a !== '--');
  if (!dirArg) {
    console.error('Usage: npm run einvoice:verify-chain -- DIR (a folder written by einvoice:export)');
    return 2;
  }
  const dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), dirArg);
  const certificate = await readFile(path.join(dir, 'certificate.pem'), 'utf8');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.xml')).sort();
  const documents = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  const { ok, problems } = verifyChain(documents, certificate);
  if (ok) {
    const n = documents.length;
    console.log(
      `Chain of ${n} document${n === 1 ? '' : 's'} is whole: counters 1..${n}, hashes chained, stamps valid.`,
    );
    return 0;
  }
  for (const p of problems)
    console.error(`${files[p.index] ?? `document ${p.index + 1}`}: ${p.code} ${p.message}`);
  console.error(`${problems.length} problems in ${documents.length} documents.`);
  return 1;
}

runCommand(main);
