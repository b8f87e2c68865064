/**
 * Who makes a change, and from where: what the back office's use cases are told, and what the
 * audit log records with each change (modules/audit).
 */
export interface AuditActor {
  /** The member's id, or null for the command line. */
  staffId: string | null;
  /** The member's e-mail, or `command-line`. */
  actor: string;
  ip: string;
}

export const COMMAND_LINE_ACTOR: AuditActor = { staffId: null, actor: 'command-line', ip: '' };
