import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The runtime the suite runs on (decision 062). `.ci/run` exports REQUIRE_NODE_MAJOR=24 after putting Node 24 on the
 * path: a run that fell back to the machine's older Node would pass every other test while proving nothing about the
 * supported runtime, so it fails here instead. Elsewhere (a developer on Node 20) the floor is the one `npm start` keeps.
 */
const NODE_FLOOR = { major: 20, minor: 19 };

function versionOf(text: string): { major: number; minor: number } {
  const [major, minor] = text.split('.').map(Number);
  return { major, minor };
}

describe('the Node.js runtime', () => {
  const running = versionOf(process.versions.node);

  it('is at least the version npm start supports', () => {
    const atLeastFloor = running.major > NODE_FLOOR.major || (running.major === NODE_FLOOR.major && running.minor >= NODE_FLOOR.minor);
    expect(atLeastFloor, `Node ${process.versions.node} is older than ${NODE_FLOOR.major}.${NODE_FLOOR.minor}`).toBe(true);
  });

  it('is the major CI asked for, when it asked', () => {
    const required = process.env.REQUIRE_NODE_MAJOR;
    const wanted = required ? Number(required) : NODE_FLOOR.major;
    expect(Number.isInteger(wanted), `REQUIRE_NODE_MAJOR=${required} is not a major version`).toBe(true);
    expect(running.major, `running Node ${process.versions.node}, CI asked for ${wanted}`).toBeGreaterThanOrEqual(wanted);
  });

  it('agrees with the engines field of package.json', async () => {
    const { default: pkg } = await import('../../package.json', { with: { type: 'json' } });
    expect(pkg.engines.node).toBe(`>=${NODE_FLOOR.major}.${NODE_FLOOR.minor}`);
  });
});

describe('the lint of the code that runs under Node (decision 062)', () => {
  const lint = async (code: string) => {
    const [result] = await new ESLint({ cwd: process.cwd() }).lintText(code, { filePath: 'src/server/runtime-probe.ts' });
    return result.messages.map((m) => m.ruleId);
  };

  it('refuses an API that Node 24 removed, though Node 20 still had it', async () => {
    const rules = await lint(`import { isArray } from 'node:util';\nexport const probe = isArray([]);\n`);
    expect(rules).toContain('n/no-deprecated-api');
  });

  it('refuses a built-in that Node 20.19 does not have (npm start runs there)', async () => {
    const rules = await lint(`import { getCallSites } from 'node:util';\nexport const probe = getCallSites();\n`);
    expect(rules).toContain('n/no-unsupported-features/node-builtins');
  });

  it('accepts what every supported Node has', async () => {
    expect(await lint(`export const probe = Array.isArray([]) && typeof fetch === 'function';\n`)).toEqual([]);
  });
}, 60_000);
