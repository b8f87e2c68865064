import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespaces } from './i18n.ts';

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.resolve(appDir, '../public/locales');
const langs = ['ar', 'en'] as const;
const pluralSuffix = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix}: not text`);
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function keysOf(lang: string, ns: string): Set<string> {
  const json: unknown = JSON.parse(readFileSync(path.join(localesDir, lang, `${ns}.json`), 'utf8'));
  return new Set(flatten(json).map((key) => key.replace(pluralSuffix, '')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('translations', () => {
  it('has a file per language for exactly the declared namespaces', () => {
    for (const lang of langs) {
      const files = readdirSync(path.join(localesDir, lang)).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort()).toEqual([...namespaces].sort());
    }
  });

  it.each([...namespaces])('namespace %s has the same keys in Arabic and English', (ns) => {
    const ar = keysOf('ar', ns);
    const en = keysOf('en', ns);
    expect(
      [...ar].filter((key) => !en.has(key)),
      'keys missing in English',
    ).toEqual([]);
    expect(
      [...en].filter((key) => !ar.has(key)),
      'keys missing in Arabic',
    ).toEqual([]);
  });

  it('knows every key the code asks for', () => {
    const known = new Set(
      namespaces.flatMap((ns) => [...keysOf('ar', ns)].flatMap((key) => [key, `${ns}:${key}`])),
    );
    const missing: string[] = [];
    for (const file of sourceFiles(appDir)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt[a-z]?\(\s*'([a-zA-Z0-9_.:]+)'/g)) {
        const key = match[1] ?? '';
        if (!known.has(key)) missing.push(`${path.relative(appDir, file)}: ${key}`);
      }
      for (const match of text.matchAll(/\bkey: '([a-zA-Z0-9_.:]+)'/g)) {
        const key = match[1] ?? '';
        if (!known.has(key)) missing.push(`${path.relative(appDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('RTL-safe styling', () => {
  it('uses logical utilities only (no ml/mr/pl/pr/left/right/text-left/text-right)', () => {
    const physical =
      /(?<![\w-])-?(ml|mr|pl|pr|left|right|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|scroll-ml|scroll-mr)-[\w[\]./]+|(?<![\w-])text-(left|right)(?![\w-])/g;
    const offenders: string[] = [];
    for (const file of sourceFiles(appDir).filter((f) => f.endsWith('.tsx'))) {
      const text = readFileSync(file, 'utf8');
      for (const className of text.matchAll(/className=(?:"([^"]*)"|\{`([^`]*)`\})/g)) {
        const value = className[1] ?? className[2] ?? '';
        for (const hit of value.matchAll(physical))
          offenders.push(`${path.relative(appDir, file)}: ${hit[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
