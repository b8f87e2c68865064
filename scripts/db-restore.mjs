#!/usr/bin/env node
// `npm run db:restore -- FILE [--force]`: puts a backup of `npm run db:backup` back into
// DATA_DIR / DATABASE_URL; refuses a target that is not empty unless --force. See the README's
// "Backup and restore".
import { runBackupCommand } from './db-command.mjs';

runBackupCommand('restore', process.argv.slice(2));
