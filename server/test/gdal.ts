import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import type { TestContext } from 'node:test';
import { promisify } from 'node:util';

/**
 * GDAL's ogrinfo, as a GIS user runs it against a listening server. Where GDAL is missing the test
 * is skipped, except in CI, which installs gdal-bin: there a missing tool is a failure.
 */
export function gdalInstalled(c: TestContext): boolean {
  if (!spawnSync('ogrinfo', ['--version']).error) return true;
  if (process.env.CI) assert.fail('ogrinfo is not installed: CI installs gdal-bin');
  c.skip('ogrinfo is not installed');
  return false;
}

/** Runs ogrinfo without blocking the event loop (the server it reads runs in this process). */
export async function ogrinfo(args: string[]): Promise<string> {
  return (await promisify(execFile)('ogrinfo', args, { timeout: 60_000 })).stdout;
}
