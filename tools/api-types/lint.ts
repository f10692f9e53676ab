import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApi30Part } from '../../server/src/http/openapi-document.ts';
import { apiDocument } from './document.ts';

/**
 * `npm run lint:api`: the OpenAPI document (3.1, /api/openapi.json) and its OGC part in 3.0
 * (/ogc/api) through two linters clients' tools trust, Redocly's recommended rules (redocly.yaml)
 * and Spectral's `spectral:oas` (.spectral.yaml), failing on any error or warning of either (the
 * rules turned off say why in their files).
 */
const root = path.resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dir = mkdtempSync(path.join(tmpdir(), 'hatari-openapi-'));
let failed = false;
try {
  const doc = await apiDocument();
  const files = [path.join(dir, 'openapi.json'), path.join(dir, 'ogc-openapi-3.0.json')] as const;
  writeFileSync(files[0], JSON.stringify(doc, null, 1));
  writeFileSync(files[1], JSON.stringify(openApi30Part(doc, '/ogc'), null, 1));
  for (const [name, args] of files.flatMap((file) => [
    ['redocly', ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary']] as const,
    [
      'spectral',
      ['lint', file, '--ruleset', path.join(root, '.spectral.yaml'), '--fail-severity', 'warn'],
    ] as const,
  ])) {
    const run = spawnSync(path.join(root, 'node_modules/.bin', name), args, {
      encoding: 'utf8',
      cwd: root,
      // Nothing leaves this machine: no telemetry, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    console.log(`${name}:\n${run.stdout}${run.stderr}`);
    if (run.status !== 0) failed = true;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (failed) {
  console.error('the OpenAPI document has lint errors');
  process.exitCode = 1;
}
