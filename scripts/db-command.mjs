// Runs the backup command line of the API (apps/api/src/cli/backup.ts) the way `npm start`
// runs the server: node with tsx, from the repository root, passing its exit code on.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { root } from './shop-server.mjs';

export function runBackupCommand(command, args) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/api/src/cli/backup.ts'), command, ...args],
    { cwd: root, stdio: 'inherit', env: { INIT_CWD: process.cwd(), ...process.env } },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
