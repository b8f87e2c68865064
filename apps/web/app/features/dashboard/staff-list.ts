import type { StaffMember } from '@shop/contract';
import { z } from 'zod';
import { choiceFilter, readListQuery, textFilter } from './list-query.ts';

export const staffStatuses = ['active', 'disabled', 'invited'] as const;
export type StaffStatus = (typeof staffStatuses)[number];

export function statusOf(member: StaffMember): StaffStatus {
  return member.disabled ? 'disabled' : member.invitationPending ? 'invited' : 'active';
}

/** The staff list's query: search by name or e-mail, role and status filters, sorting, paging. */
export function readStaffQuery(request: Request) {
  return readListQuery(request, {
    sorts: ['name', 'email', 'role', 'createdAt'],
    defaultSort: 'createdAt',
    defaultDir: 'asc',
    filters: z.object({
      q: textFilter,
      role: choiceFilter(['owner', 'staff']),
      status: choiceFilter(staffStatuses),
    }),
  });
}

export type StaffQuery = ReturnType<typeof readStaffQuery>;

/**
 * One page of the staff list, filtered and sorted here: a shop has a handful of members, and
 * the API answers them all at once.
 */
export function staffPage(all: StaffMember[], query: StaffQuery) {
  const { q, role, status } = query.filters;
  const needle = q?.toLowerCase();
  const rows = all.filter(
    (m) =>
      (!needle || m.name.toLowerCase().includes(needle) || m.email.toLowerCase().includes(needle)) &&
      (!role || m.role === role) &&
      (!status || statusOf(m) === status),
  );
  const key = query.sort;
  const sign = query.dir === 'asc' ? 1 : -1;
  rows.sort((a, b) => sign * String(a[key]).localeCompare(String(b[key])) || a.id.localeCompare(b.id));
  const start = (query.page - 1) * query.pageSize;
  return { rows: rows.slice(start, start + query.pageSize), total: rows.length };
}
