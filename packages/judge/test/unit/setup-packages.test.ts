import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { installHint, LANGUAGES } from '../../src/languages/index.ts';

/**
 * Issue 25 item 2: after the README's set-up command (scripts/setup-system.sh) every language of the
 * table that Debian packages is installed, and doctor names the package of one that is missing.
 */
const script = readFileSync(path.resolve(import.meta.dirname, '../../../../scripts/setup-system.sh'), 'utf8');
/** The words of the script's `packages=( … )` list, comments left out. */
const installed = new Set(
  /packages=\(([\s\S]*?)\n\)/
    .exec(script)![1]!
    .split('\n')
    .map((line) => line.replace(/#.*/, ''))
    .flatMap((line) => line.split(/\s+/))
    .filter(Boolean),
);

describe('issue 25 item 2: the languages and the set-up script', () => {
  it.each(LANGUAGES.map((l) => [l.name, l] as const))(
    '%s: its Debian packages are installed by the set-up script',
    (_, language) => {
      for (const p of language.debianPackages) expect(installed, p).toContain(p);
      if (language.debianPackages.length === 0) expect(language.manualInstall).toBeTruthy();
    },
  );

  it('doctor names the package to install, or says Debian has none', () => {
    expect(installHint(LANGUAGES.find((l) => l.name === 'C#')!)).toContain('mono-mcs mono-runtime');
    expect(installHint(LANGUAGES.find((l) => l.name === 'Java')!)).toContain('openjdk-17-jdk-headless');
    expect(installHint(LANGUAGES.find((l) => l.name === 'Python2')!)).toContain('Debian 12 has no package');
    expect(installHint(LANGUAGES.find((l) => l.name === 'JavaScript V8')!)).toContain('no d8');
  });
});
