import { INITIAL_PIH } from './invoice.ts';
import { checkSignedInvoice, type Problem } from './sign.ts';

export interface ChainProblem extends Problem {
  /** Position of the document in the list given (0-based). */
  index: number;
}

/**
 * Checks a unit's exported documents, in the order issued: counters 1..n without gap or
 * repeat, each PIH the previous document's hash (the first: ZATCA's initial hash), and every
 * document validly signed with `certificate`.
 */
export function verifyChain(
  documents: string[],
  certificate: string,
): { ok: boolean; problems: ChainProblem[] } {
  const problems: ChainProblem[] = [];
  let previousHash = INITIAL_PIH;
  documents.forEach((xml, index) => {
    const checked = checkSignedInvoice(xml, certificate);
    for (const p of checked.problems) problems.push({ ...p, index });
    const expected = index + 1;
    if (checked.icv !== expected)
      problems.push({
        index,
        code: checked.icv !== undefined && checked.icv < expected ? 'ICV_REPEATED' : 'ICV_GAP',
        message: `invoice counter ${checked.icv ?? 'missing'} where ${expected} was due`,
      });
    if (checked.pih !== previousHash)
      problems.push({
        index,
        code: 'PIH_MISMATCH',
        message: "the previous invoice hash is not the previous document's hash",
      });
    previousHash = checked.hash;
  });
  return { ok: problems.length === 0, problems };
}
