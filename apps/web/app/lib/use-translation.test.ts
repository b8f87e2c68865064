import { describe, expect, it } from 'vitest';
import { createI18n } from './i18n.ts';
import { rememberingT } from './use-translation.ts';

describe('the remembering t', () => {
  it('answers as i18next does, per key and per option values, and sees texts added later', async () => {
    const i18n = await createI18n('en', {
      en: {
        common: {
          hello: 'Hello',
          greet: 'Hello {{name}}',
          items_one: '{{count}} item',
          items_other: '{{count}} items',
        },
      },
    });
    const plain = i18n.getFixedT('en', 'common');
    const t = rememberingT(i18n, plain);
    for (let round = 0; round < 2; round++) {
      expect(t('hello')).toBe('Hello');
      expect(t('greet', { name: 'Sara' })).toBe('Hello Sara');
      expect(t('greet', { name: 'Omar' })).toBe('Hello Omar');
      expect(t('items', { count: 1 })).toBe('1 item');
      expect(t('items', { count: 3 })).toBe('3 items');
      expect(t('missing.key')).toBe(plain('missing.key'));
    }
    // Options that are not plain values are passed through, not remembered.
    expect(t('greet', { name: 'Sara', replace: { name: 'Lina' } })).toBe(
      plain('greet', { name: 'Sara', replace: { name: 'Lina' } }),
    );
    i18n.addResource('en', 'common', 'hello', 'Welcome');
    expect(t('hello')).toBe('Welcome');
  });
});
