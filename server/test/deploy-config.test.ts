import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import semver from 'semver';
import {
  freePort,
  NGINX,
  nginxTempPaths,
  START_SCRIPT,
  selfSignedCertificate,
  serverNodeArgs,
  waitFor,
} from './processes.ts';

/**
 * The nginx configurations in deploy/ as they would be installed, checked by nginx itself
 * (`nginx -t`): the paths they name on a server (snippets, certificates, logs, cache) point at this
 * checkout and a throwaway folder instead, and the compose file's service names at loopback
 * (nginx resolves upstream names when it reads them).
 */
const skip = existsSync(NGINX) ? false : 'needs nginx (Debian package nginx)';
if (process.env.CI && skip) throw new Error(`CI must check the nginx configurations: ${skip}`);

function nginxCheck(site: string): { ok: boolean; output: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'hatari-nginx-check-'));
  try {
    selfSignedCertificate(dir);
    const text = readFileSync(path.resolve(site), 'utf8')
      .replaceAll('/etc/nginx/snippets/', `${path.resolve('deploy/nginx')}/`)
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/fullchain\.pem/g, `${dir}/cert.pem`)
      .replace(/\/etc\/letsencrypt\/live\/[^/]+\/privkey\.pem/g, `${dir}/key.pem`)
      .replaceAll('/var/log/nginx/', `${dir}/`)
      .replaceAll('/var/cache/nginx/', `${dir}/`)
      // The container logs to its standard streams; here those are sockets nginx cannot open.
      .replace(/\/dev\/std(out|err)\b/g, `${dir}/std$1.log`)
      .replace(/\bserver app(\d):3000;/g, 'server 127.0.0.$1:3000;');
    writeFileSync(path.join(dir, 'site.conf'), text);
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      `pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  access_log off;
  ${nginxTempPaths(dir)}
  include ${dir}/site.conf;
}
`,
    );
    const run = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
    return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the nginx configurations in deploy/', { skip }, () => {
  for (const site of ['deploy/nginx/hatari.conf', 'deploy/docker/nginx.conf']) {
    it(`${site} passes nginx -t`, () => {
      const { ok, output } = nginxCheck(site);
      assert.ok(ok, output);
      assert.match(output, /syntax is ok/);
    });
  }

  it('a broken configuration does not (the check can fail)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hatari-broken-'));
    try {
      writeFileSync(path.join(dir, 'site.conf'), 'server { listen 80; proxy_set_header X-Forwarded-For; }\n');
      assert.equal(nginxCheck(path.join(dir, 'site.conf')).ok, false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('what npm installs', () => {
  it('every package in the lockfile accepts the oldest Node.js the engines field allows, so npm running on it warns of no engine (EBADENGINE)', () => {
    const oldest = semver.minVersion(JSON.parse(readFileSync('package.json', 'utf8')).engines.node);
    assert.ok(oldest, 'package.json names the Node.js versions npm install works on');
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { version?: string; engines?: unknown }>;
    };
    // As npm checks them (npm-install-checks): optional packages too, which npm would quietly leave out.
    const refusing = Object.entries(lock.packages)
      .filter(([where, { engines }]) => {
        const node = (engines as { node?: unknown } | undefined)?.node;
        return (
          where !== '' &&
          typeof node === 'string' &&
          !semver.satisfies(oldest, node, { includePrerelease: true })
        );
      })
      .map(
        ([where, { version, engines }]) =>
          `${where}@${version} needs node ${(engines as { node: string }).node}`,
      );
    assert.deepEqual(refusing, [], `npm on Node.js ${oldest} would warn EBADENGINE`);
  });

  it('npm install puts the Node.js LTS line the project runs on into node_modules/.bin, and the scripts run on it', () => {
    const pinned = JSON.parse(readFileSync('package.json', 'utf8')).dependencies.node as string;
    assert.equal(semver.major(pinned), 24);
    assert.equal(process.versions.node, pinned, "npm test runs on the installed Node.js, not the machine's");
  });
});

describe('how the server is started', () => {
  const flags = (env: Record<string, string>) => serverNodeArgs({ PATH: process.env.PATH, ...env });
  const postgres = 'postgres://hatari@db/hatari';

  it('npm start, the systemd units and the Docker image start the built server through server/start.sh, which the tests and the bench take their flags from', () => {
    const scripts = JSON.parse(readFileSync('package.json', 'utf8')).scripts as Record<string, string>;
    // exec: the shell npm runs it in becomes the script, and the script the server (it execs too),
    // so npm's signals reach the server itself.
    assert.equal(scripts.start, `exec sh ${START_SCRIPT}`);
    assert.match(
      readFileSync(START_SCRIPT, 'utf8'),
      /^exec "\$node" \$flags "\$here\/dist\/server\/main\.js"$/m,
    );
    for (const unit of ['deploy/systemd/hatari@.service', 'deploy/systemd/hatari-worker@.service']) {
      const lines = readFileSync(unit, 'utf8').split('\n');
      assert.ok(lines.includes(`ExecStart=/bin/sh /srv/hatari/${START_SCRIPT}`), unit);
    }
    const cmd = readFileSync('deploy/Dockerfile', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('CMD ['));
    assert.deepEqual(JSON.parse((cmd as string).slice('CMD '.length)), ['sh', START_SCRIPT]);
  });

  it('server/start.sh gives each role its flags: the embedded default its memory bound, a web instance on PostgreSQL generations that are not collected constantly, a worker little', () => {
    const embedded = flags({});
    assert.deepEqual(embedded, [
      '--max-old-space-size=256',
      '--max-semi-space-size=2',
      '--liftoff-only',
      '--optimize-for-size',
    ]);
    assert.deepEqual(flags({ DATABASE_URL: '' }), embedded, 'an empty DATABASE_URL is the embedded default');
    const web = flags({ DATABASE_URL: postgres });
    assert.deepEqual(flags({ DATABASE_URL: postgres, ROLE: 'web' }), web);
    const old = Number(
      /^--max-old-space-size=(\d+)$/.exec(web.find((f) => f.startsWith('--max-old')) ?? '')?.[1],
    );
    assert.ok(old > 0 && old <= 256, `a web instance's old generation is bounded: ${old} MB`);
    const semi = Number(
      /^--max-semi-space-size=(\d+)$/.exec(web.find((f) => f.startsWith('--max-semi')) ?? '')?.[1],
    );
    assert.ok(semi >= 8, `a web instance's semi-spaces are ${semi} MB`);
    assert.equal(
      web.includes('--heap-growing-percent=100'),
      true,
      'a web instance lets its old generation double before a full collection',
    );
    assert.ok(!web.includes('--optimize-for-size'), 'a web instance does not trade its speed for memory');
    assert.deepEqual(flags({ DATABASE_URL: postgres, ROLE: 'worker' }), [
      '--max-old-space-size=256',
      '--max-semi-space-size=2',
      '--optimize-for-size',
    ]);
  });

  it('npm start runs the built server, which serves the page, the API and its health port, and stops cleanly on SIGTERM to npm: the ports close and no process of the group is left', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hatari-stop-'));
    const port = await freePort();
    const healthPort = await freePort();
    // Its own process group, as a terminal or a supervisor starts it; the page is built already.
    const npm = spawn('npm', ['start', '--ignore-scripts'], {
      detached: true,
      stdio: 'ignore',
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HEALTH_PORT: String(healthPort),
        LOG_LEVEL: 'warn',
        SEED: '0',
      },
    });
    const group = npm.pid as number;
    const answers = (at = port) =>
      fetch(`http://127.0.0.1:${at}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    const left = () =>
      spawnSync('ps', ['-o', 'pid=', '-g', String(group)], { encoding: 'utf8' }).stdout.trim();
    try {
      await waitFor(answers, 90_000, 'the server to answer');
      // The built server finds what it reads (migrations, the page, the API's icon) from its own folder.
      const page = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(page.status, 200);
      assert.match(await page.text(), /<title>Hatari/);
      const docs = await fetch(`http://127.0.0.1:${port}/api/docs/static/swagger-initializer.js`);
      assert.equal(docs.status, 200);
      const icon = readFileSync('web/public/icon.svg').toString('base64');
      assert.ok((await docs.text()).includes(icon), "the API reference shows the project's icon");
      // The bundle's health thread (dist/server/health-thread.js) answers on its own port, which
      // opens once the main port listens (a prober must not see it healthy before).
      await waitFor(() => answers(healthPort), 30_000, 'the health port to answer');
      assert.notEqual(left(), '', 'npm and the server run in the group');
      process.kill(group, 'SIGTERM');
      await waitFor(async () => !(await answers()), 12_000, 'the port to close');
      await waitFor(async () => !(await answers(healthPort)), 12_000, 'the health port to close');
      await waitFor(async () => left() === '', 12_000, 'every process of the group to end');
      assert.equal(existsSync(path.join(dir, 'pglite.owner')), false, 'the data folder released');
    } finally {
      if (left()) process.kill(-group, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
