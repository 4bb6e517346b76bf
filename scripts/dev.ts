// `npm run dev`: the API server restarting on change (tsx watch) and Vite's dev server with hot reload,
// which proxies /api and /ws to the API. Open http://localhost:5173.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];
function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    if (code !== 0 && code !== null) shutdown(code);
  });
  children.push(child);
}

function shutdown(code = 0): void {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => shutdown());
process.on('SIGTERM', () => shutdown());

run(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' });
run(process.execPath, ['node_modules/vite/bin/vite.js']);
