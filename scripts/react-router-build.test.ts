import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import { reactRouterProductionBuild, ROUTER_PRODUCTION, routerProductionAliases } from './react-router-build';

const callConfig = (command: 'build' | 'serve', mode: string) => {
  const hook = reactRouterProductionBuild().config;
  if (typeof hook !== 'function') throw new Error('The plugin has no config hook.');
  return hook.call({} as never, {}, { mode, command });
};

describe("React Router's production build", () => {
  it('is what a production build resolves the router to, its developer warnings off', () => {
    expect(callConfig('build', 'production')).toEqual({ resolve: { alias: routerProductionAliases } });
    expect(callConfig('build', 'staging')).toEqual({ resolve: { alias: routerProductionAliases } });
    for (const { replacement } of routerProductionAliases) {
      expect(replacement).toContain(`${path.sep}production${path.sep}`);
      readFileSync(replacement);
    }
    const folder = ROUTER_PRODUCTION;
    const code = readdirSync(folder)
      .filter((file) => file.endsWith('.mjs'))
      .map((file) => readFileSync(path.join(folder, file), 'utf8'))
      .join('\n');
    expect(code).toContain('ENABLE_DEV_WARNINGS = false');
    expect(code).not.toContain('ENABLE_DEV_WARNINGS = true');
  });

  it('is left alone by the development server and tests', () => {
    expect(callConfig('serve', 'development')).toBeUndefined();
    expect(callConfig('serve', 'test')).toBeUndefined();
  });

  it('leaves one copy of the router in a bundle that imports it both ways', async () => {
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      mode: 'production',
      plugins: [reactRouterProductionBuild()],
      build: {
        write: false,
        minify: false,
        lib: { entry: path.resolve(import.meta.dirname, 'react-router-build.fixture.ts'), formats: ['es'] },
        rollupOptions: { external: ['react', 'react-dom', 'react/jsx-runtime'] },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((result) =>
      'output' in result ? result.output : [],
    );
    const routerModules = chunks
      .flatMap((chunk) => ('moduleIds' in chunk ? chunk.moduleIds : []))
      .filter((id) => id.includes(`${path.sep}react-router${path.sep}dist${path.sep}`));
    expect(routerModules.length).toBeGreaterThan(0);
    expect(
      routerModules.filter((id) => !id.includes(`${path.sep}dist${path.sep}production${path.sep}`)),
    ).toEqual([]);
  }, 60_000);
});
