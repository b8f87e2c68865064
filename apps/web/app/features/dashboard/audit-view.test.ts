import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-view.ts';

describe('changedFields', () => {
  it('lists only the fields a change touched, with both values', () => {
    expect(
      changedFields(
        { name: 'Sara', role: 'staff', disabled: false },
        { name: 'Sara', role: 'owner', disabled: true },
      ),
    ).toEqual([
      { field: 'role', before: 'staff', after: 'owner' },
      { field: 'disabled', before: 'false', after: 'true' },
    ]);
  });

  it('shows a new thing by its after, a removed one by its before', () => {
    expect(changedFields(null, { name: 'Sara' })).toEqual([
      { field: 'name', before: undefined, after: 'Sara' },
    ]);
    expect(changedFields({ name: 'Sara' }, null)).toEqual([
      { field: 'name', before: 'Sara', after: undefined },
    ]);
  });

  it('reads values that are not objects as one field, and nothing when both are empty', () => {
    expect(changedFields(1, 2)).toEqual([{ field: '', before: '1', after: '2' }]);
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields({ tags: ['a'] }, { tags: ['a', 'b'] })).toEqual([
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
    ]);
  });
});
