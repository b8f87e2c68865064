import { describe, expect, it } from 'vitest';
import { verifyChain } from './chain.ts';
import { buildInvoice, INITIAL_PIH } from './invoice.ts';
import { signInvoice } from './sign.ts';
import { invoiceInput, testUnit } from './test-support/fixtures.ts';

const unit = testUnit();
const sign = (
  number: string,
  icv: number,
  pih: string,
  key = unit.key.privateKeyPem,
  certificate = unit.certificate,
) =>
  signInvoice(
    buildInvoice(
      invoiceInput({
        number,
        icv,
        pih,
        uuid: `3cf5ee18-ee25-44ea-a444-2c37ba7f28${String(icv).padStart(2, '0')}`,
      }),
    ),
    { privateKey: key, certificate, signingTime: new Date('2026-11-05T10:30:00Z') },
  );

function chain(n: number) {
  const docs = [];
  let pih = INITIAL_PIH;
  for (let i = 1; i <= n; i++) {
    const d = sign(`1000${i}`, i, pih);
    docs.push(d);
    pih = d.hash;
  }
  return docs;
}

const codes = (xmls: string[], certificate = unit.certificate) =>
  verifyChain(xmls, certificate).problems.map((p) => `${p.index}:${p.code}`);

describe('verifyChain', () => {
  const docs = chain(3);
  it('accepts counters 1..n, each PIH the previous hash', () => {
    expect(
      verifyChain(
        docs.map((d) => d.xml),
        unit.certificate,
      ),
    ).toEqual({ ok: true, problems: [] });
  });

  it('finds a gap', () => {
    const gap = sign('10004', 4, docs[1]!.hash);
    expect(codes([docs[0]!.xml, docs[1]!.xml, gap.xml])).toEqual(['2:ICV_GAP']);
  });

  it('finds a repeat', () => {
    const again = sign('10003', 2, docs[1]!.hash);
    expect(codes([docs[0]!.xml, docs[1]!.xml, again.xml])).toEqual(['2:ICV_REPEATED']);
  });

  it('finds a wrong PIH', () => {
    const wrong = sign('10003', 3, docs[0]!.hash);
    expect(codes([docs[0]!.xml, docs[1]!.xml, wrong.xml])).toEqual(['2:PIH_MISMATCH']);
    expect(codes([sign('10001', 1, docs[0]!.hash).xml])).toEqual(['0:PIH_MISMATCH']);
  });

  it('finds a bad signature and a document signed by another unit', () => {
    const tampered = docs[1]!.xml.replace(docs[1]!.signature, docs[2]!.signature);
    expect(codes([docs[0]!.xml, tampered, docs[2]!.xml])).toContain('1:SIGNATURE_INVALID');
    const other = testUnit();
    const foreign = sign('10002', 2, docs[0]!.hash, other.key.privateKeyPem, other.certificate);
    expect(codes([docs[0]!.xml, foreign.xml])).toEqual(['1:CERTIFICATE_MISMATCH']);
  });
});
