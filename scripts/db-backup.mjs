#!/usr/bin/env node
// `npm run db:backup -- FILE`: one file with the database (the embedded one under DATA_DIR, or
// DATABASE_URL's) and the uploaded images; the running shop keeps serving. See the README's
// "Backup and restore".
import { runBackupCommand } from './db-command.mjs';

runBackupCommand('backup', process.argv.slice(2));
