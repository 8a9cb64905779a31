import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../main/contentSecurityPolicy.ts';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
}

describe('contentSecurityPolicy', () => {
  it('allows only the app itself for scripts: no inline script, no eval, no remote hosts', () => {
    const policy = directives(contentSecurityPolicy({ development: false }));
    expect(policy.get('script-src'), 'script-src').toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(policy.get('default-src'), 'default-src').toEqual(["'self'"]);
    expect(policy.get('object-src'), 'no plugins').toEqual(["'none'"]);
    for (const [name, values] of policy) {
      for (const value of values) expect(/^(https?:|ws:|\*)/.test(value), `${name} allows remote source ${value}`).toBe(false);
    }
  });

  it('lets models and textures arrive as blob: and data: URLs', () => {
    const policy = directives(contentSecurityPolicy({ development: false }));
    for (const name of ['img-src', 'connect-src']) {
      expect(policy.get(name), `${name} has blob:`).toContain('blob:');
      expect(policy.get(name), `${name} has data:`).toContain('data:');
    }
  });

  it('puts frame-ancestors only in the header form, and inline scripts only in development', () => {
    expect(directives(contentSecurityPolicy({ development: false })).has('frame-ancestors'), 'meta form').toBe(false);
    expect(directives(contentSecurityPolicy({ development: false, header: true })).get('frame-ancestors'), 'header form').toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy({ development: true })).get('script-src'), 'dev').toContain("'unsafe-inline'");
  });
});
