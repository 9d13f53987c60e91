import { describe, expect, it } from 'vitest';
import { readCommand, UsageError } from './args';

describe('readCommand', () => {
  it('reads every option of run', () => {
    expect(
      readCommand(['run', 'dir', '--env', 'Local', '--env-var-allow', 'API_TOKEN,CI_*', '--env-var-allow', 'OTHER', '--var', 'a=1', '--var', 'b=x=y', '--data', 'rows.csv', '-n', '3', '--folder', 'Orders', '--bail', '--timeout', '5000', '--delay', '10', '-k', '-r', 'cli,junit', '--reporter', 'html', '--reporter-junit-export', 'out.xml', '--shard', '1/2']),
    ).toEqual({
      command: 'run',
      source: 'dir',
      env: 'Local',
      envVarAllow: ['API_TOKEN', 'CI_*', 'OTHER'],
      vars: [
        ['a', '1'],
        ['b', 'x=y'],
      ],
      data: 'rows.csv',
      iterations: 3,
      folders: ['Orders'],
      bail: true,
      timeoutMs: 5000,
      delayMs: 10,
      insecure: true,
      ignoreRedirects: false,
      exportSecrets: false,
      silent: false,
      color: 'auto',
      reporters: ['cli', 'junit', 'html'],
      exports: { junit: 'out.xml' },
      shard: { index: 1, total: 2 },
    });
  });

  it("reads newman's CI options: repeated --folder in order, the timeouts, exports, globals, working folder, silence and colour", () => {
    expect(
      readCommand(['run', 'c.json', '--folder', 'B', '--folder', 'A', '--timeout-request', '900', '--timeout-run', '60000', '--timeout-script', '250', '--delay-request', '5', '--ignore-redirects', '-g', 'g.json', '--export-environment', 'e.json', '--export-globals', 'gl.json', '--export-collection', 'c2.json', '--export-secrets', '--working-dir', 'files', '--silent', '--color', 'off']),
    ).toMatchObject({ folders: ['B', 'A'], timeoutMs: 900, runTimeoutMs: 60_000, scriptTimeoutMs: 250, delayMs: 5, ignoreRedirects: true, globals: 'g.json', exportEnvironment: 'e.json', exportGlobals: 'gl.json', exportCollection: 'c2.json', exportSecrets: true, workingDir: 'files', silent: true, color: 'off' });
  });

  it('defaults to the cli reporter and no delay', () => {
    expect(readCommand(['run', 'x.http'])).toMatchObject({ reporters: ['cli'], delayMs: 0, bail: false, insecure: false, vars: [], envVarAllow: [] });
  });

  it('answers --help and --version', () => {
    expect(readCommand(['--help'])).toEqual({ command: 'help' });
    expect(readCommand(['run', '--help'])).toEqual({ command: 'help' });
    expect(readCommand(['--version'])).toEqual({ command: 'version' });
  });

  it('refuses mistakes with one sentence each', () => {
    const cases: [string[], RegExp][] = [
      [[], /No command/],
      [['go'], /Unknown command "go"/],
      [['run'], /needs a source/],
      [['run', 'a', 'b'], /one source/],
      [['run', 'a', '--nope'], /Unknown option '--nope'/],
      [['run', 'a', '--var', 'novalue'], /name=value/],
      [['run', 'a', '--env-var-allow', 'API-TOKEN'], /--env-var-allow takes environment variable names/],
      [['run', 'a', '-r', 'xml'], /Unknown reporter "xml"/],
      [['run', 'a', '--reporter-junit-export', 'x.xml'], /add --reporter junit/],
      [['run', 'a', '--iterations', '0'], /between 1/],
      [['run', 'a', '--timeout', '1.5'], /whole number/],
      [['run', 'a', '--shard', '3/2'], /between 1 and n/],
    ];
    for (const [argv, message] of cases) expect(() => readCommand(argv), argv.join(' ')).toThrow(message);
    expect(() => readCommand(['run'])).toThrow(UsageError);
  });
});
